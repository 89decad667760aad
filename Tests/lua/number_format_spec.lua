-- docs/API.md "Limits": every number Scrim writes in text (tostring of views and constraints, scrim.tree()) reads
-- back as the finite number it was, up to the largest double (the short format used to overflow to inf near 1.8e304).
describe("numbers written as text", function()
  local huge = { 1.8e304, 1e308, math.maxinteger * 1e289, 1.7976931348623157e308 }

  local function numbersIn(text)
    local found = {}
    for word in text:gmatch("[-%d%.e+]+[%w]*") do
      local n = tonumber(word)
      if n then found[#found + 1] = n end
    end
    return found
  end

  it("round-trips in tostring(view) and scrim.tree()", function()
    for _, value in ipairs(huge) do
      local v = scrim.View{ name = "huge", frame = {value, 0, 1, 1} }
      scrim.window:addSubview(v)
      local text = tostring(v)
      assert.is_nil(text:find("inf", 1, true), text)
      assert.equal(value, numbersIn(text)[1])
      local tree = scrim.tree()
      assert.is_nil(tree:find("inf", 1, true), tree)
      v:removeFromSuperview()
    end
  end)

  it("round-trips in a constraint's description", function()
    local v = scrim.View{ name = "wide" }
    scrim.window:addSubview(v)
    for _, value in ipairs(huge) do
      local c = scrim.constrain{ item = v, attribute = "width", constant = value, priority = 1 }
      local text = tostring(c)
      assert.is_nil(text:find("inf", 1, true), text)
      local numbers = numbersIn(text)
      local seen = false
      for _, n in ipairs(numbers) do seen = seen or n == value end
      assert.is_true(seen, text)
      c:deactivate()
    end
    v:removeFromSuperview()
  end)
end)
