describe("scrim test spies", function()
  it("count calls and check arguments", function()
    local s = spy.new(function(a, b) return a + b end)
    assert.are.equal(3, s(1, 2))
    s(4, 5)
    assert.spy(s).was.called(2)
    assert.spy(s).was.called_with(4, 5)
    assert.spy(s).was_not.called_with(4)
    assert.spy(s).was.called_with(match._, 2)
    assert.spy(s).returned_with(9)
    assert.spy(s).was.called_at_least(1)
  end)

  it("wrap a method with spy.on and put it back with revert", function()
    local obj = { value = function() return "real" end }
    local original = obj.value
    local s = spy.on(obj, "value")
    assert.are.equal("real", obj.value())
    assert.spy(s).was.called(1)
    s:revert()
    assert.are.equal(original, obj.value)
  end)

  it("replace a method with stub", function()
    local obj = { value = function() return "real" end }
    local s = stub(obj, "value", "fake", 2)
    local a, b = obj.value()
    assert.are.equal("fake", a)
    assert.are.equal(2, b)
    s.returns("other")
    assert.are.equal("other", obj.value())
    s:revert()
    assert.are.equal("real", obj.value())
  end)

  local shared = { value = function() return "real" end }

  it("stay in place after the test, as in busted", function()
    stub(shared, "value", "stubbed")
    assert.are.equal("stubbed", shared.value())
  end)

  it("until reverted", function()
    assert.are.equal("stubbed", shared.value())
    shared.value:revert()
    assert.are.equal("real", shared.value())
  end)

  it("mock every function of a table", function()
    local api = mock({ get = function() return 1 end, nested = { put = function() end } })
    api.get()
    api.nested.put("x")
    assert.spy(api.get).was.called(1)
    assert.spy(api.nested.put).was.called_with("x")
    mock.revert(api)
    assert.is_false(spy.is_spy(api.get))
  end)
end)

describe("scrim test hooks", function()
  local events = {}
  setup(function() events[#events + 1] = "setup" end)
  before_each(function() events[#events + 1] = "before" end)
  after_each(function() events[#events + 1] = "after" end)

  it("ran setup once, then before_each", function()
    assert.are.same({ "setup", "before" }, events)
  end)

  it("ran after_each after the last test", function()
    assert.are.same({ "setup", "before", "after", "before" }, events)
  end)

  it("runs finally handlers even when the test fails", function()
    local cleaned = false
    local ok = pcall(function()
      finally(function() cleaned = true end)
    end)
    assert.is_true(ok)
    assert.is_false(cleaned) -- it runs when the test ends, not when the function that registered it returns
  end)
end)

-- A spy is a callable table: Scrim calls it wherever it takes a method (an override, a delegate member), as it
-- calls a function, so a spy installed on a Scrim object sees Scrim's own calls.
describe("spies where Scrim calls a method", function()
  it("spy.on a scrim.class instance sees Scrim's call of the override", function()
    local Loaded = scrim.class("SpiedController", scrim.ViewController)
    function Loaded:viewDidLoad() self.loaded = true end
    local controller = Loaded()
    spy.on(controller, "viewDidLoad")
    local _ = controller.view
    assert.spy(controller.viewDidLoad).was.called(1)
    assert.spy(controller.viewDidLoad).was.called_with(controller)
    assert.is_true(controller.loaded)
  end)

  it("a stub on a plain controller replaces Scrim's method", function()
    local controller = scrim.ViewController{}
    stub(controller, "viewDidLoad")
    local _ = controller.view
    assert.stub(controller.viewDidLoad).was.called(1)
  end)

  it("a spy as a class-level override and as an instance's", function()
    local Sheet = scrim.class("SpiedSheet", scrim.BottomPresentViewController)
    function Sheet:viewDidLoad()
      local content = scrim.View{ name = "content" }
      self.view:addSubview(content)
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
    end
    Sheet.animatedBottomConstraint = spy.new(function(self) return self.bottom end)
    local sheet = Sheet()
    sheet.animatedHeight = spy.new(function() return 300 end)
    scrim.present(sheet, true)
    scrim.settle()
    assert.spy(Sheet.animatedBottomConstraint).was.called()
    assert.spy(sheet.animatedHeight).was.called_with(sheet)
  end)

  it("a spy as a popup delegate method", function()
    local didSelect = spy.new(function() end)
    local popup = scrim.PopupWindow{ items = { "a" }, delegate = { didSelectItem = didSelect } }
    popup:create()
    scrim.settle()
    assert.is_true(popup:select("a"))
    scrim.settle()
    assert.spy(didSelect).was.called(1)
    assert.spy(didSelect).was.called_with(match._, popup, "a", 1)
  end)

  it("a spy as a DimmingTransitioning member", function()
    local animate = spy.new(function() end)
    local transitioning = scrim.DimmingTransitioning{ executePresentationAnimation = animate }
    local controller = scrim.ViewController{}
    controller.modalPresentationStyle = "custom"
    controller.transitioningDelegate = transitioning
    scrim.present(controller, true)
    scrim.settle()
    assert.spy(animate).was.called(1)
  end)

  it("a table without __call is still not a method", function()
    assert.has_error(function() scrim.ViewController{}.viewDidLoad = {} end)
  end)
  it("are callbacks wherever Scrim takes a function (anything Lua can call)", function()
    local timer, handler, tapped = spy.new(function() end), spy.new(function() end), spy.new(function() end)
    scrim.after(0.1, timer)
    scrim.on("spied.event", handler)
    local view = scrim.View{ name = "spied", frame = { 0, 0, 100, 100 } }
    scrim.window:addSubview(view)
    view:onTap(tapped)
    scrim.emit("spied.event", { value = 1 })
    scrim.tap(view)
    scrim.settle()
    assert.spy(timer).was.called(1)
    assert.spy(handler).was.called(1)
    assert.spy(tapped).was.called(1)
    local ok, err = pcall(scrim.after, 0.1, {})
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #2 to 'after' (function expected, got table)", 1, true))
  end)
end)
