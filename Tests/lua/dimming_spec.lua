-- docs/API.md §5–6, docs/DESIGN.md rules 7–9, seed 2: modal presentation and the DimmingTransition family.
-- The bottom sheet both dimming specs present (Tests/lua/support, beside this file).
local here = debug.getinfo(1, "S").source:match("^@(.-)[^/]*$")
local content_controller = dofile(here .. "support/content_controller.lua")

local function ease(x)  -- the ease-in-out curve, by bisection (independent of the engine)
  local function coord(t, p1, p2) local u = 1 - t return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t end
  local lo, hi = 0, 1
  for _ = 1, 100 do local mid = (lo + hi) / 2 if coord(mid, 0.42, 0.58) < x then lo = mid else hi = mid end end
  return coord((lo + hi) / 2, 0, 1)
end

describe("BottomPresentViewController", function()
  it("slides the content up from -animatedHeight over a dimming view fading 0 → 1", function()
    local Sheet = content_controller(scrim.BottomPresentViewController, { animatedHeight = 300 })
    local sheet = Sheet()
    assert.equal("custom", sheet.modalPresentationStyle)
    scrim.present(sheet)
    local dimming = sheet.presentationController.dimmingView
    assert.equal("dimmingView", dimming.name)
    for _, t in ipairs({0.05, 0.125, 0.2}) do
      scrim.advance(t - scrim.now())
      local p = ease(t / 0.25)
      assert.near(844 + 300 * (1 - p) - 300, sheet.content:presentation().frame.y, 1e-6)
      assert.near(p, dimming:presentation().alpha, 1e-6)
    end
    scrim.settle()
    assert.near(544, sheet.content:presentation().frame.y, 1e-6)
    -- the dimming view fills the container and sits below the presented view
    local container = dimming.superview
    assert.same(container.bounds, dimming.frame)
    local below, above
    for i, v in ipairs(container.subviews) do
      if v == dimming then below = i end
      if v == sheet.view then above = i end
    end
    assert.is_true(below < above)
    sheet:dismiss()
    scrim.advance(0.125)
    assert.near(0.5, dimming:presentation().alpha, 1e-6)
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("calls back and emits events in UIKit's order", function()
    local log = {}
    for _, e in ipairs({"transition.willPresent", "transition.didPresent", "transition.willDismiss", "transition.didDismiss"}) do
      scrim.on(e, function() log[#log + 1] = e end, { group = "order" })
    end
    local Sheet = content_controller(scrim.BottomPresentViewController, {
      viewWillAppear = function(self, animated) log[#log + 1] = "viewWillAppear " .. tostring(animated) end,
      viewDidAppear = function(self) log[#log + 1] = "viewDidAppear" end,
      viewWillDisappear = function(self) log[#log + 1] = "viewWillDisappear" end,
      viewDidDisappear = function(self) log[#log + 1] = "viewDidDisappear" end,
      executePresentationAnimation = function(self) log[#log + 1] = "executePresentationAnimation"; self.super:executePresentationAnimation() end,
      executeDismissalAnimation = function(self) log[#log + 1] = "executeDismissalAnimation"; self.super:executeDismissalAnimation() end,
    })
    local sheet = Sheet()
    scrim.present(sheet, true, function() log[#log + 1] = "present completion" end)
    scrim.settle()
    sheet:dismiss(true, function() log[#log + 1] = "dismiss completion" end)
    scrim.settle()
    scrim.off("order")
    assert.same({"transition.willPresent", "viewWillAppear true", "executePresentationAnimation", "viewDidAppear",
                 "transition.didPresent", "present completion",
                 "transition.willDismiss", "viewWillDisappear", "executeDismissalAnimation", "viewDidDisappear",
                 "transition.didDismiss", "dismiss completion"}, log)
  end)

  it("takes durations from values and from methods", function()
    local Slow = content_controller(scrim.BottomPresentViewController, { presentationAnimationDuration = 1 })
    function Slow:dismissalAnimationDuration() return 0.5 end
    local sheet = Slow()
    scrim.present(sheet)
    assert.near(1, scrim.settle(), 1e-9)
    sheet:dismiss()
    assert.near(0.5, scrim.settle(), 1e-9)
  end)

  it("dismisses on a tap on the dimming view, not on the content; dimmingViewTapped runs first", function()
    local log = {}
    local Sheet = content_controller(scrim.BottomPresentViewController, {
      dimmingViewTapped = function(self) log[#log + 1] = "tapped, presented: " .. tostring(self.presentingViewController ~= nil) end,
    })
    local sheet = Sheet()
    scrim.present(sheet)
    scrim.settle()
    scrim.tap(sheet.content)
    assert.same({}, log)
    assert.equal(sheet, scrim.rootViewController.presentedViewController)
    scrim.tap(195, 100)
    assert.same({"tapped, presented: true"}, log)
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("stays when allowTapDimmingViewToDismiss is false, or when dimming.tapped is cancelled", function()
    local Sheet = content_controller(scrim.BottomPresentViewController, { allowTapDimmingViewToDismiss = false })
    local sheet = Sheet()
    scrim.present(sheet)
    scrim.settle()
    scrim.tap(195, 100)
    scrim.settle()
    assert.equal(sheet, scrim.rootViewController.presentedViewController)
    sheet:dismiss()
    scrim.settle()
    local Free = content_controller(scrim.BottomPresentViewController)
    local free = Free()
    local h = scrim.on("dimming.tapped", function(ev) assert.is_true(ev.willDismiss) ev:cancel() end)
    scrim.present(free)
    scrim.settle()
    scrim.tap(195, 100)
    scrim.settle()
    assert.equal(free, scrim.rootViewController.presentedViewController)
    h:remove()
    free:dismiss()
    scrim.settle()
  end)

  it("raises at present time, naming the class and the member, when the required override is missing", function()
    local Forgetful = scrim.class("Forgetful", scrim.BottomPresentViewController)
    local ok, err = pcall(scrim.present, Forgetful())
    assert.is_false(ok)
    assert.truthy(err:find("Forgetful", 1, true))
    assert.truthy(err:find("animatedBottomConstraint", 1, true))
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("reports a raising callback and still completes the transition", function()
    local errors = {}
    scrim.on("error", function(ev) errors[#errors + 1] = ev.message end, { group = "errors" })
    local Sheet = content_controller(scrim.BottomPresentViewController, {
      executePresentationAnimation = function() error("animation broke") end,
    })
    local sheet = Sheet()
    scrim.present(sheet)
    scrim.settle()
    scrim.off("errors")
    assert.equal(1, #errors)
    assert.truthy(errors[1]:find("animation broke", 1, true))
    assert.equal(sheet, scrim.rootViewController.presentedViewController)
    assert.is_false(sheet.isBeingPresented)
    sheet:dismiss()
    scrim.settle()
  end)

  it("refuses a presentation while one is in flight and defers a dismissal asked during it", function()
    local A = content_controller(scrim.BottomPresentViewController)
    local a, b = A(), A()
    scrim.present(a)
    local ok, err = pcall(scrim.present, b)
    assert.is_false(ok)
    assert.truthy(err:find("while a presentation is in progress", 1, true))
    a:dismiss()
    assert.is_true(a.isBeingPresented)
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)
end)

describe("the other base classes", function()
  it("TopPresentViewController slides down from above", function()
    local C = scrim.class("Banner", scrim.TopPresentViewController)
    function C:viewDidLoad()
      local content = scrim.View{ name = "banner" }
      self.view:addSubview(content)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      scrim.constrain(content, "trailing", "==", self.view, "trailing")
      scrim.constrain{ item = content, attribute = "height", constant = 100 }
      self.top = scrim.constrain(content, "top", "==", self.view, "top")
      self.content = content
    end
    C.animatedTopConstraint = function(self) return self.top end
    C.animatedHeight = 100
    local c = C()
    scrim.present(c)
    scrim.advance(0.125)
    assert.near(-100 + 100 * ease(0.5), c.content:presentation().frame.y, 1e-6)
    scrim.settle()
    assert.near(0, c.content.frame.y, 1e-6)
    c:dismiss() scrim.settle()
  end)

  it("RightPresentViewController slides in from the right", function()
    local C = scrim.class("Drawer", scrim.RightPresentViewController)
    function C:viewDidLoad()
      local content = scrim.View{ name = "drawer" }
      self.view:addSubview(content)
      scrim.constrain(content, "top", "==", self.view, "top")
      scrim.constrain(content, "bottom", "==", self.view, "bottom")
      scrim.constrain{ item = content, attribute = "width", constant = 300 }
      self.trailing = scrim.constrain(self.view, "trailing", "==", content, "trailing")
      self.content = content
    end
    function C:animatedTrailingConstraint() return self.trailing end
    local c = C()
    scrim.present(c)
    scrim.advance(0.125)
    assert.near(90 + 390 * (1 - ease(0.5)), c.content:presentation().frame.x, 1e-6)
    scrim.settle()
    assert.near(90, c.content.frame.x, 1e-6)
    c:dismiss() scrim.settle()
  end)

  it("LeftPresentViewController slides in from the left and back", function()
    local C = scrim.class("Menu", scrim.LeftPresentViewController)
    function C:viewDidLoad()
      local content = scrim.View{ name = "menu" }
      self.view:addSubview(content)
      scrim.constrain(content, "top", "==", self.view, "top")
      scrim.constrain(content, "bottom", "==", self.view, "bottom")
      scrim.constrain{ item = content, attribute = "width", constant = 300 }
      self.leading = scrim.constrain(content, "leading", "==", self.view, "leading")
      self.content = content
    end
    function C:animatedLeadingConstraint() return self.leading end
    local c = C()
    assert.equal(390, c.animatedWidth)
    scrim.present(c)
    scrim.advance(0.125)
    assert.near(-390 * (1 - ease(0.5)), c.content:presentation().frame.x, 1e-6)
    scrim.settle()
    assert.near(0, c.content.frame.x, 1e-6)
    c:dismiss() scrim.settle()
    assert.near(-390, c.content.frame.x, 1e-6)
  end)

  it("LeftPresentViewController reports its missing constraint and takes animatedWidth as a value", function()
    local ok, err = pcall(scrim.present, scrim.LeftPresentViewController{})
    assert.is_false(ok)
    assert.matches("LeftPresentViewController: animatedLeadingConstraint is required", err, 1, true)
    local c = scrim.LeftPresentViewController{ animatedWidth = 120 }
    assert.equal(120, c.animatedWidth)
    assert.has_error(function() c.animatedWidth = -1 end)
  end)

  it("CenterPresentViewController fades and scales the content in", function()
    local C = scrim.class("Alert", scrim.CenterPresentViewController)
    function C:viewDidLoad()
      self.box = scrim.View{ name = "box", frame = {45, 322, 300, 200} }
      self.view:addSubview(self.box)
    end
    function C:animatedContentView() return self.box end
    local c = C()
    scrim.present(c)
    scrim.advance(0.125)
    local p = c.box:presentation()
    assert.near(ease(0.5), p.alpha, 1e-6)
    assert.near(0.8 + 0.2 * ease(0.5), p.transform.scaleX, 1e-6)
    scrim.settle()
    assert.equal(1, c.box.alpha)
    c:dismiss() scrim.settle()
  end)
end)

describe("DimmingTransitioning", function()
  local function plain_controller()
    local vc = scrim.ViewController{ name = "plain", modalPresentationStyle = "custom" }
    vc.view:addSubview(scrim.View{ name = "panel", frame = {0, 644, 390, 200} })
    return vc
  end

  it("drives a controller through a protocol-style delegate table (methods with self, values)", function()
    local log = {}
    local delegate = { presentationAnimationDuration = 0.5 }
    function delegate:executePresentationAnimation() log[#log + 1] = "present " .. tostring(self == delegate) end
    function delegate:executeDismissalAnimation() log[#log + 1] = "dismiss" end
    function delegate:dimmingViewTapped() log[#log + 1] = "tapped" end
    local t = scrim.DimmingTransitioning(delegate)
    local vc = plain_controller()
    vc.transitioningDelegate = t
    assert.equal(t, vc.transitioningDelegate)
    scrim.present(vc)
    assert.near(0.5, scrim.settle(), 1e-9)
    assert.equal("dimmingView", t.dimmingView.name)
    scrim.tap(195, 100)
    scrim.settle()
    assert.same({"present true", "tapped", "dismiss"}, log)
  end)

  it("lets closures assigned on it win over the delegate, called without self", function()
    local log = {}
    local delegate = { executePresentationAnimation = function() log[#log + 1] = "delegate" end,
                       executeDismissalAnimation = function() end }
    local t = scrim.DimmingTransitioning(delegate)
    t.executePresentationAnimation = function(...) log[#log + 1] = "closure " .. select("#", ...) end
    t.allowTapDimmingViewToDismiss = false
    t.dimmingViewTapped = function() log[#log + 1] = "tapped" end
    local vc = plain_controller()
    vc.transitioningDelegate = t
    scrim.present(vc)
    scrim.settle()
    scrim.tap(195, 100)
    scrim.settle()
    assert.same({"closure 0", "tapped"}, log)
    assert.equal(vc, scrim.rootViewController.presentedViewController)
    vc:dismiss()
    scrim.settle()
  end)

  it("is held weakly by the controller: a collected one makes Scrim warn and use the default transition", function()
    local warnings = {}
    scrim.on("transition.warning", function(ev) warnings[#warnings + 1] = ev.message end)
    local vc = plain_controller()
    vc.transitioningDelegate = scrim.DimmingTransitioning({ executePresentationAnimation = function() end })
    collectgarbage() collectgarbage()
    assert.is_nil(vc.transitioningDelegate)
    scrim.present(vc)
    scrim.settle()
    assert.equal(1, #warnings)
    assert.truthy(warnings[1]:find("plain", 1, true))
    assert.equal(vc, scrim.rootViewController.presentedViewController)
    vc:dismiss()
    scrim.settle()
  end)
end)

describe("a presentation controller from Lua (protocol style)", function()
  it("hears the four milestones, places the presented view and animates alongside", function()
    local log = {}
    local shade
    local members = {
      frameOfPresentedViewInContainerView = function(self, pc) return {20, 100, 350, 400} end,
      presentationTransitionWillBegin = function(self, pc)
        log[#log + 1] = "willBegin " .. tostring(pc.presentedViewController.name)
        shade = scrim.View{ name = "shade", frame = pc.containerView.bounds, backgroundColor = "black", alpha = 0 }
        pc.containerView:addSubview(shade)
        pc:animateAlongsideTransition(function() shade.alpha = 0.3 end)
      end,
      presentationTransitionDidEnd = function(self, pc, completed) log[#log + 1] = "didEnd " .. tostring(completed) end,
      dismissalTransitionWillBegin = function(self, pc) log[#log + 1] = "dismissWillBegin" end,
      dismissalTransitionDidEnd = function(self, pc, completed) log[#log + 1] = "dismissDidEnd " .. tostring(completed) end,
    }
    local animator = {
      transitionDuration = function() return 0.5 end,
      animateTransition = function(self, ctx)
        local vc = ctx:viewControllerForKey(ctx.isPresenting and "to" or "from")
        if ctx.isPresenting then
          local view = ctx:viewForKey("to")
          ctx.containerView:addSubview(view)
          view.frame = ctx:finalFrameFor(vc)
        end
        scrim.after(0.5, function() ctx:completeTransition(true) end)
      end,
    }
    local delegate = {
      presentationControllerForPresented = function(self, presented, presenting, source) return members end,
      animationControllerForPresented = function() return animator end,
      animationControllerForDismissed = function() return animator end,
    }
    local vc = scrim.ViewController{ name = "card", modalPresentationStyle = "custom", transitioningDelegate = delegate }
    scrim.present(vc)
    scrim.advance(0.25)
    assert.near(0.15, shade:presentation().alpha, 1e-6)
    scrim.settle()
    assert.same({x = 20, y = 100, width = 350, height = 400}, vc.view.frame)
    vc:dismiss()
    scrim.settle()
    assert.same({"willBegin card", "didEnd true", "dismissWillBegin", "dismissDidEnd true"}, log)
  end)
end)

describe("generic custom transitions (protocol style)", function()
  it("uses the delegate's animators and context, and settle names one that never completes", function()
    local log = {}
    local animator = {}
    function animator:transitionDuration(ctx) return 0.4 end
    function animator:animateTransition(ctx)
      local to = ctx:viewForKey("to")
      log[#log + 1] = "animate " .. tostring(ctx.isAnimated) .. " " .. tostring(ctx:viewControllerForKey("to").name)
      if to then
        ctx.containerView:addSubview(to)
        to.frame = ctx:finalFrameFor(ctx:viewControllerForKey("to"))
      end
      scrim.after(0.4, function() ctx:completeTransition(true) end)
    end
    function animator:animationEnded(completed) log[#log + 1] = "ended " .. tostring(completed) end
    local delegate = {
      animationControllerForPresented = function(self, presented, presenting, source) return animator end,
      animationControllerForDismissed = function(self, dismissed) return { animateTransition = function() end } end,
    }
    local vc = scrim.ViewController{ name = "custom", modalPresentationStyle = "custom" }
    vc.transitioningDelegate = delegate
    scrim.present(vc)
    assert.near(0.4, scrim.settle(), 1e-9)
    assert.same({"animate true custom", "ended true"}, log)
    vc:dismiss()
    local ok, err = pcall(scrim.settle, 1)
    assert.is_false(ok)
    assert.truthy(err:find("waiting for completeTransition", 1, true))
  end)
end)

describe("ViewController", function()
  it("loads its view lazily, calling loadView and viewDidLoad (closure style)", function()
    local log = {}
    local vc = scrim.ViewController{
      name = "lazy",
      loadView = function(self) log[#log + 1] = "loadView"; self.view = scrim.View{ name = "custom root" } end,
      viewDidLoad = function(self) log[#log + 1] = "viewDidLoad " .. self.view.name end,
    }
    assert.same({}, log)
    assert.is_false(vc.isViewLoaded)
    assert.equal("custom root", vc.view.name)
    assert.same({"loadView", "viewDidLoad custom root"}, log)
  end)

  it("rejects unknown fields and styles", function()
    local ok, err = pcall(scrim.ViewController, { viewDidLod = function() end })
    assert.is_false(ok)
    assert.truthy(err:find("no field 'viewDidLod'", 1, true))
    ok, err = pcall(function() scrim.ViewController{}.modalPresentationStyle = "popover" end)
    assert.is_false(ok)
    assert.truthy(err:find("unknown style 'popover'", 1, true))
  end)
end)
