import ScrimKit
import Testing

/// The ownership links Lua's collector sees, made while the incremental collector runs at every allocation: a view
/// tree a `scrim.class` controller builds in `viewDidLoad` (nothing in Lua holds the views) keeps its tap closure,
/// which a collection used to take with a userdata only the weak object cache held during the link.
@Suite struct OwnershipCollectorTests {
    @Test func aTapSetInViewDidLoadRunsAfterACollection() throws {
        let runtime = try ScrimRuntime()
        try runtime.run("""
        collectgarbage("setpause", 0); collectgarbage("setstepmul", 1000)
        local tapped = 0
        local Sheet = scrim.class("Sheet", scrim.ViewController)
        function Sheet:viewDidLoad()
          local content = scrim.View{ frame = { 0, 0, 300, 300 } }
          self.view:addSubview(content)
          local button = scrim.View{ name = "button", frame = { 10, 10, 100, 50 } }
          button:onTap(function() tapped = tapped + 1 end)
          content:addSubview(button)
        end
        local holder = { sheet = Sheet() }
        scrim.present(holder.sheet, false)
        scrim.settle()
        collectgarbage(); collectgarbage()
        assert(scrim.tap("button").name == "button", "the tap reaches the button")
        assert(tapped == 1, "the button's tap closure ran " .. tapped .. " times")
        """, name: "=ownership.lua")
    }
}
