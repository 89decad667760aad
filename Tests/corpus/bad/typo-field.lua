-- expect: @:3: PopupWindow has no field 'delegte'
local popup = scrim.PopupWindow{ items = { "a" } }
popup.delegte = {}
