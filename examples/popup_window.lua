-- Seed 1 end to end: the PopupWindow with the five actions of the article (attach, detach, rename,
-- delete, control), once with a protocol-style delegate and once with closures, printing a timeline.
--   scrim examples/popup_window.lua
local ITEMS = {"attach", "detach", "rename", "delete", "control"}

local function say(text) print(("[%5.3f s] %s"):format(scrim.now(), text)) end

for _, event in ipairs({"popup.willShow", "popup.didShow", "popup.willSelect", "popup.didSelect", "popup.willCancel", "popup.didCancel"}) do
  scrim.on(event, function(ev)
    say(event .. (ev.item and (" " .. ev.item .. " (#" .. ev.index .. ")") or ""))
  end)
end

-- Protocol style: the caller implements the delegate "protocol"; methods are called with self.
local Controller = {}
function Controller:attach(popup) say("delegate:attach()") end
function Controller:detach(popup) say("delegate:detach()") end
function Controller:rename(popup) say("delegate:rename() — the popup closes after this") end
function Controller:delete(popup) say("delegate:delete()") end
function Controller:control(popup) say("delegate:control()") end

-- In a live window (scrim run --window, scrim repl --window) the menus wait for clicks: one button opens the
-- protocol-style menu, another the closure-style one. Without a window the script plays its timeline and exits.
if scrim.isLive then
  local function button(title, y, open)
    local view = scrim.View{ name = title, text = title, backgroundColor = "#3a6ea5", cornerRadius = 12,
                             frame = {(scrim.screen.width - 260) / 2, y, 260, 56} }
    scrim.window:addSubview(view)
    view:onTap(open)
  end
  button("Open the menu (delegate)", 160, function() scrim.PopupWindow{ delegate = Controller }:create():setItems(ITEMS) end)
  button("Open the menu (closures)", 236, function()
    local menu = scrim.PopupWindow()
    menu:setItems(ITEMS, function(item, index) say(("handler(%q, %d)"):format(item, index)) end)
    menu:create()
  end)
  say("click a button to open a menu; an item selects, outside the items cancels")
  return
end

print("— protocol style —")

local popup = scrim.PopupWindow{ delegate = Controller }
popup:create():setItems(ITEMS)            -- create() returns the popup, so calls chain as in the seed
scrim.advance(0.15)
say(("sliding up: y = %.1f of %d"):format(popup.view:presentation().frame.y, scrim.screen.height))
scrim.settle()
scrim.tap(popup:cell("rename"))           -- a tap on the cell, as a person would
scrim.settle()
say("popup view in the window: " .. tostring(popup.view.superview ~= nil))

-- Closure style: one function for every item, and one just for "delete".
print("— closure style —")
local menu = scrim.PopupWindow()
menu:setItems(ITEMS, function(item, index) say(("handler(%q, %d)"):format(item, index)) end)
menu:on("delete", function()
  say("delete needs confirmation: keep the menu open")
  return false
end)
menu:create()
scrim.settle()
menu:select("delete")
say("still showing: " .. tostring(menu.isShowing))
menu:select("control")
scrim.settle()
menu:create()                              -- shown again; a tap outside the items cancels it
scrim.settle()
scrim.tap(menu.dismissView)
scrim.settle()
say("done; nothing is left in the window: " .. tostring(#scrim.window.subviews == 0))
