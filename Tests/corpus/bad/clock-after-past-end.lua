-- expect: @:7: bad argument #1 to 'after' (delay must be at most
-- within: 10
-- A timer due past the clock's end (1e12 s) is refused, never a trap.
local year = 365 * 24 * 3600
while pcall(scrim.advance, year) do end
assert(scrim.now() > 1e12 - year)
scrim.after(year, function() end)
