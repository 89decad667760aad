import ScrimLua

/// Which files this run executes and in what order: the sorted list, cut to this shard, then shuffled.
public enum FilePlan {
    /// Sharding works on the sorted list, so every machine agrees on it whatever the seed. The shuffle is busted's
    /// (Fisher–Yates from the end with Lua 5.4's `math.random` after `math.randomseed(seed)`), so a seed gives the
    /// order busted gives with the same seed.
    public static func files(_ sorted: [String], shard: Shard?, shuffleSeed: UInt64?) -> [String] {
        var files = sorted
        if let shard {
            files = sorted.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        if let shuffleSeed, let order = bustedPermutation(count: files.count, seed: shuffleSeed) {
            files = order.map { files[$0] }
        }
        return files
    }

    /// The 0-based positions busted's `utils.shuffle` puts `count` items in; nil if Lua could not say.
    static func bustedPermutation(count: Int, seed: UInt64) -> [Int]? {
        guard count > 1 else { return Array(0 ..< count) }
        guard let state = try? LuaState(memoryLimit: 1 << 24, timeBudget: 5) else { return nil }
        defer { state.close() }
        do {
            try state.load("""
                local n, seed = ...
                math.randomseed(seed)
                local order = {}
                for i = 1, n do order[i] = i - 1 end
                while n >= 2 do
                  local k = math.random(n)
                  order[n], order[k] = order[k], order[n]
                  n = n - 1
                end
                return table.concat(order, ",")
                """, name: "=[scrim shuffle]")
            state.push(arguments: [count, Int(truncatingIfNeeded: seed)])
            try state.call(nargs: 2, nresults: 1)
        } catch {
            return nil
        }
        let order = state.string(at: -1).split(separator: ",").compactMap { Int($0) }
        return order.count == count ? order : nil
    }
}
