import Glibc

/// splitmix64: a small generator whose sequence depends only on its seed, on every machine, so `--seed N`
/// repeats the order of the files exactly. (Tests within a file are shuffled by spec.lua with Lua's own
/// generator, seeded as busted seeds it, so that a seed gives busted's order.)
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Fisher–Yates with this generator (Swift's `shuffle` may change its algorithm between releases).
    public mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            let j = Int(next() % UInt64(i + 1))
            items.swapAt(i, j)
        }
    }

    /// A fresh seed for a run without `--seed`: small enough to type back.
    public static func freshSeed() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var random = SeededRandom(seed: UInt64(now.tv_nsec) ^ UInt64(now.tv_sec) << 20 ^ UInt64(getpid()))
        return random.next() % 1_000_000
    }
}
