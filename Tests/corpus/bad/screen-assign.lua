-- expect: @:7: scrim.screen is read-only (the screen is chosen with --screen
-- within: 5
-- A copy of the screen may be changed (as a view's frame table may); the runtime's screen stays finite and the same
-- for every reader.
local copy = scrim.screen
copy.width = 0 / 0
scrim.screen = { width = 0 / 0, height = 1 / 0, scale = 3 }
