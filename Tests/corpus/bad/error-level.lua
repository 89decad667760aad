-- expect: @:5: need a value
local function check(x)
  if not x then error("need a value", 2) end
end
check(nil)
