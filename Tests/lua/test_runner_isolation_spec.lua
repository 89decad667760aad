-- docs/API.md §10: each test starts from the runtime its blocks set up; what an earlier test left (animations,
-- timers, hooks, popups, presented controllers, views in the window) is gone. The tests run in order.
local shared
local heard = {}

describe("a test's leftovers", function()
  setup(function()
    shared = scrim.View{name = "shared", frame = {0, 0, 10, 10}}
    scrim.window:addSubview(shared)
    scrim.on("isolation.ping", function() heard[#heard + 1] = "setup" end)
  end)

  it("leaves everything running", function()
    local box = scrim.View{name = "leftover", frame = {0, 0, 10, 10}}
    scrim.window:addSubview(box)
    scrim.animate(100, function() box.alpha = 0 end)
    scrim.animate(100, function() shared.frame = {50, 50, 10, 10} end)
    scrim.after(50, function() heard[#heard + 1] = "timer" end)
    scrim.on("isolation.ping", function() heard[#heard + 1] = "test 1" end)
    scrim.present(scrim.ViewController{name = "modal"}, true)
    scrim.PopupWindow{items = {"a"}, name = "menu"}:create()
    scrim.advance(0.1)
  end)

  it("starts from the state the setup made", function()
    assert.equal(0, scrim.settle(1))
    assert.same({"shared"}, (function()
      local names = {}
      for _, view in ipairs(scrim.window.subviews) do names[#names + 1] = view.name end
      return names
    end)())
    assert.is_nil(scrim.find("leftover"))
    assert.is_nil(scrim.rootViewController.presentedViewController)
    scrim.emit("isolation.ping")
    assert.same({"setup"}, heard)
    -- What the test set on a view the setup made stays set (a model value, as UIKit keeps it); its animation is gone.
    assert.same({x = 50, y = 50, width = 10, height = 10}, shared:presentation().frame)
  end)

  it("can present and show again", function()
    local vc = scrim.ViewController{name = "again"}
    scrim.present(vc, true)
    local popup = scrim.PopupWindow{items = {"b"}}:create()
    scrim.settle()
    assert.equal(vc, scrim.rootViewController.presentedViewController)
    assert.is_true(popup.isShowing)
  end)
end)

describe("a controller presented where the setup's was dismissed", function()
  local first
  setup(function()
    first = scrim.ViewController{name = "first"}
    scrim.present(first, false)
    scrim.settle()
  end)

  it("dismisses the setup's controller and presents its own", function()
    scrim.rootViewController:dismiss(false)
    scrim.present(scrim.ViewController{name = "second"}, false)
    scrim.settle()
    assert.equal("second", scrim.rootViewController.presentedViewController.name)
  end)

  it("finds neither", function()
    assert.is_nil(scrim.rootViewController.presentedViewController)
    assert.equal(0, scrim.settle(1))
  end)
end)
