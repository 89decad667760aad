import Glibc

/// Soak rows (issue 13's leaks): 100,000 cycles of a pattern in a Lua script run by the `scrim` beside this binary;
/// resident memory may grow at most 1 MB from cycle 20,000 to 100,000. The baseline is the same loop over plain Lua
/// tables, for the collector's own drift.
func soakBenchmarks() -> [BenchRow] {
    let baseline = soak("local v = {} v.f = function() v.alpha = 0 end")
    let patterns: [(name: String, body: String)] = [
        ("tap closure referring to its view",
         "local v = scrim.View{frame = {0, 0, 10, 10}} v:onTap(function() v.alpha = 0 end)"),
        ("gesture delegate referring to its view",
         "local v = scrim.View{} local r = scrim.TapGestureRecognizer(function() end) "
            + "r.delegate = {view = v, gestureRecognizerShouldReceiveTouch = function() return true end} "
            + "v:addGestureRecognizer(r)"),
        ("closures referring to a superview and a sibling",
         "local p = scrim.View{} local a, b = scrim.View{}, scrim.View{} p:addSubview(a) p:addSubview(b) "
            + "a:onTap(function() b.alpha = 0 end) b:onTap(function() p.alpha = 0 end)"),
        ("view added to the window, tapped, removed",
         "local v = scrim.View{frame = {0, 0, 10, 10}} v:onTap(function() v.alpha = 0 end) "
            + "scrim.window:addSubview(v) scrim.tap(5, 5) v:removeFromSuperview()"),
        ("popup whose delegate and handlers refer to it",
         "local p p = scrim.PopupWindow{items = {\"a\"}, delegate = {popup = function() return p end}} "
            + "p:on(\"a\", function() return p end)"),
        ("popup shown and cancelled whose delegate and handler refer to it",
         "local p p = scrim.PopupWindow{items = {\"a\"}, delegate = {a = function() return p end}} "
            + "p:on(\"a\", function() return p end) p:create() scrim.settle() p:cancel() scrim.settle()"),
        ("dimming transitioning whose delegate refers to it",
         "local t t = scrim.DimmingTransitioning({executePresentationAnimation = function() return t end}) "
            + "t.dimmingViewTapped = function() return t end"),
        ("controller whose overrides and taps refer to it",
         "local vc = scrim.ViewController{} vc.viewDidLoad = function() vc.view.alpha = 1 end "
            + "vc.view:onTap(function() vc.view.alpha = 0 end)"),
        ("custom transition whose animators refer to the controller, presented and dismissed",
         "local vc local a = {animateTransition = function(self, ctx) ctx.containerView:addSubview(ctx:viewForKey(\"to\")) "
            + "ctx:completeTransition(true) end, controller = function() return vc end} "
            + "local d = {animateTransition = function(self, ctx) ctx:completeTransition(true) end, vc = function() return vc end} "
            + "local td = {animationControllerForPresented = function() return a end, "
            + "animationControllerForDismissed = function() return d end, vc = function() return vc end} "
            + "vc = scrim.ViewController{modalPresentationStyle = \"custom\", transitioningDelegate = td} "
            + "scrim.present(vc, false) scrim.settle() vc:dismiss(false) scrim.settle()"),
        ("hook of a new event name, removed by off",
         "scrim.on(\"soak.\" .. i, function() end, {group = \"soak\"}) scrim.off(\"soak\")"),
    ]
    return patterns.map { pattern in
        BenchRow(name: "soak 20k→100k: \(pattern.name)", scrim: soak(pattern.body), baseline: baseline,
                 baselineName: "same loop over Lua tables", unit: "MB", bar: .valueAtMost(1))
    }
}

/// Resident growth in MB from cycle 20,000 to 100,000 of `body` (with `i`, the cycle), measured by the script itself.
private func soak(_ body: String) -> Double {
    let script = "/tmp/scrim-bench-soak.lua", result = "/tmp/scrim-bench-soak.out"
    let text = """
        local out, cycles, warmUp = arg[1], 100000, 20000
        local function resident()
          local f = assert(io.open("/proc/self/statm"))
          local _, pages = f:read("n", "n")
          f:close()
          return pages * 4096 / 1048576
        end
        local atWarmUp
        for i = 1, cycles do
          \(body)
          if i == warmUp then collectgarbage() collectgarbage() atWarmUp = resident() end
        end
        collectgarbage() collectgarbage()
        local f = assert(io.open(out, "w"))
        f:write(string.format("%.3f", resident() - atWarmUp))
        f:close()
        """
    guard let file = fopen(script, "w") else { return .nan }
    fputs(text, file)
    fclose(file)
    unlink(result)
    _ = timeProcess([executableDirectory() + "/scrim", "run", "--timeout", "0", script, result])
    guard let output = fopen(result, "r") else { return .nan }
    defer { fclose(output) }
    var growth = 0.0
    return readNumber(output, &growth) ? growth : .nan
}

private func readNumber(_ file: UnsafeMutablePointer<FILE>, _ value: inout Double) -> Bool {
    var buffer = [CChar](repeating: 0, count: 64)
    guard fgets(&buffer, 64, file) != nil, let number = Double(String(nulTerminated: buffer)) else { return false }
    value = number
    return true
}
