-- flags: --timeout 0.5
-- expect: @:9: exceeded the time budget of 0.5 s
-- within: 5
-- A frame observer (a timer every frame's worth of time) keeps the clock stepping a billion frames.
local v = scrim.View{frame = {0, 0, 10, 10}}
scrim.animate(1e9, function() v.alpha = 0 end)
local function tick() scrim.after(1 / 60, tick) end
tick()
scrim.advance(1e9)
