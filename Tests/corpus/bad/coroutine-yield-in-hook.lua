-- expect: error in hook handler for "ping": attempt to yield across a C-call boundary
scrim.on("ping", function() coroutine.yield(1) end)
coroutine.wrap(function() scrim.emit("ping") end)()
