-- expect: @:11: settle: still busy after 0 s: animation
-- within: 10
-- At the clock's last instant frames, animations and settle still work: settle names what cannot end.
local year = 365 * 24 * 3600
while pcall(scrim.advance, year) do end
scrim.advance(1e12 - scrim.now())
assert(scrim.now() == 1e12)
scrim.frameRate = 30
local v = scrim.View{frame = {0, 0, 10, 10}}
scrim.animate(1, function() v.alpha = 0 end)
scrim.settle(1)
