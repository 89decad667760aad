-- What a view, a recognizer or a controller keeps from Lua (tap closures, delegate tables) lives where Lua's
-- collector sees it, along Swift's own references: kept while the window (or a script) holds its owner, collected
-- with it otherwise, even when a closure refers back to the object that holds it.
local function collect()
  collectgarbage()
  collectgarbage()
end

-- A weak-keyed table: `seen.gone()` tells whether everything put in it was collected.
local function watch()
  local weak = setmetatable({}, { __mode = "k" })
  return {
    add = function(value) weak[value] = true end,
    gone = function()
      collect()
      return next(weak) == nil
    end,
  }
end

describe("ownership", function()
  local added = {}
  local function place(view)
    scrim.window:addSubview(view)
    added[#added + 1] = view
  end
  after_each(function()
    for _, view in ipairs(added) do view:removeFromSuperview() end
    added = {}
    collect()
  end)

  it("keeps a tap on a view inside the window after the script dropped every reference", function()
    local taps = 0
    do
      local v = scrim.View{ name = "kept", frame = { 0, 0, 40, 40 } }
      v:onTap(function() taps = taps + 1 end)
      scrim.window:addSubview(v)
    end
    collect()
    local hit = scrim.tap(20, 20)
    assert.equal(1, taps)
    assert.equal("kept", hit.name)
    hit:removeFromSuperview()
  end)

  it("keeps a tap on a view nested deep inside the window, made by the script", function()
    local taps = 0
    local outer = scrim.View{ frame = { 0, 0, 100, 100 } }
    place(outer)
    do
      local middle = scrim.View{ frame = { 0, 0, 50, 50 } }
      local inner = scrim.View{ frame = { 0, 0, 20, 20 } }
      middle:addSubview(inner)
      inner:onTap(function() taps = taps + 1 end)
      outer:addSubview(middle)
    end
    outer = nil -- luacheck: ignore 311
    collect()
    scrim.tap(5, 5)
    assert.equal(1, taps)
  end)

  it("collects a view removed from the window and dropped, with its closures", function()
    local seen = watch()
    do
      local v = scrim.View{ frame = { 0, 0, 10, 10 } }
      local action = function() v.alpha = 0 end
      v:onTap(action)
      seen.add(v)
      seen.add(action)
      scrim.window:addSubview(v)
    end
    collect()
    assert.is_false(seen.gone(), "the window holds the view")
    for _, view in ipairs(scrim.window.subviews) do
      if #view.gestureRecognizers > 0 then view:removeFromSuperview() end
    end
    assert.is_true(seen.gone())
  end)

  it("does not let a closure that captures its own view keep the view alive", function()
    local seen = watch()
    do
      local v = scrim.View{ frame = { 0, 0, 10, 10 } }
      local r = v:onTap(function() v.alpha = 0 end)
      seen.add(v)
      seen.add(r)
    end
    assert.is_true(seen.gone())
  end)

  it("does not let closures capturing a superview or a sibling keep them alive", function()
    local seen = watch()
    do
      local parent = scrim.View{}
      local a, b = scrim.View{}, scrim.View{}
      parent:addSubview(a)
      parent:addSubview(b)
      a:onTap(function() b.alpha = 0 end)
      b:onTap(function() parent.alpha = 0 end)
      seen.add(parent)
      seen.add(a)
      seen.add(b)
    end
    assert.is_true(seen.gone())
  end)

  it("keeps a standalone recognizer held only by a detached view, which fires once the view is added", function()
    local taps = 0
    local v = scrim.View{ name = "later", frame = { 0, 0, 30, 30 } }
    do
      local r = scrim.TapGestureRecognizer(function(recognizer) taps = taps + 1; assert.equal(v, recognizer.view) end)
      v:addGestureRecognizer(r)
    end
    collect()
    place(v)
    scrim.tap(10, 10)
    assert.equal(1, taps)
  end)

  it("keeps a gesture delegate held only by a detached view's recognizer", function()
    local asked, taps = 0, 0
    local v = scrim.View{ frame = { 0, 0, 30, 30 } }
    do
      local r = scrim.TapGestureRecognizer(function() taps = taps + 1 end)
      r.delegate = { gestureRecognizerShouldReceiveTouch = function(self, recognizer)
        asked = asked + 1
        return recognizer.view == v and self.allow
      end, allow = true }
      v:addGestureRecognizer(r)
    end
    collect()
    place(v)
    scrim.tap(10, 10)
    assert.equal(1, asked)
    assert.equal(1, taps)
    assert.is_true(v.gestureRecognizers[1].delegate.allow)
  end)

  it("collects a gesture delegate that refers to its view", function()
    local seen = watch()
    do
      local v = scrim.View{}
      local r = scrim.TapGestureRecognizer(function() end)
      local delegate = { view = v, gestureRecognizerShouldReceiveTouch = function() return true end }
      r.delegate = delegate
      v:addGestureRecognizer(r)
      seen.add(v)
      seen.add(delegate)
    end
    assert.is_true(seen.gone())
  end)

  it("lets a recognizer go with the view it moved away from, and keeps it with the view it moved to", function()
    local seen = watch()
    local taps = 0
    local target = scrim.View{ frame = { 0, 0, 30, 30 } }
    place(target)
    do
      local first = scrim.View{}
      local r = first:onTap(function() taps = taps + 1 end)
      target:addGestureRecognizer(r)
      seen.add(first)
    end
    target = nil -- luacheck: ignore 311
    assert.is_true(seen.gone())
    scrim.tap(10, 10)
    assert.equal(1, taps)
  end)

  it("keeps the taps inside a controller's view while the controller is held", function()
    local taps = 0
    local vc = scrim.ViewController{ name = "holder" }
    do
      local button = scrim.View{ frame = { 0, 0, 30, 30 } }
      button:onTap(function() taps = taps + 1 end)
      vc.view:addSubview(button)
    end
    collect()
    scrim.present(vc, false)
    scrim.settle()
    scrim.tap(10, 10)
    assert.equal(1, taps)
    vc:dismiss(false)
    scrim.settle()
  end)

  it("keeps a presented controller's overrides and collects it once dismissed and dropped", function()
    local seen = watch()
    local appeared, disappeared = 0, 0
    local handle = setmetatable({}, { __mode = "v" })
    do
      local vc = scrim.ViewController{ name = "dropped" }
      vc.view:onTap(function() vc.view.alpha = 0 end)
      vc.viewDidAppear = function() appeared = appeared + 1; assert.equal("dropped", vc.name) end
      vc.viewDidDisappear = function() disappeared = disappeared + 1 end
      seen.add(vc)
      handle.vc = vc
      scrim.present(vc)
    end
    collect()
    scrim.settle()
    assert.equal(1, appeared)
    assert.is_false(seen.gone(), "presented, it is held")
    handle.vc:dismiss()
    collect()
    scrim.settle()
    assert.equal(1, disappeared)
    assert.is_true(seen.gone())
  end)

  it("keeps the closures set on a dimming controller's transitioning, which only the controller keeps", function()
    local vc = scrim.BottomPresentViewController{}
    vc.dimmingTransitioning.allowTapDimmingViewToDismiss = function() return false end
    vc.dimmingTransitioning.dismissalAnimationDuration = 0.5
    collect()
    assert.is_false(vc.dimmingTransitioning.allowTapDimmingViewToDismiss) -- the closure's answer: still kept
    assert.equal(0.5, vc.dimmingTransitioning.dismissalAnimationDuration)
  end)

  it("runs every recognizer a tap went to, even when the first takes their view away and the collector runs", function()
    local fired = {}
    do
      local v = scrim.View{ frame = { 0, 0, 50, 50 } }
      scrim.window:addSubview(v)
      v:onTap(function()
        fired[#fired + 1] = "first"
        v:removeFromSuperview()
        v = nil
        collect()
      end)
      v:onTap(function() fired[#fired + 1] = "second" end)
    end
    collect()
    scrim.tap(10, 10)
    assert.same({ "first", "second" }, fired)
  end)

  it("keeps a dismissed scrim.class controller the script dropped until its viewDidDisappear, though the collector runs as the dismissal ends", function()
    local calls = {}
    local Sheet = scrim.class("CollectedSheet", scrim.ViewController)
    function Sheet:viewWillDisappear()
      -- The alongside completion runs once the dismissal completed, after the presenter let the controller go.
      self.presentationController:animateAlongsideTransition(function() end, collect)
    end
    function Sheet:viewDidDisappear(animated) calls[#calls + 1] = { self.label, animated } end
    for _, animated in ipairs({ true, false }) do
      do
        local vc = Sheet{ label = "sheet" }
        scrim.present(vc, animated)
        scrim.settle()
        vc:dismiss(animated)
      end
      collect()
      scrim.settle()
    end
    assert.same({ { "sheet", true }, { "sheet", false } }, calls)
  end)

  it("keeps a dismissed controller's closures for every transition.didDismiss handler, though the first runs the collector", function()
    local seen = {}
    local first = scrim.on("transition.didDismiss", collect, { priority = 10 })
    local second = scrim.on("transition.didDismiss", function(e)
      seen[#seen + 1] = e.viewController.name
      e.viewController.viewDidDisappear()
    end)
    do
      local vc = scrim.ViewController{ name = "dropped" }
      vc.viewDidDisappear = function() seen[#seen + 1] = "didDisappear" end
      scrim.present(vc)
      scrim.settle()
      vc:dismiss(true, function() seen[#seen + 1] = "completion" end)
    end
    collect()
    scrim.settle()
    first:remove()
    second:remove()
    assert.same({ "didDisappear", "dropped", "didDisappear", "completion" }, seen)
  end)

  it("keeps a dismissed dimming sheet the script dropped until its viewDidDisappear and transition.didDismiss", function()
    local calls = {}
    local Sheet = scrim.class("CollectedDimmingSheet", scrim.BottomPresentViewController)
    function Sheet:viewDidLoad()
      local content = scrim.View{ name = "content" }
      self.view:addSubview(content)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      scrim.constrain(content, "trailing", "==", self.view, "trailing")
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
    end
    function Sheet:animatedBottomConstraint() return self.bottom end
    function Sheet:viewWillDisappear()
      self.presentationController:animateAlongsideTransition(function() end, collect)
    end
    function Sheet:viewDidDisappear() calls[#calls + 1] = "viewDidDisappear" end
    local hook = scrim.on("transition.didDismiss", function(e) calls[#calls + 1] = e.viewController.label end)
    do
      local vc = Sheet{ label = "sheet" }
      scrim.present(vc)
      scrim.settle()
      vc:dismiss()
    end
    collect()
    scrim.settle()
    hook:remove()
    assert.same({ "viewDidDisappear", "sheet" }, calls)
  end)

  it("keeps a cancelled popup the script dropped for every popup.didCancel handler", function()
    local seen = {}
    local Menu = scrim.class("CollectedMenu", scrim.PopupWindow)
    local first = scrim.on("popup.didCancel", collect, { priority = 10 })
    local second = scrim.on("popup.didCancel", function(e) seen[#seen + 1] = e.popup.label end)
    do
      local popup = Menu{ items = { "a" }, label = "menu" }
      popup:create()
      scrim.settle()
      popup:cancel()
    end
    collect()
    scrim.settle()
    first:remove()
    second:remove()
    assert.same({ "menu" }, seen)
  end)
end)
