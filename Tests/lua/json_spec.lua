-- docs/API.md §1: scrim.json, Scrim's one JSON writer (the analytics plugin's lines, trace files, test reports).
describe("scrim.json", function()
  it("writes scalars as JSON encoders do", function()
    assert.equal("null", scrim.json(nil))
    assert.equal("true", scrim.json(true))
    assert.equal("-9223372036854775808", scrim.json(math.mininteger))
    assert.equal("3", scrim.json(3.0))
    assert.equal("0.30000000000000004", scrim.json(0.1 + 0.2))
    assert.equal("9.2233720368547758e+18", scrim.json(2.0 ^ 63))
    assert.equal("null", scrim.json(0 / 0))
    assert.equal("null", scrim.json(-math.huge))
    assert.equal('"quote \\" backslash \\\\ nul \\u0000 del \\u007f"', scrim.json('quote " backslash \\ nul \0 del \127'))
    assert.equal('"caf\xc3\xa9"', scrim.json("caf\xc3\xa9"))
    assert.equal('"\xc3\xbf"', scrim.json("\xff"), "bytes that are not UTF-8 are U+0080–U+00FF")
  end)

  it("writes tables keyed 1…n as arrays and others as objects with sorted keys, raw", function()
    assert.equal('[1,"two",[true]]', scrim.json({ 1, "two", { true } }))
    assert.equal('{"1":"a","3":"c"}', scrim.json({ [1] = "a", [3] = "c" }))
    assert.equal('{"1":"a","2":"b","x":1}', scrim.json({ "a", "b", x = 1 }))
    assert.equal("{}", scrim.json({}))
    assert.equal('{"a":1}', scrim.json(setmetatable({ a = 1 }, { __index = function() error("not called") end })))
  end)

  it("refuses what JSON cannot hold, naming where it is", function()
    local looped = { list = {} }
    looped.list[1] = looped
    assert.has_error(function() scrim.json(looped) end,
      "bad argument #1 to 'json' (a table that contains itself at .list[1])")
    assert.has_error(function() scrim.json({ a = { print } }) end,
      "bad argument #1 to 'json' (cannot write a function as JSON at .a[1])")
    assert.has_error(function() scrim.json({ [{}] = 1 }) end,
      "bad argument #1 to 'json' (a table key cannot be a JSON name)")
    local deep = {}
    local at = deep
    for _ = 1, 1000 do at.next = {}; at = at.next end
    assert.has_error(function() scrim.json(deep) end, "bad argument #1 to 'json' (tables nested more than 200 deep)")
    local ok, message = pcall(function() return scrim.json(scrim.window) end)
    assert.is_false(ok)
    assert.matches("json_spec.lua:%d+: bad argument #1 to 'json' %(cannot write a userdata as JSON%)", message)
  end)
end)
