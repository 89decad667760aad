import Glibc

/// A moment as busted's reports give it: seconds since 1970 (`starttime`) and on the monotonic clock (`starttick`).
struct Moment {
    let time: Double
    let tick: Double

    static func now() -> Moment {
        Moment(time: seconds(CLOCK_REALTIME), tick: seconds(CLOCK_MONOTONIC))
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var now = timespec()
        clock_gettime(clock, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
