-- expect: @:3: bad value for field 'alpha' (finite number expected, got
local v = scrim.View{ name = "v" }
v.alpha = 0 / 0
