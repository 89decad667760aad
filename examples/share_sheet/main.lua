-- The share sheet app, played through as a person would: tap Share, open More…, choose "Copy link".
--   scrim examples/share_sheet                    (or: scrim run examples/share_sheet)
--   scrim snapshot examples/share_sheet --film 8 -o share-sheet-film.png
--   scrim test examples/share_sheet               (its spec)
local app = require("app").start()

local function say(text) print(("[%5.3f s] %s"):format(scrim.now(), text)) end
for _, event in ipairs({ "transition.didPresent", "popup.didShow", "popup.didSelect", "transition.didDismiss" }) do
  scrim.on(event, function(ev) say(event .. (ev.item and (" " .. ev.item) or "")) end)
end

scrim.tap("shareButton")
scrim.settle()
scrim.tap("moreButton")
scrim.settle()
scrim.tap(app.menu:cell("copyLink"))
scrim.settle()
say("actions: " .. table.concat(app.actions, ", "))
