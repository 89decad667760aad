-- flags: --max-memory 8M
-- expect: @:6: not enough memory
-- within: 8
local t = {}
print(pcall(function() for i = 1, 1e9 do t[i] = {i} end end))
scrim.on("x", function() end) scrim.emit("x")
