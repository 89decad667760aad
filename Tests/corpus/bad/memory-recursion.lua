-- flags: --max-memory 8M
-- expect: @:4: not enough memory
-- within: 8
local function f(n) return 1 + f(n + 1) end
print(f(1))
