-- docs/API.md §4 and docs/DESIGN.md rule 10: Auto Layout on a Cassowary solver.
local function near_rect(actual, expected) assert.rect_near(actual, expected, 1e-6) end

describe("Auto Layout", function()
  local root
  before_each(function()
    root = scrim.View{ name = "root", frame = {0, 0, 390, 844} }
    scrim.window:addSubview(root)
  end)
  after_each(function() root:removeFromSuperview() end)

  it("pins edges, sizes and centres", function()
    local box = scrim.View{ name = "box" }
    root:addSubview(box)
    scrim.constrain(box, "centerX", "==", root, "centerX")
    scrim.constrain(box, "centerY", "==", root, "centerY", -100)
    scrim.constrain{ item = box, attribute = "width", constant = 200 }
    scrim.constrain{ item = box, attribute = "height", relation = "==", toItem = box, toAttribute = "width", multiplier = 0.5 }
    root:layoutIfNeeded()
    near_rect(box.frame, {95, 272, 200, 100})
  end)

  it("animates the seed's bottom sheet constraint (superview.bottom == content.bottom + constant)", function()
    local content = scrim.View{ name = "content" }
    root:addSubview(content)
    scrim.constrain(content, "leading", "==", root, "leading")
    scrim.constrain(content, "trailing", "==", root, "trailing")
    scrim.constrain{ item = content, attribute = "height", constant = 300 }
    local bottom = scrim.constrain(root, "bottom", "==", content, "bottom", -300)
    root:layoutIfNeeded()
    near_rect(content.frame, {0, 844, 390, 300})                 -- off screen below
    scrim.animate(0.25, function()
      bottom.constant = 0
      root:layoutIfNeeded()
    end)
    near_rect(content.frame, {0, 544, 390, 300})                 -- model at once
    scrim.advance(0.125)
    assert.near(694, content:presentation().frame.y, 1e-6)      -- halfway along ease-in-out
    scrim.settle()
    near_rect(content:presentation().frame, {0, 544, 390, 300})
  end)

  it("lets required inequalities beat optional priorities, and the higher priority win", function()
    local v = scrim.View{ name = "v", frame = {0, 0, 10, 10} }
    root:addSubview(v)
    scrim.constrain{ item = v, attribute = "width", relation = "<=", constant = 120 }
    scrim.constrain{ item = v, attribute = "width", constant = 300, priority = 750 }
    scrim.constrain{ item = v, attribute = "height", constant = 40, priority = 250 }
    scrim.constrain{ item = v, attribute = "height", constant = 60, priority = 500 }
    root:layoutIfNeeded()
    assert.near(120, v.frame.width, 1e-6)
    assert.near(60, v.frame.height, 1e-6)
  end)

  it("deactivates and reactivates", function()
    local v = scrim.View{ name = "v", frame = {0, 0, 10, 10} }
    root:addSubview(v)
    local wide = scrim.constrain{ item = v, attribute = "width", constant = 200 }
    root:layoutIfNeeded()
    assert.near(200, v.frame.width, 1e-6)
    wide.active = false
    assert.is_false(wide.active)
    local narrow = scrim.constrain{ item = v, attribute = "width", constant = 50 }
    root:layoutIfNeeded()
    assert.near(50, v.frame.width, 1e-6)
    assert.equal("width", narrow.attribute)
    assert.equal("==", narrow.relation)
    assert.equal(v, narrow.item)
  end)

  it("reports unsatisfiable required constraints, breaks one and carries on", function()
    local reports = {}
    scrim.on("layout.unsatisfiable", function(ev) reports[#reports + 1] = ev.constraints end)
    local v = scrim.View{ name = "stubborn", frame = {0, 0, 10, 10} }
    root:addSubview(v)
    scrim.constrain{ item = v, attribute = "width", constant = 100 }
    scrim.constrain{ item = v, attribute = "width", constant = 200 }
    root:layoutIfNeeded()
    assert.equal(1, #reports)
    assert.truthy(table.concat(reports[1], "\n"):find("stubborn.width", 1, true))
    assert.near(100, v.frame.width, 1e-6)
  end)

  it("names bad input", function()
    local v = scrim.View{ name = "v" }
    root:addSubview(v)
    local ok, err = pcall(scrim.constrain, v, "middle", "==", root, "left")
    assert.is_false(ok)
    assert.truthy(err:find("unknown attribute 'middle'", 1, true))
    ok, err = pcall(scrim.constrain, v, "left", "=", root, "left")
    assert.is_false(ok)
    assert.truthy(err:find("unknown relation '='", 1, true))
    local stranger = scrim.View{ name = "stranger" }
    ok, err = pcall(scrim.constrain, v, "left", "==", stranger, "left")
    assert.is_false(ok)
    assert.truthy(err:find("stranger", 1, true))
    ok = pcall(function() scrim.constrain{ item = v, attribute = "width", constant = 1, priority = 5000 } end)
    assert.is_false(ok)
    local c = scrim.constrain{ item = v, attribute = "width", constant = 10 }
    ok = pcall(function() c.priority = 500 end)
    assert.is_false(ok)
    assert.equal(1000, c.priority)
  end)
  it("a view leaving its superview takes its constraints to views outside its subtree with it, as in UIKit", function()
    local a = scrim.View{ name = "a", frame = { 0, 0, 200, 200 } }
    local b = scrim.View{ name = "b" }
    local inner = scrim.View{ name = "inner" }
    scrim.window:addSubview(a)
    a:addSubview(b)
    b:addSubview(inner)
    local toSuperview = scrim.constrain(b, "top", "==", a, "top", 10)
    local toSibling = scrim.constrain(a, "left", "==", b, "left")  -- b is the second item here
    local inside = scrim.constrain(inner, "left", "==", b, "left", 5)
    local ownSize = scrim.constrain{ item = b, attribute = "width", constant = 50 }
    a:insertSubview(b, 1)  -- reordering under the same superview is no move
    assert.is_true(toSuperview.active)
    b:removeFromSuperview()
    assert.is_false(toSuperview.active)
    assert.is_false(toSibling.active)
    assert.is_true(inside.active)
    assert.is_true(ownSize.active)
    -- Moved to another superview: the same rule.
    local c = scrim.View{ name = "c" }
    scrim.window:addSubview(c)
    c:addSubview(b)
    local toC = scrim.constrain(b, "top", "==", c, "top")
    a:addSubview(b)
    assert.is_false(toC.active)
    assert.is_true(inside.active)
  end)

  it("a constraint whose view was collected is no longer active", function()
    local c
    do
      local v = scrim.View{ name = "gone" }
      c = scrim.constrain{ item = v, attribute = "width", constant = 10 }
      assert.is_true(c.active)
    end
    collectgarbage()
    collectgarbage()
    assert.is_nil(c.item)
    assert.is_false(c.active)
  end)
end)

-- docs/API.md §5: UIKit's update cycle for every view controller.
describe("a view controller's layout", function()
  -- Issue 25's reproducer: a 100 × 100 view pinned to the top left of the controller's view, its constraints
  -- activated in viewDidLoad (outside the window).
  local Pinned = scrim.class("Pinned", scrim.ViewController)
  function Pinned:viewDidLoad()
    self.p2 = scrim.View{ name = "p2" }
    self.view:addSubview(self.p2)
    scrim.constrain(self.p2, "leading", "==", self.view, "leading")
    scrim.constrain(self.p2, "top", "==", self.view, "top")
    self.width = scrim.constrain{ item = self.p2, attribute = "width", constant = 100 }
    scrim.constrain{ item = self.p2, attribute = "height", constant = 100 }
  end

  local function tapReaches(view)
    local tapped = false
    view:onTap(function() tapped = true end)
    return scrim.tap(50, 50) == view and tapped
  end

  local function dismiss(vc)
    vc:dismiss()
    scrim.settle()
  end

  it("lays out a presented controller's view without a layoutIfNeeded (closure style)", function()
    local p2 = scrim.View{ name = "p2" }
    local log = {}
    local vc
    vc = scrim.ViewController{ name = "Full",
      viewDidLoad = function(self)
        self.view:addSubview(p2)
        scrim.constrain(p2, "leading", "==", self.view, "leading")
        scrim.constrain(p2, "top", "==", self.view, "top")
        scrim.constrain{ item = p2, attribute = "width", constant = 100 }
        scrim.constrain{ item = p2, attribute = "height", constant = 100 }
      end,
      viewWillAppear = function() log[#log + 1] = "viewWillAppear" end,
      viewWillLayoutSubviews = function(self)
        assert.equal(vc, self)
        log[#log + 1] = "viewWillLayoutSubviews " .. p2.frame.width
      end,
      viewDidLayoutSubviews = function() log[#log + 1] = "viewDidLayoutSubviews " .. p2.frame.width end,
      viewDidAppear = function() log[#log + 1] = "viewDidAppear" end,
    }
    scrim.present(vc)
    scrim.settle()
    scrim.advance(1)
    near_rect(p2.frame, {0, 0, 100, 100})
    assert.is_true(tapReaches(p2))
    assert.same({"viewWillAppear", "viewWillLayoutSubviews 0.0", "viewDidLayoutSubviews 100.0", "viewDidAppear"}, log)
    dismiss(vc)
  end)

  it("calls a scrim.class's viewWillLayoutSubviews and viewDidLayoutSubviews (methods), and self.super's", function()
    local Sheet = scrim.class("LayoutSheet", Pinned)
    local log = {}
    function Sheet:viewWillLayoutSubviews()
      self.super:viewWillLayoutSubviews()
      log[#log + 1] = "will " .. self.p2.frame.width
    end
    function Sheet:viewDidLayoutSubviews() log[#log + 1] = "did " .. self.p2.frame.width end
    local vc = Sheet{ name = "sheet" }
    scrim.present(vc, false)
    scrim.settle()
    assert.same({"will 0.0", "did 100.0"}, log)

    -- A constant change: laid out at the next turn, not before.
    vc.width.constant = 150
    assert.same({"will 0.0", "did 100.0"}, log)
    scrim.advance(0)
    assert.same({"will 0.0", "did 100.0", "will 100.0", "did 150.0"}, log)
    scrim.advance(0)
    assert.equal(4, #log, "nothing changed: no layout")
    dismiss(vc)
  end)

  it("lays out a dimming presentation whose executePresentationAnimation does not lay out", function()
    local vc = Pinned{ name = "dimmed", modalPresentationStyle = "custom" }
    local transitioning = scrim.DimmingTransitioning({ executePresentationAnimation = function() end,
                                                       executeDismissalAnimation = function() end })
    vc.transitioningDelegate = transitioning
    scrim.present(vc)
    scrim.settle()
    near_rect(vc.p2.frame, {0, 0, 100, 100})
    assert.is_true(tapReaches(vc.p2))
    dismiss(vc)
  end)

  it("applies constraint changes made in viewWillLayoutSubviews in the same layout", function()
    local widths = {}
    local vc = Pinned{ name = "adjusting" }
    vc.viewWillLayoutSubviews = function(self) self.width.constant = 200 end
    vc.viewDidLayoutSubviews = function(self) widths[#widths + 1] = self.p2.frame.width end
    scrim.present(vc)
    scrim.settle()
    assert.same({200}, widths)
    dismiss(vc)
  end)

  it("reports an error in viewDidLayoutSubviews naming it, and carries on", function()
    local errors = {}
    scrim.on("error", function(ev) errors[#errors + 1] = ev.context .. ": " .. ev.message end)
    local vc = Pinned{ name = "failing" }
    vc.viewDidLayoutSubviews = function() error("boom") end
    scrim.present(vc)
    scrim.settle()
    near_rect(vc.p2.frame, {0, 0, 100, 100})
    assert.equal(1, #errors)
    assert.truthy(errors[1]:find('viewDidLayoutSubviews of Pinned "failing": ', 1, true))
    assert.truthy(errors[1]:find("layout_spec.lua:%d+: boom"))
    dismiss(vc)
  end)
end)
