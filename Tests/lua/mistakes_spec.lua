-- The mistakes a Lua author makes that Swift's compiler would catch: each fails at the line that made it, naming
-- the nearest known name, or (for a tap that reaches nothing) says why.

local function errorOf(f)
  local ok, message = pcall(f)
  assert.is_false(ok)
  return message
end

describe("a misspelt name", function()
  it("on the scrim module raises at the reading line with the nearest field", function()
    local line = debug.getinfo(1, "l").currentline + 1
    local message = errorOf(function() return scrim.BottomPresentViewControler end)
    assert.equal("Tests/lua/mistakes_spec.lua:" .. line .. ": scrim has no field 'BottomPresentViewControler'"
      .. " — did you mean 'BottomPresentViewController'?", message)
    assert.matches("scrim has no field 'settel' — did you mean 'settle'%?$", errorOf(function() return scrim.settel end))
    assert.matches("scrim has no field 'zzzzzz'$", errorOf(function() return scrim.zzzzzz end))
  end)

  it("on the module finds fields a script or a plugin host added", function()
    rawset(scrim, "myHelper", function() end)
    assert.matches("did you mean 'myHelper'%?$", errorOf(function() return scrim.myHelpr end))
    rawset(scrim, "myHelper", nil)
  end)

  it("on a Swift object raises on read and on write, with the nearest member", function()
    local view = scrim.View{ name = "v" }
    assert.matches("mistakes_spec.lua:%d+: View has no field 'backgroundColour' — did you mean 'backgroundColor'%?$",
      errorOf(function() return view.backgroundColour end))
    assert.matches("View has no field 'framee' — did you mean 'frame'%?$", errorOf(function() view.framee = 1 end))
    assert.matches("View has no field 'addSubveiw' — did you mean 'addSubview'%?$",
      errorOf(function() view:addSubveiw(scrim.View()) end))
    local sheet = scrim.BottomPresentViewController()
    assert.matches("BottomPresentViewController has no field 'animatedHeigth' — did you mean 'animatedHeight'%?$",
      errorOf(function() return sheet.animatedHeigth end))
  end)

  it("reads as nil on an instance of a Lua class, which may keep fields of its own", function()
    local Counter = scrim.class("Counter", scrim.ViewController)
    function Counter:bump() self.count = (self.count or 0) + 1 end
    local counter = Counter()
    counter:bump()
    counter:bump()
    assert.equal(2, counter.count)
    assert.is_nil(counter.notSetYet)
  end)

  it("as a class's base raises in scrim.class instead of making a class with no base", function()
    assert.matches("bad argument #2 to 'class' %(class expected, got nil%)", errorOf(function() scrim.class("S", nil) end))
    assert.matches("bad argument #2 to 'class' %(class expected, got number%)", errorOf(function() scrim.class("S", 1) end))
    assert.equal("class S", tostring(scrim.class("S")))
  end)
end)

describe("presenting twice", function()
  it("says a presentation is in progress, then that the controller is already presented", function()
    local vc = scrim.ViewController{ name = "Twice" }
    scrim.present(vc)
    assert.matches('Attempt to present ViewController "Twice" on ViewController "root" while a presentation is in progress',
      errorOf(function() scrim.present(vc) end), 1, true)
    scrim.settle()
    assert.matches('view controller ViewController "Twice" that is already being presented by ViewController "root"',
      errorOf(function() scrim.present(vc) end), 1, true)
    vc:dismiss(false)
    scrim.settle()
  end)
end)

describe("a tap that reaches nothing", function()
  local box
  before_each(function()
    box = scrim.View{ name = "box", frame = { x = 0, y = 0, width = 100, height = 100 } }
    scrim.window:addSubview(box)
  end)
  after_each(function() box:removeFromSuperview() end)

  it("returns nil and why: no recognizer", function()
    local handled, why = scrim.tap(50, 50)
    assert.is_nil(handled)
    assert.equal('the tap at (50, 50) reached "box", and neither it nor a view it is in has a tap recognizer', why)
  end)

  it("returns nil and why: hidden, interaction off, transparent", function()
    box:addGestureRecognizer(scrim.TapGestureRecognizer(function() end))
    assert.equal(box, scrim.tap(box))
    box.hidden = true
    assert.equal('the tap at (50, 50) is ignored: "box" is hidden', select(2, scrim.tap(box)))
    box.hidden = false
    box.userInteractionEnabled = false
    assert.matches('"box" has userInteractionEnabled = false$', select(2, scrim.tap("box")))
    box.userInteractionEnabled = true
    box.alpha = 0
    assert.matches('"box" is transparent', select(2, scrim.tap(50, 50)))
  end)

  it("returns nil and why: still animating, and until when", function()
    box:addGestureRecognizer(scrim.TapGestureRecognizer(function() end))
    local start = scrim.now()
    scrim.animate(0.3, function() box.frame = { x = 0, y = 10, width = 100, height = 100 } end)
    local handled, why = scrim.tap(50, 50)
    assert.is_nil(handled)
    assert.equal('the tap at (50, 50) is ignored: "box" is animating until ' .. (start + 0.3)
      .. ' s (taps skip views animated without allowUserInteraction)', why)
    scrim.settle()
    assert.equal(box, scrim.tap(50, 50))
  end)

  it("gives the reason to an assertion as its message", function()
    local ok, message = pcall(assert.equal, box, scrim.tap(box))
    assert.is_false(ok)
    assert.matches("neither it nor a view it is in has a tap recognizer", tostring(message), 1, true)
  end)
end)

describe("a method called with '.' instead of ':'", function()
  it("says to call it with ':'", function()
    local view, other = scrim.View{ name = "a" }, scrim.View{ name = "b" }
    assert.matches("bad argument #1 to 'addSubview' %(View expected, got no value%) — call it with ':' "
      .. "%(object:addSubview%(…%)%), which passes the object as self$", errorOf(function() view.addSubview(other) end))
    local popup = scrim.PopupWindow{ items = { "a" } }
    assert.matches("calling 'select' on bad self %(PopupWindow expected, got string%) — call it with ':'",
      errorOf(function() popup.select("a") end))
  end)

  it("gives no hint to a call made with ':'", function()
    local view = scrim.View{ name = "a" }
    local message = errorOf(function() view:addSubview() end)
    assert.matches("bad argument #1 to 'addSubview' %(View expected, got no value%)$", message)
  end)
end)

describe("an override reading its own member", function()
  local function sheetClass(duration)
    local S = scrim.class("SelfReading", scrim.BottomPresentViewController)
    function S:viewDidLoad()
      local content = scrim.View{ name = "content" }
      self.view:addSubview(content)
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
    end
    function S:animatedBottomConstraint() return self.bottom end
    S.presentationAnimationDuration = duration
    return S
  end

  it("raises at its line, pointing at self.super, rather than overflowing the C stack", function()
    local line = debug.getinfo(1, "l").currentline + 1
    local sheet = sheetClass(function(self) return self.presentationAnimationDuration * 2 end)()
    local message = errorOf(function() return sheet.presentationAnimationDuration end)
    assert.equal("Tests/lua/mistakes_spec.lua:" .. line .. ": 'presentationAnimationDuration' reads itself while its "
      .. "answer is being computed (an override reaches the base's value as self.super.presentationAnimationDuration)",
      message)
    -- nothing is left marked as under way: the next read raises the same way, not as a stuck answer
    assert.equal(message, errorOf(function() return sheet.presentationAnimationDuration end))
  end)

  it("reaches the base's value through self.super", function()
    local sheet = sheetClass(function(self) return self.super.presentationAnimationDuration * 2 end)()
    assert.equal(0.5, sheet.presentationAnimationDuration)
    assert.equal(0.5, sheet.dimmingTransitioning.presentationAnimationDuration)
  end)
end)
