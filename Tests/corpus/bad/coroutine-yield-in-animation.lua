-- expect: @:5: attempt to yield across a C-call boundary
local view = scrim.View{}
coroutine.wrap(function()
  -- Scrim calls the animations block from Swift, which cannot be suspended.
  scrim.animate(0.2, function() view.alpha = 0 coroutine.yield() end)
end)()
