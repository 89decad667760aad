-- expect: @:4: bad argument #1 to 'advance' (seconds must be at most 1e+12: the clock stops at 1e+12 s)
-- within: 5
scrim.frameRate = 30
scrim.advance(1e18)
