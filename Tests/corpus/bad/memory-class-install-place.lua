-- flags: --max-memory 8M
-- expect: @:9: not enough memory
-- within: 8
-- Memory spent, the first use of a class builds the class tables in Scrim's class.lua: the error names the script's
-- line, not class.lua's.
local t = {}
print(pcall(function() for i = 1, 1e9 do t[i] = {i} end end))
print(#t > 0)
local VC = scrim.BottomPresentViewController
