-- The bundled analytics plugin: dimming taps and popup selections as events, kept in memory; written as JSON lines
-- only to a path given in its options.
local function lines(path)
  local result = {}
  local f = io.open(path)
  if not f then return result end
  for line in f:lines() do result[#result + 1] = line end
  f:close()
  return result
end

local function exists(path)
  local f = io.open(path)
  if f then f:close() end
  return f ~= nil
end

local function selectAndTapDimming()
  local popup = scrim.PopupWindow{ name = "more", items = { "share" } }
  popup:on("share", function() end)
  popup:create()
  scrim.settle()
  popup:select("share")
  scrim.settle()

  local Sheet = scrim.class("Sheet", scrim.CenterPresentViewController)
  function Sheet:viewDidLoad()
    self.card = scrim.View{ name = "card", frame = { 45, 322, 300, 200 } }
    self.view:addSubview(self.card)
  end
  function Sheet:animatedContentView() return self.card end
  local sheet = Sheet{ name = "sheet" }
  scrim.present(sheet)
  scrim.settle()
  scrim.tap(195, 100)
  scrim.settle()
end

describe("@analytics without a path", function()
  local hadDefault = exists("scrim-analytics.jsonl")
  setup(function() assert.same({ "analytics" }, scrim.plugins.load("@analytics")) end)

  it("is granted io, and nothing else", function()
    assert.same({ "io" }, scrim.plugins.get("analytics").permissions)
  end)

  it("keeps the events in memory, readable through scrim.plugins.state, and writes no file", function()
    selectAndTapDimming()
    local events = scrim.plugins.state("analytics").events
    assert.equal(2, #events)
    assert.same({ at = 0.3, event = "popup.didSelect", index = 1, item = "share", popup = "more" }, events[1])
    assert.same({ at = 0.85, event = "dimming.tapped", viewController = 'Sheet "sheet"', willDismiss = true }, events[2])
    assert.equal(hadDefault, exists("scrim-analytics.jsonl"))
  end)
end)

describe("@analytics with a path", function()
  local path = os.tmpname()
  setup(function()
    os.remove(path)
    assert.is_true(scrim.plugins.reload("analytics", { path = path }))
  end)
  teardown(function() os.remove(path) end)

  it("appends one JSON object a line, and still keeps the events in memory", function()
    local events = scrim.plugins.state("analytics").events
    local before = #events
    selectAndTapDimming()
    assert.equal(before + 2, #events)
    local written = lines(path)
    assert.equal(2, #written)
    local at = written[1]:match('^{"at":([%d.]+),"event":"popup.didSelect","index":1,"item":"share","popup":"more"}$')
    assert.equal(events[before + 1].at, tonumber(at))
    at = written[2]:match('^{"at":([%d.]+),"event":"dimming.tapped","viewController":"Sheet \\"sheet\\"","willDismiss":true}$')
    assert.equal(events[before + 2].at, tonumber(at))
  end)

  it("writes valid JSON for any value: NaN and infinities as null, integral floats beyond 2^63, odd strings", function()
    os.remove(path)
    local function selected(item, index)
      scrim.emit("popup.didSelect", { item = item, index = index }, false)
      local written = lines(path)
      return written[#written]:match('"index":(.-),"item":(.-)}$')
    end
    local cases = {
      { 0 / 0, "null" }, { math.huge, "null" }, { -math.huge, "null" },
      { 2.0 ^ 63, "9.2233720368547758e+18" }, { 2.0 ^ 70, "1.1805916207174113e+21" }, { -2.0 ^ 63, "-9223372036854775808" },
      { 3.0, "3" }, { 2.0 ^ 53, "9007199254740992" }, { 0.1 + 0.2, "0.30000000000000004" }, { 1e-300, "1e-300" },
    }
    for _, case in ipairs(cases) do
      local index = selected("x", case[1])
      assert.equal(case[2], index, "index " .. tostring(case[1]))
    end
    local strings = {
      { 'quote " backslash \\ tab \t', '"quote \\" backslash \\\\ tab \\t"' },
      { "bell \7 nul \0 del \127", '"bell \\u0007 nul \\u0000 del \\u007f"' },
      { "caf\xc3\xa9", '"caf\xc3\xa9"' },
    }
    for _, case in ipairs(strings) do
      local _, item = selected(case[1], 1)
      assert.equal(case[2], item)
    end
  end)
end)
