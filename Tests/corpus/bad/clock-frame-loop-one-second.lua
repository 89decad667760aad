-- flags: --timeout 1
-- expect: @:10: exceeded the time budget of 1 s
-- within: 10
-- As clock-frame-loop.lua, under the issue's --timeout 1: a billion frames in Swift, bounded by the budget.
local v = scrim.View{frame = {0, 0, 10, 10}}
local year = 365 * 24 * 3600
scrim.animate(year, function() v.alpha = 0 end)
local function tick() scrim.after(1 / 60, tick) end
tick()
scrim.advance(year)
