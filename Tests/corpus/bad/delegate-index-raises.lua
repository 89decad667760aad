-- expect: @:3: delegate lookup broke
local popup = scrim.PopupWindow{ items = { "go" } }
popup.delegate = setmetatable({}, { __index = function() error("delegate lookup broke") end })
popup:create()
scrim.settle()
popup:select("go")
