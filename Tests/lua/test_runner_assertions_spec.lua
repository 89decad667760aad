-- The assertion library of `scrim test`, checked from the inside: each failure is caught and its
-- message (luassert's texts) and place inspected.

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

    it("raise an error (not a failure) at the spec's line for an unknown assertion", function()
      local err = failure_of(function() assert.is.shiny(1) end)
      assert.are.equal("Tests/lua/test_runner_assertions_spec.lua:28: luassert: unknown modifier/assertion: 'is_shiny'", err)
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
      assert.are.equal("Tests/lua/test_runner_assertions_spec.lua:41", err.where)
    end)

    it("pretty-print tables as luassert does, keys sorted, the difference marked", function()
      local err = failure_of(function() assert.are.same({ x = { y = 1 }, 3 }, { x = { y = 2 }, 3 }) end)
      local text = err.message:gsub("table: 0x%x+", "table")
      assert.are.equal("Expected objects to be the same.\nPassed in:\n(table) {\n  [1] = 3\n *[x] = {\n   *[y] = 2 } }\n"
        .. "Expected:\n(table) {\n  [1] = 3\n *[x] = {\n   *[y] = 1 } }", text)
    end)

    it("stop at TableFormatLevel", function()
      assert:set_parameter("TableFormatLevel", 1)
      local err = failure_of(function() assert.are.same({ a = { b = 1 } }, {}) end)
      assert:set_parameter("TableFormatLevel", 3)
      assert.matches("[a] = { ... more }", err.message, 1, true)
    end)

    it("put a custom message first", function()
      local err = failure_of(function() assert.is_true(false, "it was off") end)
      assert.are.equal("it was off\nExpected objects to be the same.\nPassed in:\n(boolean) false\nExpected:\n(boolean) true",
        err.message)
    end)

    it("say what was not expected when negated", function()
      local err = failure_of(function() assert.is_not.equal(3, 3) end)
      assert.are.equal("Expected objects to not be equal.\nPassed in:\n(number) 3\nDid not expect:\n(number) 3", err.message)
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
      assert.matches("Expected:\n{x = 0, y = 0, width = 10, height = 12}", err.message, 1, true)
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
