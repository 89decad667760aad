-- expect: @:2: resulting string too large
local s = ("x"):rep(1 << 62)
