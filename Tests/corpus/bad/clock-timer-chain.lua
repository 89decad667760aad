-- flags: --timeout 0.5
-- expect: exceeded the time budget of 0.5 s
-- within: 5
-- A timer that re-arms itself at the same instant: the final settle never gets past it.
local function again() scrim.after(0, again) end
again()
