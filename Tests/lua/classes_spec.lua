-- scrim.class: constructor arguments, self.super at any depth, override members read back, errors at the caller.
local here = debug.getinfo(1, "S").short_src

local function raisesAt(line, pattern, fn)
  local ok, err = pcall(fn)
  assert.is_false(ok)
  assert.truthy(tostring(err):find(here .. ":" .. line .. ": ", 1, true), tostring(err))
  assert.truthy(tostring(err):find(pattern), tostring(err))
end

describe("scrim.class constructors", function()
  it("give their arguments to init; the options table is optional", function()
    local C = scrim.class("MyVC", scrim.ViewController)
    function C:init(n) self.n = n end
    assert.equal(5, C(5).n)
    assert.equal("x", C("x").n)
    assert.equal(7, C.new(7).n)
    assert.is_nil(C().n)
  end)

  it("take a table as if its fields were assigned: base options set, other names the instance's own", function()
    local C = scrim.class("Counter", scrim.ViewController)
    local seen
    function C:init(options) seen = options; self.doubled = options.count * 2 end
    local c = C{ name = "counted", count = 3 }
    assert.equal("counted", c.name)
    assert.equal(3, c.count)
    assert.equal(6, c.doubled)
    assert.equal(3, seen.count)
    local Plain = scrim.class("Plain", scrim.PopupWindow)
    local p = Plain{ items = { "a" }, label = "mine" }
    assert.same({ "a" }, p.items)
    assert.equal("mine", p.label)
  end)

  it("refuse what the base cannot take, at the caller's line", function()
    local C = scrim.class("Plain", scrim.ViewController)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'Plain' %(table expected, got number%)",
      function() C(5) end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'Plain' %(field 'isBeingPresented' of ViewController is read%-only%)",
      function() C{ isBeingPresented = true } end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'Plain' %(field 'name': string expected, got number%)",
      function() C{ name = 5 } end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'Plain' %(field names must be strings%)",
      function() C{ 1, 2 } end)
  end)

  it("of Scrim classes name the caller's line, not the class prelude", function()
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'PopupWindow' %(unknown option 'item'",
      function() scrim.PopupWindow{ item = { "a" } } end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'ViewController' %(ViewController has no field 'foo'%)",
      function() scrim.ViewController{ foo = 1 } end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad argument #1 to 'CenterPresentViewController'",
      function() scrim.CenterPresentViewController(5) end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'animatedHeight'",
      function() scrim.BottomPresentViewController.new{ animatedHeight = 0 / 0 } end)
  end)
end)

describe("self.super", function()
  it("reaches each class's own base at any depth (Scrim base)", function()
    local log = {}
    local A = scrim.class("A", scrim.ViewController)
    function A:viewDidLoad() log[#log + 1] = "A"; self.super:viewDidLoad() end
    local B = scrim.class("B", A)
    function B:viewDidLoad() log[#log + 1] = "B"; self.super:viewDidLoad() end
    local C = scrim.class("C", B)
    function C:viewDidLoad() log[#log + 1] = "C"; self.super:viewDidLoad() end
    local D = scrim.class("D", C)
    local _ = D().view
    assert.same({ "C", "B", "A" }, log)
  end)

  it("reaches each class's own base at any depth (plain classes)", function()
    local P = scrim.class("P")
    function P:hello() return "P" end
    local Q = scrim.class("Q", P)
    function Q:hello() return "Q" .. self.super:hello() end
    local R = scrim.class("R", Q)
    function R:hello() return "R" .. self.super:hello() end
    local S = scrim.class("S", R)
    function S:hello() return "S" .. self.super.hello(self) end
    assert.equal("SRQP", S():hello())
    assert.equal("RQP", R():hello())
  end)
end)

describe("override members", function()
  it("read back their value, defaults included", function()
    local plain = scrim.BottomPresentViewController{}
    assert.equal(scrim.screen.height * 0.8, plain.animatedHeight)
    assert.equal(0.25, plain.presentationAnimationDuration)
    assert.is_true(plain.allowTapDimmingViewToDismiss)
    assert.is_nil(plain.animatedBottomConstraint)
    assert.equal(scrim.screen.width, scrim.RightPresentViewController{}.animatedWidth)

    local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
    local sheet = Sheet()
    assert.equal(scrim.screen.height * 0.8, sheet.animatedHeight)
    Sheet.animatedHeight = 300
    assert.equal(300, sheet.animatedHeight)
    sheet.animatedHeight = 200
    assert.equal(200, sheet.animatedHeight)
    assert.equal(120, scrim.TopPresentViewController{ animatedHeight = 120 }.animatedHeight)
  end)

  it("reach Scrim's value through self.super", function()
    local Half = scrim.class("Half", scrim.BottomPresentViewController)
    function Half:animatedHeight() return self.super.animatedHeight / 2 end
    local half = Half()
    assert.equal(scrim.screen.height * 0.4, half:animatedHeight())
    assert.equal(0.25, half.super.presentationAnimationDuration)
    assert.is_true(half.super.allowTapDimmingViewToDismiss)
  end)

  it("refuse values of the wrong kind", function()
    local vc = scrim.BottomPresentViewController{}
    raisesAt(debug.getinfo(1, "l").currentline, "bad value for field 'animatedHeight'", function() vc.animatedHeight = "tall" end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad value for field 'animatedHeight'", function() vc.animatedHeight = 1 / 0 end)
    raisesAt(debug.getinfo(1, "l").currentline, "bad value for field 'viewDidLoad'", function() vc.viewDidLoad = 3 end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "bad value for field 'presentationAnimationDuration'",
      function() vc.presentationAnimationDuration = -1 end)
  end)
end)

describe("objects refuse what they do not have", function()
  it("raise on writes to read-only fields", function()
    local vc = scrim.ViewController{}
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'isBeingPresented' of ViewController is read%-only",
      function() vc.isBeingPresented = true end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'presentingViewController' of ViewController is read%-only",
      function() vc.presentingViewController = scrim.rootViewController end)
    local popup = scrim.PopupWindow()
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'isShowing' of PopupWindow is read%-only",
      function() popup.isShowing = true end)
    assert.is_false(popup.isShowing)
    local sheet = scrim.BottomPresentViewController{}
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'dimmingTransitioning' of BottomPresentViewController is read%-only",
      function() sheet.dimmingTransitioning = scrim.DimmingTransitioning() end)
    local Sub = scrim.class("Sub", scrim.PopupWindow)
    local sub = Sub()
    raisesAt(debug.getinfo(1, "l").currentline + 1, "field 'items' of PopupWindow is read%-only",
      function() sub.items = {} end)
  end)

  it("raise on unknown fields, but a scrim.class instance keeps its own", function()
    local vc = scrim.ViewController{}
    raisesAt(debug.getinfo(1, "l").currentline + 1, "ViewController has no field 'transitionDelegate'",
      function() vc.transitionDelegate = {} end)
    raisesAt(debug.getinfo(1, "l").currentline + 1, "PopupWindow has no field 'delegte'",
      function() scrim.PopupWindow().delegte = {} end)
    local Mine = scrim.class("Mine", scrim.ViewController)
    local mine = Mine()
    mine.count = 1
    assert.equal(1, mine.count)
  end)
end)
