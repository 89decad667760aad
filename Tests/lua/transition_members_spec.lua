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
