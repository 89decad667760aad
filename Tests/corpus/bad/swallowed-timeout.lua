-- flags: --timeout 0.5
-- expect: @:3: exceeded the time budget of 0.5 s
while true do pcall(function() while true do end end) end
