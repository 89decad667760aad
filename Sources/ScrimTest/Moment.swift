import CLua
import Glibc

/// A moment as busted's reports give it: seconds since 1970 (`starttime`) and on the monotonic clock (`starttick`).
struct Moment {
    let time: Double
    let tick: Double

    static func now() -> Moment {
        var wall = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        return Moment(time: Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9, tick: scrim_monotonic())
    }
}
