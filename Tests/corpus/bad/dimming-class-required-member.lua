-- expect: @:4: Sheet (a BottomPresentViewController): animatedBottomConstraint is required
-- A scrim.class of a dimming base class without its required override.
local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
scrim.present(Sheet())
