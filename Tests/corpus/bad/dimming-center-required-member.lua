-- expect: @:3: CenterPresentViewController: animatedContentView is required
-- The centre base class's required member is a view, not a constraint: the same clear error.
scrim.present(scrim.CenterPresentViewController())
