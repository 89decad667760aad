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
    assert.is_false(sheet.dimmingTransitioning.allowTapDimmingViewToDismiss)
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

-- Every member reachable from a base-class controller and from its dimmingTransitioning, given in each style: what
-- the transition does (the slide, the fade, the completion, a tap) and what reading it on either object gives agree.
describe("each transition member in each style", function()
  local function buildContent(self)
    local content = scrim.View{ name = "content", backgroundColor = "white" }
    self.view:addSubview(content)
    scrim.constrain(content, "leading", "==", self.view, "leading")
    scrim.constrain(content, "trailing", "==", self.view, "trailing")
    scrim.constrain{ item = content, attribute = "height", constant = 300 }
    self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
  end

  -- Makes a sheet with `member` given as `value` (a function of self, as a controller and a class take it) in `style`.
  local styles = {
    ["a closure on the controller"] = function(member, value)
      return makeSheet{ [member] = value }
    end,
    ["a closure on the transitioning"] = function(member, value)
      local sheet = makeSheet()
      sheet.dimmingTransitioning[member] = function() return value(sheet) end
      return sheet
    end,
    ["a delegate table"] = function(member, value)
      local sheet = makeSheet()
      local delegate = {
        executePresentationAnimation = function() sheet.super:executePresentationAnimation() end,
        executeDismissalAnimation = function() sheet.super:executeDismissalAnimation() end,
      }
      delegate[member] = function() return value(sheet) end
      sheet.dimmingTransitioning.delegate = delegate -- kept by the transitioning, which the sheet keeps
      return sheet
    end,
    ["a scrim.class override"] = function(member, value)
      local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
      Sheet.viewDidLoad = buildContent
      function Sheet:animatedBottomConstraint() return self.bottom end
      Sheet[member] = value
      return Sheet()
    end,
  }

  -- What reading `member` gives on the controller and on its transitioning: one answer.
  local function readsAgree(sheet, member, expected)
    local fromController, fromTransitioning = sheet[member], sheet.dimmingTransitioning[member]
    assert.is_true(rawequal(fromController, fromTransitioning),
      member .. ": " .. tostring(fromController) .. " on the controller, " .. tostring(fromTransitioning) .. " on its transitioning")
    if expected ~= nil then assert.are.equal(expected, fromController) end
  end

  local function isSliding(sheet)
    local content = sheet.view:find("content")
    return math.abs(content:presentation().frame.y - content.frame.y) > 1
  end

  local function fadeUnderWay(sheet)
    local alpha = sheet.dimmingTransitioning.dimmingView:presentation().alpha
    return alpha > 0.05 and alpha < 0.95
  end

  for style, make in pairs(styles) do
    describe("given as " .. style, function()
      it("presentationAnimationDuration: the slide, the fade and the completion take it; both read it", function()
        local sheet = make("presentationAnimationDuration", function() return 1.0 end)
        readsAgree(sheet, "presentationAnimationDuration", 1.0)
        local start = scrim.now()
        scrim.present(sheet)
        scrim.advance(0.8)
        assert.is_true(isSliding(sheet), "the slide is done before 0.8 s")
        assert.is_true(fadeUnderWay(sheet), "the fade is done before 0.8 s")
        scrim.settle()
        assert.are.equal(1.0, scrim.now() - start)
        sheet:dismiss(false)
        scrim.settle()
      end)

      it("dismissalAnimationDuration: the slide back, the fade and the completion take it; both read it", function()
        local sheet = make("dismissalAnimationDuration", function() return 1.0 end)
        readsAgree(sheet, "dismissalAnimationDuration", 1.0)
        scrim.present(sheet)
        scrim.settle()
        local start = scrim.now()
        sheet:dismiss(true)
        scrim.advance(0.8)
        assert.is_true(isSliding(sheet), "the slide back is done before 0.8 s")
        assert.is_true(fadeUnderWay(sheet), "the fade out is done before 0.8 s")
        scrim.settle()
        assert.are.equal(1.0, scrim.now() - start)
        assert.is_nil(scrim.rootViewController.presentedViewController)
      end)

      it("allowTapDimmingViewToDismiss: a tap keeps the sheet; both read it", function()
        local sheet = make("allowTapDimmingViewToDismiss", function() return false end)
        readsAgree(sheet, "allowTapDimmingViewToDismiss", false)
        scrim.present(sheet)
        scrim.settle()
        scrim.tap(195, 100)
        scrim.settle()
        assert.are.equal(sheet, scrim.rootViewController.presentedViewController)
        sheet:dismiss(false)
        scrim.settle()
      end)

      it("dimmingViewTapped: a tap calls it; both read the same function", function()
        local taps = 0
        local sheet = make("dimmingViewTapped", function() taps = taps + 1 end)
        readsAgree(sheet, "dimmingViewTapped")
        assert.is_function(sheet.dimmingViewTapped)
        scrim.present(sheet)
        scrim.settle()
        scrim.tap(195, 100)
        scrim.settle()
        assert.are.equal(1, taps)
      end)

      it("executePresentationAnimation: it replaces the slide, the fade still runs; both read the same function", function()
        local runs = 0
        local sheet = make("executePresentationAnimation", function() runs = runs + 1 end)
        readsAgree(sheet, "executePresentationAnimation")
        assert.is_function(sheet.executePresentationAnimation)
        scrim.present(sheet)
        scrim.advance(0.1)
        assert.is_false(isSliding(sheet))
        assert.is_true(fadeUnderWay(sheet))
        scrim.settle()
        assert.are.equal(1, runs)
        assert.is_false(sheet.isBeingPresented)
        sheet:dismiss(false)
        scrim.settle()
      end)

      it("executeDismissalAnimation: it replaces the slide back, the completion still comes; both read the same function", function()
        local runs = 0
        local sheet = make("executeDismissalAnimation", function() runs = runs + 1 end)
        readsAgree(sheet, "executeDismissalAnimation")
        scrim.present(sheet)
        scrim.settle()
        sheet:dismiss(true)
        scrim.advance(0.1)
        assert.is_false(isSliding(sheet))
        scrim.settle()
        assert.are.equal(1, runs)
        assert.is_nil(scrim.rootViewController.presentedViewController)
      end)
    end)
  end

  it("reads nil for a method Scrim's own implementation runs, on both objects", function()
    for _, sheet in ipairs{ makeSheet(), scrim.class("Bare", scrim.BottomPresentViewController)() } do
      for _, member in ipairs{ "executePresentationAnimation", "executeDismissalAnimation", "dimmingViewTapped" } do
        assert.is_nil(sheet[member])
        assert.is_nil(sheet.dimmingTransitioning[member])
      end
    end
  end)
end)

-- Replacing a base class's animation, for every base class and every place a replacement is given: without
-- self.super's the content stays put (at its final place, the dimming still fades, the transition still completes);
-- with it, the content moves frame for frame as the base class's own animation moves it.
describe("an animation replaced on each base class", function()
  local function square(self)
    local content = scrim.View{ name = "content", backgroundColor = "white" }
    self.view:addSubview(content)
    scrim.constrain{ item = content, attribute = "width", constant = 200 }
    scrim.constrain{ item = content, attribute = "height", constant = 200 }
    return content
  end
  -- Each base class's content and the member it animates (docs/API.md §6's table).
  local edges = {
    BottomPresentViewController = function(self)
      local content = square(self)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      self.target = scrim.constrain(self.view, "bottom", "==", content, "bottom")
    end,
    TopPresentViewController = function(self)
      local content = square(self)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      self.target = scrim.constrain(content, "top", "==", self.view, "top")
    end,
    RightPresentViewController = function(self)
      local content = square(self)
      scrim.constrain(content, "top", "==", self.view, "top")
      self.target = scrim.constrain(self.view, "trailing", "==", content, "trailing")
    end,
    LeftPresentViewController = function(self)
      local content = square(self)
      scrim.constrain(content, "top", "==", self.view, "top")
      self.target = scrim.constrain(content, "leading", "==", self.view, "leading")
    end,
    CenterPresentViewController = function(self)
      local content = square(self)
      scrim.constrain(content, "centerX", "==", self.view, "centerX")
      scrim.constrain(content, "centerY", "==", self.view, "centerY")
      self.target = content
    end,
  }
  local targetMember = {
    BottomPresentViewController = "animatedBottomConstraint", TopPresentViewController = "animatedTopConstraint",
    RightPresentViewController = "animatedTrailingConstraint", LeftPresentViewController = "animatedLeadingConstraint",
    CenterPresentViewController = "animatedContentView",
  }

  -- A class over `base` whose instances animate as the base class does.
  local function classOver(base)
    local C = scrim.class("Over" .. base, scrim[base])
    C.viewDidLoad = edges[base]
    C[targetMember[base]] = function(self) return self.target end
    return C
  end

  -- Where a replacement of both animations is given; `run(self, which)` is the replacement's body, `which` naming
  -- the member ("executePresentationAnimation", …).
  local places = {
    ["an option"] = function(base, run)
      return classOver(base){
        executePresentationAnimation = function(self) run(self, "executePresentationAnimation") end,
        executeDismissalAnimation = function(self) run(self, "executeDismissalAnimation") end,
      }
    end,
    ["an assignment"] = function(base, run)
      local vc = classOver(base)()
      vc.executePresentationAnimation = function(self) run(self, "executePresentationAnimation") end
      vc.executeDismissalAnimation = function(self) run(self, "executeDismissalAnimation") end
      return vc
    end,
    ["a closure on the transitioning"] = function(base, run)
      local vc = classOver(base)()
      vc.dimmingTransitioning.executePresentationAnimation = function() run(vc, "executePresentationAnimation") end
      vc.dimmingTransitioning.executeDismissalAnimation = function() run(vc, "executeDismissalAnimation") end
      return vc
    end,
    ["a delegate table"] = function(base, run)
      local vc = classOver(base)()
      vc.dimmingTransitioning.delegate = {
        executePresentationAnimation = function() run(vc, "executePresentationAnimation") end,
        executeDismissalAnimation = function() run(vc, "executeDismissalAnimation") end,
      }
      return vc
    end,
    ["a scrim.class method"] = function(base, run)
      local C = scrim.class("Replacing", classOver(base))
      function C:executePresentationAnimation() run(self, "executePresentationAnimation") end
      function C:executeDismissalAnimation() run(self, "executeDismissalAnimation") end
      return C()
    end,
  }

  -- The content's presented frame and alpha every 0.05 s of a presentation and of a dismissal, and how long each
  -- transition took.
  local function film(vc)
    local frames = {}
    local function shoot(steps)
      for _ = 1, steps do
        scrim.advance(0.05)
        local shown = vc.view:find("content"):presentation()
        local f = shown.frame
        frames[#frames + 1] = string.format("%.2f %.2f %.2f %.2f %.3f", f.x, f.y, f.width, f.height, shown.alpha)
      end
    end
    local start = scrim.now()
    scrim.present(vc)
    shoot(4)
    scrim.settle()
    local presenting = scrim.now() - start
    start = scrim.now()
    vc:dismiss(true)
    shoot(4)
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)
    return frames, presenting, scrim.now() - start
  end

  for base in pairs(edges) do
    local baseFrames = film(classOver(base)())
    for place, make in pairs(places) do
      it(base .. ", given as " .. place .. ": without self.super's the content stays put", function()
        local calls = 0
        local frames, presenting, dismissing = film(make(base, function() calls = calls + 1 end))
        assert.are.equal(2, calls)
        assert.are_not.same(baseFrames, frames)
        for i = 2, 4 do assert.are.equal(frames[1], frames[i], "the content moved on its own at frame " .. i) end
        assert.are.equal(0.25, presenting) -- the dimming fade and the completion run as before
        assert.are.equal(0.25, dismissing)
      end)

      it(base .. ", given as " .. place .. ": with self.super's the content moves as the base class's does", function()
        local frames = film(make(base, function(self, which) self.super[which](self.super) end))
        assert.are.same(baseFrames, frames)
      end)
    end
  end
end)
