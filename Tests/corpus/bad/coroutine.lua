-- expect: @:2: inside a coroutine
local co = coroutine.wrap(function() error("inside a coroutine") end)
co()
