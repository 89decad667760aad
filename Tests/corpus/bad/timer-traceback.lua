-- expect: @:2: deep
local function inner() error("deep") end
local function outer() inner() end
scrim.after(0.1, function() outer() end)
