-- expect: @:7: cancelled once
local popup = scrim.PopupWindow{ items = { "a" } }
local count = 0
scrim.on("popup.willCancel", function(ev) count = count + 1; ev.popup:cancel() end)
popup:create(); scrim.settle()
popup:cancel(); scrim.settle()
error(count == 1 and "cancelled once" or ("cancelled " .. count .. " times"))
