import Glibc
import ScrimKit

// The embedding example (docs/EMBEDDING.md): a host registers its Toast class, runs a Lua script that delegates for
// toasts in every style, runs the spec of the same, and checks that two runtimes do not see each other. Exits 1 on
// any failure.

/// The package's folder, whatever the current directory (`swift run` from anywhere).
let root = String(#filePath.dropLast("/Sources/Toasts/main.swift".count))

func makeRuntime() throws -> ScrimRuntime {
    let runtime = try ScrimRuntime(screen: Screen(width: 390, height: 844))
    try runtime.register(ToastBinding.hostClass(for: runtime))
    return runtime
}

var failures = 0
func check(_ condition: Bool, _ what: String) {
    print((condition ? "ok   " : "FAIL ") + what)
    if !condition { failures += 1 }
}

do {
    // The script: a toast per style, shown and tapped or left to dismiss itself; the host watches the events.
    let runtime = try makeRuntime()
    var events: [String] = []
    runtime.observe("toast.shown") { events.append("shown " + ($0["text"]?.stringValue ?? "?")) }
    runtime.observe("toast.dismissed") { events.append("dismissed " + ($0["text"]?.stringValue ?? "?")) }
    try runtime.run(file: root + "/lua/toasts.lua")
    try runtime.settle()
    check(events == ["shown closure", "shown delegate", "shown subclass", "dismissed closure", "dismissed subclass",
                     "dismissed delegate"], "the script's toasts: \(events)")
    try runtime.run("assert(tapped == 'closure', tapped)")
    check(runtime.reportedErrors == 0, "no error reported")

    // Errors come back as Swift errors, with the Lua traceback.
    do {
        try runtime.run("scrim.Toast{}.toastDuration = 'long'", name: "=bad.lua")
        check(false, "a bad value is refused")
    } catch let error as ScrimError {
        check(error.message.contains("bad.lua:1:") && error.message.contains("function or number expected, got string"),
              "a bad value is refused at its line: \(error.message)")
    }

    // Two runtimes in one process share nothing.
    let other = try ScrimRuntime()
    try other.run("assert(tapped == nil and not pcall(function() return scrim.Toast end))")
    check(true, "another runtime sees neither the Toast class nor the script's globals")
} catch {
    check(false, "\(error)")
}

// The spec, as `scrim test` runs one, in runtimes that know Toast.
check(ScrimSpecs.run([root + "/spec/toast.lua"], prepare: { runtime in
    try runtime.register(ToastBinding.hostClass(for: runtime))
}), "spec/toast.lua")

exit(failures == 0 ? 0 : 1)
