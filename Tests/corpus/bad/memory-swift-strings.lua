-- flags: --max-memory 16M
-- expect: @:5: not enough memory
-- within: 8
for i = 1, 4 do scrim.window:addSubview(scrim.View{name = ("n"):rep(1 << 20) .. i}) end
local trees = {scrim.tree(), scrim.tree(), scrim.tree(), scrim.tree(), scrim.tree(), scrim.tree(), scrim.tree()}
