-- The assertion library of `scrim test`, checked from the inside: each failure is caught and its
-- message, expected and actual values inspected.

local function failure_of(fn)
  local ok, err = pcall(fn)
  assert.is_false(ok, "the assertion should have failed")
  return err
end

describe("scrim test assertions", function()
  describe("chains", function()
    it("accept busted's spellings", function()
      assert.are.equal(1, 1)
      assert.is.equal(1, 1)
      assert.equals(1, 1)
      assert.are.same({ a = { 1 } }, { a = { 1 } })
      assert.is.truthy(1)
      assert.is_falsy(false)
      assert.is_not.equal(1, 2)
      assert.are_not.same({ 1 }, { 2 })
      assert.is_not_nil(0)
      assert.not_nil(0)
      assert.has_no.errors(function() end)
      assert.has_error(function() error("x") end)
    end)

    it("raise an error for an unknown assertion", function()
      local ok, err = pcall(function() assert.is.shiny(1) end)
      assert.is_false(ok)
      assert.matches("unknown assertion 'assert.is_shiny'", err)
    end)

    it("return the value when called plainly, as Lua's assert does", function()
      local a, b = assert(7, "msg")
      assert.are.equal(7, a)
      assert.are.equal("msg", b)
    end)
  end)

  describe("failures", function()
    it("carry the spec's own line", function()
      local err = failure_of(function() assert.are.equal(1, 2) end)
      assert.are.equal("Tests/lua/test_runner_assertions_spec.lua:42", err.where)
    end)

    it("pretty-print tables one level deep with sorted keys", function()
      local err = failure_of(function() assert.are.same({ b = 1, a = { 2 }, 3 }, {}) end)
      assert.are.equal('{3, a = {…}, b = 1}', err.expected)
      assert.are.equal("{}", err.actual)
    end)

    it("name the first difference of deep comparisons", function()
      local err = failure_of(function() assert.are.same({ x = { y = 1 } }, { x = { y = 2 } }) end)
      assert.matches("first difference at .x.y: expected 1, got 2", err.message, 1, true)
    end)

    it("use a custom message when one is given", function()
      local err = failure_of(function() assert.is_true(false, "it was off") end)
      assert.are.equal("it was off", err.message)
    end)

    it("show negations as 'not'", function()
      local err = failure_of(function() assert.is_not.equal(3, 3) end)
      assert.are.equal("not 3", err.expected)
    end)
  end)

  describe("rect_near", function()
    it("accepts both rect forms within the default tolerance", function()
      assert.rect_near({ x = 0, y = 10, width = 100, height = 50 }, { 0.4, 10, 100, 49.6 })
      assert.rect_near({ 1, 2, 3, 4 }, { x = 1, y = 2, w = 3, h = 4 })
    end)

    it("names the coordinate that is off", function()
      local err = failure_of(function()
        assert.rect_near({ x = 0, y = 0, width = 10, height = 10 }, { 0, 0, 10, 12 })
      end)
      assert.matches("(height differs)", err.message, 1, true)
      assert.are.equal("{x = 0, y = 0, width = 10, height = 12}", err.expected)
    end)

    it("takes a tolerance", function()
      assert.rect_near({ 0, 0, 10, 10 }, { 0, 0, 10, 12 }, 2)
      assert.is_not.rect_near({ 0, 0, 10, 10 }, { 0, 0, 10, 12 }, 1)
    end)
  end)

  describe("snapshot", function()
    it("needs a name", function()
      assert.has_error(function() assert.snapshot(42) end,
        "bad argument #1 to 'assert.snapshot' (snapshot name expected, got number)")
      assert.has_error(function() assert.snapshot("") end,
        "bad argument #1 to 'assert.snapshot' (snapshot name expected, got string)")
    end)

    it("checks its options", function()
      assert.has_error(function() assert.snapshot("x", { tolerance = 300 }) end,
        "assert.snapshot: option 'tolerance' must be within 0…255, got 300")
    end)
  end)
end)
