-- flags: --max-memory 16M
-- expect: @:7: not enough memory
-- within: 8
local views = {}
for i = 1, 40 do
  local view = scrim.View{}
  view.name = ("x"):rep(4 << 20) .. i
  views[i] = view
  collectgarbage()
end
