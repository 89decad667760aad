-- flags: --max-memory 8M
-- expect: not enough memory
-- within: 8
local t = {}
print(pcall(function() for i = 1, 1e9 do t[i] = {i} end end))
local C = scrim.ViewController
