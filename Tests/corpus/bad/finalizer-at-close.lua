-- expect: @:5: the script ends here
X = setmetatable({}, {__gc = function() print(pcall(scrim.now)) end})
local now = scrim.now
Y = setmetatable({}, {__gc = function() print(pcall(now)) end})
error("the script ends here")
