-- flags: --timeout 1
-- expect: exceeded the time budget of 1 s
-- within: 8
local function again() scrim.after(0, again) end
again()
