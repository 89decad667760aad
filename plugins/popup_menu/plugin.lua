-- The seed's PopupWindow menu — attach, detach, rename, delete, control — as a reusable export, in both
-- binding styles:
--   scrim.menu("actions", { onAction = function(item, popup) … end }):create()      -- protocol style
--   scrim.menu("quick_actions", { onAction = function(item, popup) … end }):create() -- closure style
-- `onAction` returning false keeps the menu open (as any popup handler). A caller may also override one
-- action protocol-style: scrim.menu("actions", { rename = function(self, popup) … end }).
local ITEMS = { "attach", "detach", "rename", "delete", "control" }

local state -- ctx.state: how often each action was chosen, across reloads

local function act(options, item, popup)
  state.chosen[item] = (state.chosen[item] or 0) + 1
  if options and options.onAction then return options.onAction(item, popup) end
end

-- Protocol style: the export is the popup's delegate; each item is a method called with self (the adapter,
-- whose own fields are the options given to scrim.menu).
local actions = { items = ITEMS }
for _, item in ipairs(ITEMS) do
  actions[item] = function(self, popup) return act(self, item, popup) end
end

return {
  name = "popup_menu",
  version = "1.0.0",
  description = "The seed's five actions (attach, detach, rename, delete, control) as a reusable menu",
  menus = { actions = actions },
  setup = function(ctx)
    state = ctx.state
    state.chosen = state.chosen or {}
    -- Closure style: a function that configures the popup with one handler for every item.
    ctx.provide("menu", "quick_actions", function(popup, options)
      popup:setItems(ITEMS, function(item, _, p) return act(options, item, p) end)
    end)
  end,
}
