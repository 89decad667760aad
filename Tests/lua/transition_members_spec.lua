-- A duration has one answer that the whole transition reads: the base class's slide, the dimming view's fade and the
-- completion agree, whichever style set it (the transitioning's closure or value, the controller's option, a
-- scrim.class override).

local function makeSheet(options)
  options = options or {}
  options.name = "Sheet"
  local bottom
  options.viewDidLoad = function(self)
    local content = scrim.View{ name = "content", backgroundColor = "white" }
    self.view:addSubview(content)
    scrim.constrain(content, "leading", "==", self.view, "leading")
    scrim.constrain(content, "trailing", "==", self.view, "trailing")
    scrim.constrain{ item = content, attribute = "height", constant = 300 }
    bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
  end
  options.animatedBottomConstraint = function() return bottom end
  return scrim.BottomPresentViewController(options)
end

-- Presents `sheet` and checks that at 0.5 s the slide and the fade are both under way, and that the presentation
-- ends after 1 s, not before.
local function presentsForOneSecond(sheet)
  local start = scrim.now()
  scrim.present(sheet)
  scrim.advance(0.5)
  local content = sheet.view:find("content")
  assert.are_not.same(content.frame, content:presentation().frame)       -- still sliding
  local dimming = sheet.dimmingTransitioning.dimmingView
  local alpha = dimming:presentation().alpha
  assert.is_true(alpha > 0.05 and alpha < 0.95, "dimming alpha " .. alpha)
  scrim.advance(0.4)
  assert.is_true(sheet.isBeingPresented)
  assert.are_not.same(content.frame, content:presentation().frame)
  scrim.settle()
  assert.is_false(sheet.isBeingPresented)
  assert.is_true(scrim.now() - start >= 1.0 - 1e-9)
  sheet:dismiss(false)
  scrim.settle()
end

describe("a transition duration", function()
  it("set on the transitioning as a value moves the slide too", function()
    local sheet = makeSheet()
    sheet.dimmingTransitioning.presentationAnimationDuration = 1.0
    presentsForOneSecond(sheet)
  end)

  it("set on the transitioning as a closure moves the slide too", function()
    local sheet = makeSheet()
    sheet.dimmingTransitioning.presentationAnimationDuration = function() return 1.0 end
    presentsForOneSecond(sheet)
  end)

  it("set on the controller moves the fade and the completion", function()
    presentsForOneSecond(makeSheet{ presentationAnimationDuration = 1.0 })
  end)

  it("overridden in a scrim.class moves all three", function()
    local Slow = scrim.class("Slow", scrim.BottomPresentViewController)
    function Slow:viewDidLoad()
      local content = scrim.View{ name = "content" }
      self.view:addSubview(content)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      scrim.constrain(content, "trailing", "==", self.view, "trailing")
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
    end
    function Slow:animatedBottomConstraint() return self.bottom end
    function Slow:presentationAnimationDuration() return 1.0 end
    presentsForOneSecond(Slow())
  end)
end)

describe("a member reachable from the controller and its transitioning", function()
  it("reads on the controller as the answer the transition uses", function()
    local sheet = makeSheet()
    assert.is_true(sheet.allowTapDimmingViewToDismiss)
    assert.are.equal(0.25, sheet.presentationAnimationDuration)
    sheet.dimmingTransitioning.allowTapDimmingViewToDismiss = function() return false end
    sheet.dimmingTransitioning.presentationAnimationDuration = 1.5
    sheet.dimmingTransitioning.dismissalAnimationDuration = function() return 0.5 end
    assert.is_false(sheet.allowTapDimmingViewToDismiss)
    assert.are.equal(1.5, sheet.presentationAnimationDuration)
    assert.are.equal(0.5, sheet.dismissalAnimationDuration)
  end)

  it("has the value given last, to either object", function()
    local sheet = makeSheet{ allowTapDimmingViewToDismiss = false }
    sheet.dimmingTransitioning.allowTapDimmingViewToDismiss = true
    assert.is_true(sheet.allowTapDimmingViewToDismiss)
    scrim.present(sheet)
    scrim.settle()
    scrim.tap(195, 100) -- the dimming view: the transitioning's true dismisses
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)

    sheet.allowTapDimmingViewToDismiss = false -- the controller's, given last, replaces the transitioning's closure
    assert.is_nil(sheet.dimmingTransitioning.allowTapDimmingViewToDismiss)
    scrim.present(sheet)
    scrim.settle()
    scrim.tap(195, 100)
    scrim.settle()
    assert.are.equal(sheet, scrim.rootViewController.presentedViewController)
    sheet:dismiss(false)
    scrim.settle()
  end)
end)

describe("replacing a base class's animation", function()
  -- Where the content is 0.1 s into the presentation: below its final place while the base class's slide runs.
  local function slidingAfterPresenting(sheet)
    scrim.present(sheet)
    scrim.advance(0.1)
    local content = sheet.view:find("content")
    local sliding = content:presentation().frame.y > content.frame.y + 1
    scrim.settle()
    sheet:dismiss(false)
    scrim.settle()
    return sliding
  end

  it("drops the slide unless the replacement runs self.super's", function()
    assert.is_true(slidingAfterPresenting(makeSheet()))
    local ran = 0
    assert.is_false(slidingAfterPresenting(makeSheet{ executePresentationAnimation = function() ran = ran + 1 end }))
    assert.is_true(slidingAfterPresenting(makeSheet{ executePresentationAnimation = function(self)
      ran = ran + 1
      self.super:executePresentationAnimation()
    end }))
    assert.are.equal(2, ran)
  end)

  it("reaches the base animation from an assigned override and from the transitioning's closure", function()
    local assigned = makeSheet()
    assigned.executePresentationAnimation = function(self) self.super:executePresentationAnimation() end
    assert.is_true(slidingAfterPresenting(assigned))
    local closure = makeSheet()
    closure.dimmingTransitioning.executePresentationAnimation = function()
      closure.super:executePresentationAnimation()
    end
    assert.is_true(slidingAfterPresenting(closure))
  end)

  it("gives self.super of a plain instance as read-only", function()
    local sheet = makeSheet()
    assert.has_error(function() sheet.super.x = 1 end, "self.super is read-only")
  end)
end)
