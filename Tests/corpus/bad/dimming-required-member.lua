-- expect: @:4: BottomPresentViewController: animatedBottomConstraint is required (override it
-- The seed's "@Required override" left out: a clear error at present (the release build once crashed here, in an
-- optimized cast of the missing member's nil).
scrim.rootViewController:present(scrim.BottomPresentViewController())
