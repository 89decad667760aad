-- expect: @:7: timer ran in the coroutine
local ran = false
coroutine.wrap(function()
  scrim.after(0.1, function() ran = true end)
  scrim.advance(0.2)
end)()
assert(not ran, "timer ran in the coroutine")
