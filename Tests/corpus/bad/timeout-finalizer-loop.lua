-- flags: --timeout 1
-- expect: timeout: exceeded the time budget of 1 s
-- within: 8
local x = setmetatable({}, {__gc = function() while true do end end})
x = nil
collectgarbage()
