-- expect: @:4: bad value for field 'frameRate' (finite number expected, got
-- The module's settable field words a bad value as a field's, at the caller's line.
scrim.frameRate = 30
scrim.frameRate = 0 / 0
