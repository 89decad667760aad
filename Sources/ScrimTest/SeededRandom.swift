import Glibc

/// splitmix64, for a fresh seed when none is given. (Files and tests are shuffled with Lua's own generator,
/// seeded as busted seeds it, so that a seed gives busted's order: see FilePlan and spec.lua.)
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

    /// A fresh seed for a run without `--seed`: small enough to type back.
    public static func freshSeed() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var random = SeededRandom(seed: UInt64(now.tv_nsec) ^ UInt64(now.tv_sec) << 20 ^ UInt64(getpid()))
        return random.next() % 1_000_000
    }
}
