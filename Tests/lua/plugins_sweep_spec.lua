-- Every way to write through every table a plugin's scrim leads to is refused with the plugin's name, and the host's
-- module (its fields, the classes' members, the screen) is the same afterwards.
local root = debug.getinfo(1, "S").source:match("^@(.-)Tests/lua/[^/]+$") or ""

local function snapshot()
  local shot = {}
  local function take(t, path, depth)
    if depth > 3 then return end
    for k, v in next, t do
      local name = path .. "." .. tostring(k)
      shot[name] = v
      if type(v) == "table" then take(v, name, depth + 1) end
    end
  end
  take(scrim, "scrim", 1)
  return shot
end

describe("a plugin writing through everything its scrim reaches", function()
  it("is refused each time, by name, and changes nothing of the host's", function()
    for _, class in ipairs({ "ViewController", "PopupWindow", "BottomPresentViewController" }) do local _ = scrim[class] end
    local _ = scrim.screen
    local before = snapshot()
    local function unchanged()
      local after = snapshot()
      for name, value in pairs(before) do assert.equal(value, after[name], name) end
      -- Fields made on first read (module functions) may appear; nothing else.
      for name, value in pairs(after) do
        if before[name] == nil then assert.equal("function", type(value), name) end
      end
    end
    local report
    local hook = scrim.on("write_sweep.report", function(ev) report = ev.fields end)
    assert.same({ "write_sweep" }, scrim.plugins.load(root .. "Tests/fixtures/plugins/sweep"))
    hook:remove()
    assert.same({}, report.accepted)
    assert.same({}, report.unnamed)
    assert.is_true(report.visited > 10)
    unchanged()
  end)
end)
