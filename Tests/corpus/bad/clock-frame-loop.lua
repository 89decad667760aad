-- flags: --timeout 0.5
-- expect: @:10: exceeded the time budget of 0.5 s
-- within: 10
-- A timer every frame's worth of time keeps the clock stepping: a billion frames in Swift, bounded by the budget.
local v = scrim.View{frame = {0, 0, 10, 10}}
local year = 365 * 24 * 3600
scrim.animate(year, function() v.alpha = 0 end)
local function tick() scrim.after(1 / 60, tick) end
tick()
scrim.advance(year)
