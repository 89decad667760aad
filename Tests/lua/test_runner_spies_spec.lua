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
