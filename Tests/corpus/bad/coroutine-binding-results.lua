-- expect: @:7: 100000 numbers
local now = scrim.now
local numbers = 0
coroutine.wrap(function()
  for i = 1, 100000 do if type(now()) == "number" then numbers = numbers + 1 end end
end)()
error(numbers .. " numbers")
