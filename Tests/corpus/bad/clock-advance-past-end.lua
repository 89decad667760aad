-- expect: @:6: bad argument #1 to 'advance' (seconds must be at most
-- within: 10
-- Years at a time up to the clock's end (1e12 s), then past it: refused, never a trap.
scrim.frameRate = 30
local year = 365 * 24 * 3600
for _ = 1, 40000 do scrim.advance(year) end
