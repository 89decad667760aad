import Testing
@testable import ScrimCore

/// Handlers of ever new event names, removed again, leave no channels behind.
@Suite struct HookChannelPruningTests {
    @Test func emptyChannelsOfUniqueNamesAreDropped() {
        let bus = HookBus()
        for index in 0..<10_000 {
            let hook = bus.on("event.\(index)") { _ in }
            if index % 2 == 0 { hook.remove() } else { bus.on("grouped.\(index)", group: "g") { _ in }; hook.remove() }
            if index % 100 == 99 { bus.off(group: "g") }
        }
        #expect(bus.channelCount < 200)
    }

    @Test func aChannelHeldByAnEmitterKeepsWorking() {
        let bus = HookBus()
        let held = bus.channel("held")
        var calls = 0
        bus.on("held") { _ in calls += 1 }.remove()
        for index in 0..<1_000 { bus.on("other.\(index)") { _ in }.remove() }
        bus.on("held") { _ in calls += 1 }
        bus.emit(held)
        bus.emit("held")
        #expect(calls == 2)
        #expect(bus.handlers(of: "held").count == 1)
    }
}
