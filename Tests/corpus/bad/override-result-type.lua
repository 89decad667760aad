-- expect: animatedBottomConstraint of Sheet must be a Constraint, got string (returned by the override at @:5)
-- A method override returning the wrong kind of value names the override's place.
local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
local key = "bottom"
function Sheet:animatedBottomConstraint() return key end
scrim.present(Sheet(), true)
