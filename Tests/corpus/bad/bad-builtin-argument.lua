-- expect: @:2: bad argument #1 to 'floor' (number expected, got no value)
local x = math.floor()
