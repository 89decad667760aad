-- The main demo: what `make demo` runs — the two seeds through the bundled plugins, loaded here by name: a
-- popup_menu, a bottom sheet from `sheets`, and `analytics` recording what was tapped (in memory: no file).
print(("Scrim %s on %s"):format(scrim.version, _VERSION))
local function say(text) print(("[%5.3f s] %s"):format(scrim.now(), text)) end

scrim.plugins.load("@bundled")
for _, p in ipairs(scrim.plugins.list()) do say(("plugin %s %s: %s"):format(p.name, p.version or "?", p.state)) end
for _, event in ipairs({ "popup.didShow", "popup.didSelect", "popup.didCancel", "transition.didPresent",
                         "dimming.tapped", "transition.didDismiss" }) do
  scrim.on(event, function(ev) say(event .. (ev.item and (" " .. ev.item) or "")) end)
end

-- Seed 1: the five actions, from popup_menu's protocol-style export.
local menu = scrim.menu("actions", { onAction = function(item) say("onAction(" .. item .. ")") end }):create()
scrim.settle()
scrim.tap(menu:cell("rename"))
scrim.settle()

-- Seed 2: a bottom sheet over a dimming view, from sheets; a tap on the dimming view dismisses it.
local sheet = scrim.controller("sheet", { edge = "bottom", height = 300 })
scrim.present(sheet)
scrim.advance(0.15)
say(("halfway: content y = %.1f, dimming alpha = %.2f"):format(sheet.content:presentation().frame.y,
    sheet.presentationController.dimmingView:presentation().alpha))
scrim.settle()
say(("presented: content at y = %.0f"):format(sheet.content.frame.y))
scrim.tap(195, 100)
scrim.settle()

for _, event in ipairs(scrim.plugins.state("analytics").events) do
  say(("analytics: %s at %.3f s%s"):format(event.event, event.at, event.item and (" (" .. event.item .. ")") or ""))
end
