-- flags: --max-memory 8M
-- expect: @:7: survived
-- within: 8
local t = {}
print(pcall(function() for i = 1, 1e9 do t[i] = {i} end end))
print(pcall(function() scrim.on("x", function() end) scrim.emit("x") end))
error("survived")
