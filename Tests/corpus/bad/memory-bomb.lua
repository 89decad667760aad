-- flags: --max-memory 32M
-- expect: not enough memory
local t = {}
for i = 1, 1e9 do t[i] = {i} end
