import Testing
@testable import ScrimCore

@Suite struct HookTests {
    func quietBus() -> (HookBus, Box<[ErrorReport]>) {
        let bus = HookBus()
        let reports = Box<[ErrorReport]>([])
        bus.errorSink = { reports.value.append($0) }
        return (bus, reports)
    }

    @Test func higherPriorityFirstEqualPrioritiesInRegistrationOrder() {
        let (bus, _) = quietBus()
        var log: [String] = []
        bus.on("e") { _ in log.append("a0") }
        bus.on("e", priority: 10) { _ in log.append("b10") }
        bus.on("e", priority: -1) { _ in log.append("c-1") }
        bus.on("e") { _ in log.append("d0") }
        bus.on("e", priority: 10) { _ in log.append("e10") }
        bus.emit("e")
        #expect(log == ["b10", "e10", "a0", "d0", "c-1"])
    }

    @Test func onceRunsOnceEvenWhenReentered() {
        let (bus, _) = quietBus()
        var count = 0
        bus.on("e", once: true) { _ in
            count += 1
            bus.emit("e")
        }
        bus.emit("e")
        bus.emit("e")
        #expect(count == 1)
        #expect(!bus.hasHandlers("e"))
    }

    @Test func groupsAreRemovedTogetherAndRemoveIsIdempotent() {
        let (bus, _) = quietBus()
        var log: [String] = []
        bus.on("a", group: "plugin") { _ in log.append("a") }
        bus.on("b", group: "plugin") { _ in log.append("b") }
        let keep = bus.on("a") { _ in log.append("keep") }
        #expect(bus.off(group: "plugin") == 2)
        bus.emit("a")
        bus.emit("b")
        #expect(log == ["keep"])
        keep.remove()
        keep.remove()
        #expect(!keep.isActive && !bus.hasHandlers("a"))
    }

    @Test func cancelOnlyAffectsCancellableEventsAndOthersStillRun() {
        let (bus, _) = quietBus()
        var ranAfter = false
        bus.on("dimming.tapped", priority: 1) { ev in ev.cancel() }
        bus.on("dimming.tapped") { _ in ranAfter = true }
        #expect(bus.emit("dimming.tapped", cancellable: true) == false)
        #expect(ranAfter)
        #expect(bus.emit("dimming.tapped", cancellable: false) == true)
        #expect(bus.emit("nobody.listens", cancellable: true) == true)
    }

    @Test func eventsCarryNameTargetAndFields() {
        let (bus, _) = quietBus()
        let view = View(name: "v")
        var seen: HookEvent?
        bus.on("popup.didSelect") { seen = $0 }
        bus.emit("popup.didSelect", target: view, fields: ["item": "rename", "index": 2, "view": .object(view)])
        #expect(seen?.name == "popup.didSelect")
        #expect(seen?.target === view)
        #expect(seen?["item"] == .string("rename") && seen?["index"]?.numberValue == 2)
        #expect(seen?["view"]?.objectValue === view)
    }

    @Test func fieldsAreNotBuiltWithoutHandlers() {
        let (bus, _) = quietBus()
        var built = 0
        func fields() -> [String: HookValue] { built += 1; return [:] }
        bus.emit("e", fields: fields())
        #expect(built == 0)
        bus.on("e") { _ in }
        bus.emit("e", fields: fields())
        #expect(built == 1)
    }

    @Test func handlersAddedOrRemovedDuringDispatch() {
        let (bus, _) = quietBus()
        var log: [String] = []
        var second: Hook!
        bus.on("e", priority: 1) { _ in
            log.append("first")
            second.remove()
            bus.on("e") { _ in log.append("added") }
        }
        second = bus.on("e") { _ in log.append("second") }
        bus.emit("e")
        #expect(log == ["first"], "removed before its turn: skipped; added: not this time")
        log = []
        bus.emit("e")
        #expect(log == ["first", "added"], "the handler added last time runs; the one added now waits")
        #expect(bus.handlers(of: "e").count == 3)
    }

    @Test func errorsAreIsolatedReportedAndDoNotRecurse() {
        let (bus, reports) = quietBus()
        var log: [String] = []
        bus.on("e", priority: 1) { _ in throw TestError(text: "handler broke") }
        bus.on("e") { _ in log.append("still ran") }
        bus.on("error") { ev in
            log.append("error event: \(ev["message"]?.stringValue ?? "") in \(ev["context"]?.stringValue ?? "")")
            throw TestError(text: "error handler broke too")
        }
        bus.emit("e")
        #expect(log == ["still ran", "error event: handler broke in hook handler for \"e\""]
            || log == ["error event: handler broke in hook handler for \"e\"", "still ran"])
        #expect(reports.value.map(\.message) == ["error handler broke too", "handler broke"])
        #expect(reports.value.last?.description == "error in hook handler for \"e\": handler broke")
    }

    @Test func reportableErrorsCarrySourceAndTraceback() {
        struct ScriptFailure: ReportableError {
            var message: String { "app.lua:3: attempt to index a nil value" }
            var source: String? { "analytics" }
            var stackTraceback: String? { "stack traceback:\n\tapp.lua:3: in function <app.lua:2>" }
        }
        let (bus, reports) = quietBus()
        var fields: [String: HookValue] = [:]
        bus.on("error") { fields = $0.fields }
        bus.on("popup.didShow") { _ in throw ScriptFailure() }
        bus.emit("popup.didShow")
        #expect(fields["source"] == .string("analytics"))
        #expect(fields["traceback"]?.stringValue?.hasPrefix("stack traceback:") == true)
        #expect(reports.value.first?.description.hasPrefix(
            "error in hook handler for \"popup.didShow\": app.lua:3: attempt to index a nil value (analytics)\nstack traceback:") == true)
    }

    @Test func dispatchIsFast() {
        let (bus, _) = quietBus()
        var count = 0
        bus.on("tick") { _ in count += 1 }
        let channel = bus.channel("tick")
        let n = 100_000
        let elapsed = ContinuousClock().measure {
            for _ in 0..<n { bus.emit(channel) }
        }
        #expect(count == n)
        // Debug builds are several times slower than release; this only guards against gross regressions.
        #expect(elapsed < .seconds(1), "\(n) emits took \(elapsed)")
    }
}

final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}
