-- expect: @:2: bad argument #1 to 'animate' (field 'duration': seconds within 0…31536000 expected, got 1e+308)
scrim.animate{ duration = 1e308, animations = function() end }
