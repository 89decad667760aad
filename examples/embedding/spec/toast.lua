-- The Toast host class from Lua, as a spec: both binding styles and a scrim.class subclass, with the defaults the
-- declaration gives. Run by the example's host (ScrimSpecs), since only it knows scrim.Toast.
describe("Toast", function()
  it("slides in from the top and dismisses itself after the default 2 s", function()
    local toast = scrim.Toast{ text = "hi" }
    assert.equal(-60, toast.offset)
    toast:show()
    scrim.advance(0.25)
    assert.equal(0, toast.offset)
    scrim.advance(2.1)
    assert.is_false(toast.isShown)
    scrim.settle()
    assert.equal(-60, toast.offset)
  end)

  it("takes closures, called without self", function()
    local toast, taps = scrim.Toast{}, 0
    toast.toastShouldAutoDismiss = function() return false end
    toast.toastTapped = function(...) taps = taps + 1; assert.equal(0, select("#", ...)) end
    toast:show()
    scrim.advance(10)
    assert.is_true(toast.isShown)
    toast:tap()
    assert.equal(1, taps)
    assert.is_false(toast.isShown)
  end)

  it("takes a delegate table, its methods called with the table", function()
    local delegate = { toastDuration = function(self) return self.wait end, wait = 4 }
    local spy = spy.on(delegate, "toastDuration")
    local toast = scrim.Toast{ delegate = delegate }
    toast:show()
    assert.spy(spy).was.called_with(delegate)
    scrim.advance(4)
    assert.is_true(toast.isShown)
    scrim.advance(0.5)
    assert.is_false(toast.isShown)
  end)

  it("lets a closure win over the delegate's member", function()
    local toast = scrim.Toast{ delegate = { toastShouldAutoDismiss = true } }
    toast.toastShouldAutoDismiss = false
    toast:show()
    scrim.advance(10)
    assert.is_true(toast.isShown)
  end)

  it("is subclassed with scrim.class, overrides called with the toast", function()
    local Sticky = scrim.class("Sticky", scrim.Toast)
    function Sticky:toastShouldAutoDismiss() return self.text ~= "sticky" end
    local toast = Sticky{ text = "sticky" }
    toast:show()
    scrim.advance(10)
    assert.is_true(toast.isShown)
  end)

  it("gives an override the declared default through self.super", function()
    local Longer = scrim.class("Longer", scrim.Toast)
    function Longer:toastDuration() return self.super.toastDuration + 1 end
    local toast = Longer{}
    toast:show()
    scrim.advance(3)
    assert.is_true(toast.isShown)
    scrim.advance(0.5)
    assert.is_false(toast.isShown)
  end)

  it("refuses a member of the wrong kind at the line that set it", function()
    local toast = scrim.Toast{}
    assert.has_error(function() toast.toastShouldAutoDismiss = "yes" end,
      "bad value for field 'toastShouldAutoDismiss' (function or boolean expected, got string)")
  end)
end)
