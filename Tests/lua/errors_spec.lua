-- Errors a script author can act on: tracebacks from callbacks, nothing swallowed, non-finite numbers refused.
local here = debug.getinfo(1, "S").short_src

local function errorEvents()
  local events = {}
  scrim.on("error", function(ev) events[#events + 1] = ev end, { group = "errors_spec" })
  return events
end

local function raisesAt(line, pattern, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok)
  assert.truthy(tostring(err):find(here .. ":" .. line .. ": ", 1, true), tostring(err))
  assert.truthy(tostring(err):find(pattern), tostring(err))
end

describe("callback errors", function()
  after_each(function() scrim.off("errors_spec") end)

  local function inner() error("deep") end
  local function outer() inner() end

  local function assertTraced(ev)
    assert.truthy(ev, "no error event")
    assert.truthy(ev.message:find("deep", 1, true))
    assert.equal("string", type(ev.traceback))
    assert.truthy(ev.traceback:find("^stack traceback:"), ev.traceback)
    assert.truthy(ev.traceback:find("in upvalue 'inner'", 1, true), ev.traceback)
    assert.truthy(ev.traceback:find("in upvalue 'outer'", 1, true), ev.traceback)
  end

  it("from a timer carry the traceback from where they were raised", function()
    local events = errorEvents()
    scrim.after(0.1, function() outer() end)
    scrim.advance(0.2)
    assertTraced(events[1])
  end)

  it("from a hook handler, a tap and an animation completion carry it too", function()
    local events = errorEvents()
    scrim.on("t.boom", function() outer() end, { group = "errors_spec" })
    scrim.emit("t.boom")
    assertTraced(events[1])

    local v = scrim.View{ name = "tapme", frame = { 0, 0, 100, 100 } }
    scrim.window:addSubview(v)
    v:onTap(function() outer() end)
    scrim.tap(v)
    assertTraced(events[2])
    v:removeFromSuperview()

    scrim.animate(0.1, function() end, function() outer() end)
    scrim.settle()
    assertTraced(events[3])
  end)

  it("from a delegate method carry it too", function()
    local events = errorEvents()
    local popup = scrim.PopupWindow{ items = { "go" }, delegate = { go = function() outer() end } }
    popup:create()
    scrim.settle()
    popup:select("go")
    scrim.settle()
    assertTraced(events[1])
  end)

  it("from frameOfPresentedViewInContainerView are reported, and the default frame is used", function()
    local events = errorEvents()
    local delegate = {
      presentationControllerForPresented = function()
        return { frameOfPresentedViewInContainerView = function() outer() end }
      end,
    }
    local vc = scrim.ViewController{ name = "framed", modalPresentationStyle = "custom", transitioningDelegate = delegate }
    scrim.present(vc, false)
    scrim.settle()
    assertTraced(events[1])
    assert.same({ x = 0, y = 0, width = scrim.screen.width, height = scrim.screen.height }, vc.view.frame)
    vc:dismiss(false)
    scrim.settle()
  end)

  it("from a popup delegate whose __index raises are reported, not taken as 'no method'", function()
    local events = errorEvents()
    local delegate = setmetatable({}, { __index = function() outer() end })
    local popup = scrim.PopupWindow{ items = { "go" }, delegate = delegate }
    popup:create()
    scrim.settle()
    popup:select("go")
    scrim.settle()
    assertTraced(events[1])
  end)

  it("from a Lua class's __index are reported, not taken as 'no override'", function()
    local events = errorEvents()
    local Loud = scrim.class("Loud", scrim.ViewController)
    local vc = Loud()
    getmetatable(Loud).__index = function(_, key)
      if key == "viewDidLoad" then outer() end
    end
    local _ = vc.view
    assertTraced(events[1])
  end)
end)

describe("non-finite numbers", function()
  it("are refused by setters, options and arguments, naming them at the caller's line", function()
    local v = scrim.View{}
    raisesAt(debug.getinfo(1, "l").currentline, "bad value for field 'alpha' %(finite number expected", function() v.alpha = 0 / 0 end)
    assert.equal(1, v.alpha)
    raisesAt(debug.getinfo(1, "l").currentline, "field 'width' must be a finite number, got inf", function() v.frame = { 0, 0, 1 / 0, 1 } end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad value for field 'cornerRadius'", function() v.cornerRadius = -1 / 0 end)
    raisesAt(debug.getinfo(1, "l").currentline, "field 'translateX' must be a finite number", function() v.transform = { translateX = 0 / 0 } end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'animate'", function()
      scrim.animate{ duration = 1, curve = { 0.1, 0 / 0, 0.2, 1 }, animations = function() end }
    end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad argument #1 to 'animate'", function() scrim.animate(1e308, function() end) end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad argument #1 to 'after'", function() scrim.after(1 / 0, function() end) end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad argument #2 to 'hitTest'", function() v:hitTest(1, 0 / 0) end)
  end)
end)

describe("tables whose fields have defaults", function()
  it("refuse a misspelt field instead of ignoring it", function()
    local v = scrim.View{}
    raisesAt(debug.getinfo(1, "l").currentline, "unknown field 'scalex'", function() v.transform = { scalex = 2 } end)
    raisesAt(debug.getinfo(1, "l").currentline, "unknown field 'alpah'", function() v.backgroundColor = { r = 1, g = 0, b = 0, alpah = 1 } end)
    raisesAt(debug.getinfo(1, "l").currentline, "item #1: unknown field 'titel'", function() scrim.PopupWindow():setItems({ { id = "a", titel = "A" } }) end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'spring': unknown field 'velocty'", function()
      scrim.animate{ duration = 1, spring = { damping = 0.5, velocty = 1 }, animations = function() end }
    end)
    raisesAt(debug.getinfo(1, "l").currentline, "unknown option 'prio'", function() scrim.on("t.x", print, { prio = 1 }) end)
    v.transform = { scale = 2 }
    assert.equal(2, v.transform.scaleX)
  end)
end)

describe("animate options", function()
  it("refuse unknown ones", function()
    raisesAt(debug.getinfo(1, "l").currentline + 1, "unknown option 'durration'", function()
      scrim.animate{ durration = 1, animations = function() end }
    end)
  end)
end)

describe("re-entrant requests", function()
  after_each(function() scrim.off("errors_spec") end)

  it("p:cancel() inside popup.willCancel is a no-op; the cancel goes on", function()
    local popup = scrim.PopupWindow{ items = { "a" } }
    local calls = 0
    scrim.on("popup.willCancel", function(ev) calls = calls + 1; ev.popup:cancel() end, { group = "errors_spec" })
    popup:create()
    scrim.settle()
    popup:cancel()
    scrim.settle()
    assert.equal(1, calls)
    assert.equal("hidden", popup.phase)
  end)

  it("p:create() inside popup.willShow and p:select() inside popup.willSelect are no-ops", function()
    local popup = scrim.PopupWindow{ items = { "a" } }
    local shows, selects, handled = 0, 0, 0
    popup:on("a", function() handled = handled + 1 end)
    scrim.on("popup.willShow", function(ev) shows = shows + 1; ev.popup:create() end, { group = "errors_spec" })
    scrim.on("popup.willSelect", function(ev) selects = selects + 1; ev.popup:select("a") end, { group = "errors_spec" })
    popup:create()
    scrim.settle()
    assert.is_true(popup:select("a"))
    scrim.settle()
    assert.same({ 1, 1, 1 }, { shows, selects, handled })
  end)

  it("vc:dismiss(false) inside transition.willDismiss is a no-op; the dismissal goes on", function()
    local vc = scrim.ViewController{ name = "reentrant" }
    local calls = 0
    scrim.on("transition.willDismiss", function(ev) calls = calls + 1; ev.viewController:dismiss(false) end,
      { group = "errors_spec" })
    scrim.present(vc, false)
    scrim.settle()
    vc:dismiss(true)
    scrim.settle()
    assert.equal(1, calls)
    assert.is_nil(vc.presentingViewController)
  end)

  it("a dismissal asked from dimmingViewTapped is the one that runs: no second request, no warning", function()
    local warnings, dismissals = {}, 0
    scrim.on("transition.warning", function(ev) warnings[#warnings + 1] = ev.message end, { group = "errors_spec" })
    scrim.on("transition.willDismiss", function() dismissals = dismissals + 1 end, { group = "errors_spec" })
    local content = scrim.View{ name = "card", frame = { 100, 300, 190, 200 }, backgroundColor = "white" }
    local Card = scrim.class("Card", scrim.CenterPresentViewController)
    Card.animatedContentView = content
    function Card:dimmingViewTapped() self:dismiss() end
    local card = Card()
    card.view:addSubview(content)
    scrim.present(card)
    scrim.settle()
    scrim.tap(20, 20)
    scrim.settle()
    assert.same({}, warnings)
    assert.equal(1, dismissals)
    assert.is_nil(card.presentingViewController)
  end)

  it("presenting again inside transition.willPresent is a no-op", function()
    local vc = scrim.ViewController{ name = "again" }
    local calls = 0
    scrim.on("transition.willPresent", function(ev) calls = calls + 1; scrim.present(ev.viewController, false) end,
      { group = "errors_spec" })
    scrim.present(vc, false)
    scrim.settle()
    assert.equal(1, calls)
    assert.equal(vc, scrim.rootViewController.presentedViewController)
    vc:dismiss(false)
    scrim.settle()
  end)

  it("setItems or a new layout inside a layoutContent override does not lay out again (no recursion)", function()
    local Growing = scrim.class("GrowingPopup", scrim.PopupWindow)
    local layouts = 0
    function Growing:layoutContent()
      layouts = layouts + 1
      self:setItems({ "a", "b" })
      self.super:layoutContent()
    end
    local popup = Growing{ items = { "a" } }
    popup:create()
    scrim.settle()
    assert.is_true(popup.isShowing)
    assert.same({ "a", "b" }, popup.items)
    assert.equal(popup.collectionView, popup:cell("b").superview)
    local before = layouts
    popup:setItems({ "c" })                                   -- from outside: one layout, which sets its own items
    assert.equal(before + 1, layouts)
    popup:cancel()
    scrim.settle()
  end)

  it("presenting again from the controller's viewDidLoad or a member read before it is presented is a no-op", function()
    local Again = scrim.class("PresentsItself", scrim.ViewController)
    local loads = 0
    function Again:viewDidLoad() loads = loads + 1; scrim.present(self, false) end
    local vc = Again()
    scrim.present(vc, false)
    scrim.settle()
    assert.equal(1, loads)
    assert.equal(vc, scrim.rootViewController.presentedViewController)
    vc:dismiss(false)
    scrim.settle()

    local Card = scrim.class("AsksAgain", scrim.CenterPresentViewController)
    local asked = 0
    function Card:animatedContentView()
      asked = asked + 1
      if asked == 1 then scrim.rootViewController:present(self, false) end -- read while the request is prepared
      return self.view
    end
    local card = Card()
    scrim.present(card, false)
    scrim.settle()
    assert.equal(card, scrim.rootViewController.presentedViewController)
    card:dismiss(false)
    scrim.settle()
  end)
end)

describe("values kept, errors raised", function()
  it("scrim.emit keeps a string or number target", function()
    local seen = {}
    local hook = scrim.on("t.target", function(ev) seen[#seen + 1] = ev.target end)
    scrim.emit("t.target", { target = "T" })
    scrim.emit("t.target", { target = 42 })
    hook:remove()
    assert.same({ "T", 42 }, seen)
  end)

  it("scrim.snapshot refuses a path with a NUL byte", function()
    raisesAt(debug.getinfo(1, "l").currentline, "path contains a NUL byte", function() scrim.snapshot("a\0b.png") end)
  end)

  it("a makeContentView override returning a non-view is reported, and the default content is used", function()
    local events = errorEvents()
    local Odd = scrim.class("Odd", scrim.PopupWindow)
    function Odd:makeContentView() return 42 end
    local defined = debug.getinfo(1, "l").currentline - 1
    local popup = Odd{ items = { "a" } }:create()
    scrim.settle()
    scrim.off("errors_spec")
    assert.truthy(events[1], "no error event")
    assert.truthy(events[1].message:find("makeContentView of Odd must return a View, got number (returned by the override at "
      .. debug.getinfo(1, "S").short_src .. ":" .. defined .. ")", 1, true), events[1].message)
    assert.truthy(popup:cell("a"))
    popup:cancel()
    scrim.settle()
  end)
end)

describe("transitioning delegates", function()
  it("set on a controller whose style is not custom are ignored with one warning", function()
    local warnings = {}
    local hook = scrim.on("transition.warning", function(ev) warnings[#warnings + 1] = ev.message end)
    local keep = scrim.DimmingTransitioning({ executePresentationAnimation = function() end })
    local vc = scrim.ViewController{ name = "styled", transitioningDelegate = keep }
    for _ = 1, 2 do
      scrim.present(vc, false)
      scrim.settle()
      vc:dismiss(false)
      scrim.settle()
    end
    hook:remove()
    assert.equal(1, #warnings)
    assert.truthy(warnings[1]:find('is ignored: its modalPresentationStyle is "fullScreen"', 1, true), warnings[1])
  end)

  it("kept nowhere are always gone at present: the warning and the default transition, every time", function()
    for _ = 1, 3 do
      local warnings = {}
      local hook = scrim.on("transition.warning", function(ev) warnings[#warnings + 1] = ev.message end)
      local vc = scrim.ViewController{ name = "forgetful", modalPresentationStyle = "custom" }
      vc.transitioningDelegate = scrim.DimmingTransitioning({ executePresentationAnimation = function() end })
      scrim.present(vc)
      scrim.settle()
      hook:remove()
      assert.equal(1, #warnings)
      assert.truthy(warnings[1]:find("was released before use", 1, true))
      assert.is_nil(scrim.find("dimmingView"))
      vc:dismiss(false)
      scrim.settle()
    end
  end)
end)
