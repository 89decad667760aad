-- flags: --timeout 1
-- expect: @:5: exceeded the time budget of 1 s
-- within: 5
-- The issue's bar: --timeout 1 stops an empty loop, with no count hook set while it runs (the watchdog sets one).
while true do end
