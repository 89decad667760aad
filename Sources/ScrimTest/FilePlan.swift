/// Which files this run executes and in what order: the sorted list, cut to this shard, then shuffled.
public enum FilePlan {
    /// Sharding works on the sorted list, so every machine agrees on it whatever the seed.
    public static func files(_ sorted: [String], shard: Shard?, shuffleSeed: UInt64?) -> [String] {
        var files = sorted
        if let shard {
            files = sorted.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
        }
        if let shuffleSeed {
            var random = SeededRandom(seed: shuffleSeed)
            random.shuffle(&files)
        }
        return files
    }
}
