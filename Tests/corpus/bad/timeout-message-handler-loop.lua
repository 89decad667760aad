-- flags: --timeout 1
-- expect: exceeded the time budget of 1 s
-- within: 8
print(xpcall(function() error("first") end, function(message) while true do end end))
