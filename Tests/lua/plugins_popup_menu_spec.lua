-- The bundled popup_menu plugin: the seed's five actions as a reusable menu, in both binding styles.
local ITEMS = { "attach", "detach", "rename", "delete", "control" }

describe("plugins/popup_menu", function()
  setup(function() assert.same({ "popup_menu" }, scrim.plugins.load("@popup_menu")) end)
  after_each(function() scrim.settle() end)

  it("builds the seed's menu from the protocol-style export; each action reaches onAction, then the menu closes", function()
    local chosen = {}
    local popup = scrim.menu("actions", { onAction = function(item, p) chosen[#chosen + 1] = item .. " " .. tostring(p ~= nil) end })
    assert.same(ITEMS, popup.items)
    popup:create()
    scrim.settle()
    scrim.tap(popup:cell("rename"))
    assert.is_false(popup.isShowing)
    assert.same({ "rename true" }, chosen)
  end)

  it("lets a caller override one action protocol-style, and keep the menu open by returning false", function()
    local log = {}
    local popup = scrim.menu("actions", {
      delete = function(self, p) log[#log + 1] = "confirm delete first" return false end,
      onAction = function(item) log[#log + 1] = item end,
    }):create()
    scrim.settle()
    popup:select("delete")
    assert.is_true(popup.isShowing)
    popup:select("control")
    assert.same({ "confirm delete first", "control" }, log)
  end)

  it("offers the same actions closure-style", function()
    local chosen = {}
    local popup = scrim.menu("quick_actions", { onAction = function(item) chosen[#chosen + 1] = item end }):create()
    assert.same(ITEMS, popup.items)
    scrim.settle()
    popup:select("attach")
    assert.same({ "attach" }, chosen)
    assert.is_false(popup.isShowing)
  end)
end)
