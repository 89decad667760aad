-- docs/API.md "Limits": Swift reads a table a script made raw, so its metatable's traps (an __index, __pairs or __len
-- that raises or loops) never run from a Swift frame: options tables and event fields give their ordinary result.
describe("tables with traps handed to Scrim", function()
  local function trapped(kind)
    local trap = kind == "raises" and function() error("trap sprung") end or function() while true do end end
    return setmetatable({}, { __index = trap, __pairs = trap, __len = trap, __newindex = trap })
  end

  for _, kind in ipairs({ "raises", "loops" }) do
    it("are read raw where their metatable " .. kind, function()
      local t = trapped(kind)
      assert.equal("View() {0, 0, 0, 0}", tostring(scrim.View(t)))
      local ok, err = pcall(scrim.constrain, t)
      assert.is_false(ok)
      assert.matches("field 'item': View expected, got nil", err, 1, true)
      assert.is_true((pcall(scrim.on, "user_tables.x", function() end, t)))
      ok, err = pcall(scrim.animate, t, function() end)
      assert.is_false(ok)
      assert.matches("field 'duration' is required", err, 1, true)
      assert.equal("{}", scrim.json(t))
      local v = scrim.View{}
      ok, err = pcall(function() v.frame = t end)
      assert.is_false(ok)
      assert.matches("rect expected", err, 1, true)
      local heard
      scrim.on("user_tables.event", function(event) heard = event.fields end)
      scrim.emit("user_tables.event", t)
      assert.is_table(heard)
    end)
  end
end)
