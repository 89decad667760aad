-- flags: --timeout 1
-- expect: @:6: exceeded the time budget of 1 s
-- within: 8
debug.sethook()
debug.sethook(function() end, "l")
while true do end
