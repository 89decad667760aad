-- expect: @:11: bad argument #1 to 'advance' (seconds must be at most 0: the clock stops at 1e+12 s)
-- within: 5
-- A settle as long as the clock allows ends at its last instant; frames and animations still work there.
scrim.after(1e12, function() end)
scrim.settle(1e300)
assert(scrim.now() == 1e12)
local v = scrim.View{frame = {0, 0, 10, 10}}
scrim.frameRate = 30
scrim.animate(1, function() v.alpha = 0 end)
scrim.advance(0)
scrim.advance(1)
