-- expect: @:3: bad argument #1 to 'after' (delay must be at most 1e+12: the clock stops at 1e+12 s)
-- within: 5
scrim.after(1e300, function() end)
