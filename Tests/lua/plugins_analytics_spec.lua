-- The bundled analytics plugin: dimming taps and popup selections as JSON lines (the seed's analytics).
local root = debug.getinfo(1, "S").source:match("^@(.-)Tests/lua/[^/]+$") or ""

local function lines(path)
  local result = {}
  local f = io.open(path)
  if not f then return result end
  for line in f:lines() do result[#result + 1] = line end
  f:close()
  return result
end

describe("plugins/analytics", function()
  local path = os.tmpname()
  setup(function()
    os.remove(path)
    assert.same({ "analytics" }, scrim.plugins.load(root .. "plugins/analytics", { path = path }))
  end)
  teardown(function() os.remove(path) end)

  it("is granted io, and nothing else", function()
    assert.same({ "io" }, scrim.plugins.get("analytics").permissions)
  end)

  it("records popup selections and dimming taps, one JSON object a line", function()
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

    assert.same({
      '{"at":0.3,"event":"popup.didSelect","index":1,"item":"share","popup":"more"}',
      '{"at":0.85,"event":"dimming.tapped","viewController":"Sheet \\"sheet\\"","willDismiss":true}',
    }, lines(path))
  end)
end)
