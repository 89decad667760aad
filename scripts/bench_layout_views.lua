-- Lua side of the view-layout benchmarks (the kiwisolver side is scripts/bench_layout_views.py; ScrimBench runs
-- both with the same arguments and prints them side by side). Run by the release build:
--
--   scrim run scripts/bench_layout_views.lua chain VIEWS EDITS REPEAT
--     a chain of VIEWS views in the window: the first pinned to the window's top left with a width and a height
--     constant, each next one's left = previous right + 1, top, width and height = previous; "build" is making the
--     views and constraints and the first layoutIfNeeded(), "edits" is EDITS changes of the first view's width
--     constant, each followed by layoutIfNeeded().
--   scrim run scripts/bench_layout_views.lua remove VIEWS COUNT REPEAT
--     the chain, laid out; "remove" is taking its last COUNT views out of the window (each removal deactivates the
--     constraints between the view and its neighbours) and the layoutIfNeeded() after.
--   scrim run scripts/bench_layout_views.lua rows ROWS FRAMES REPEAT
--     ROWS rows of 10 views (each row a view of the window; its views pinned to the row's top and height, the first
--     one's left to the row's left + an inset, each next one's left to the previous right + 1, every width a tenth
--     of the window's); "frame" is one row's inset changed and layoutIfNeeded(), one row after the other.
--   scrim run scripts/bench_layout_views.lua idle VIEWS PASSES REPEAT
--     the chain, laid out; "pass" is a layoutIfNeeded() with nothing changed.
--   scrim run scripts/bench_layout_views.lua churn 1 CYCLES 1
--     CYCLES constraints made active on a view of the window and deactivated; "rss" is the resident size after,
--     in MB (the numbers are not seconds).
--
-- Prints one JSON object of seconds (best of REPEAT), CPU time (os.clock), so that load from other processes on a
-- shared machine counts less.
local mode, size, count, repeats = arg[1], tonumber(arg[2]), tonumber(arg[3]), tonumber(arg[4] or "3")
local window = scrim.window
local clock = os.clock

local function clear()
  for _, view in ipairs(window.subviews) do view:removeFromSuperview() end
  window:layoutIfNeeded()
  collectgarbage()
end

local function buildChain(views)
  local first = scrim.View{}
  window:addSubview(first)
  scrim.constrain(first, "left", "==", window, "left", 0)
  scrim.constrain(first, "top", "==", window, "top", 0)
  local width = scrim.constrain(first, "width", "==", nil, nil, 100)
  scrim.constrain(first, "height", "==", nil, nil, 44)
  local previous = first
  for _ = 2, views do
    local view = scrim.View{}
    window:addSubview(view)
    scrim.constrain(view, "left", "==", previous, "right", 1)
    scrim.constrain(view, "top", "==", previous, "top")
    scrim.constrain(view, "width", "==", previous, "width")
    scrim.constrain(view, "height", "==", previous, "height")
    previous = view
  end
  window:layoutIfNeeded()
  return width, previous
end

local function check(actual, expected, what)
  if math.abs(actual - expected) > 1e-6 then
    error(string.format("%s: %s, expected %s", what, actual, expected))
  end
end

local best = {}
local function keep(name, seconds)
  if best[name] == nil or seconds < best[name] then best[name] = seconds end
end

for _ = 1, repeats do
  if mode == "chain" then
    local start = clock()
    local width, last = buildChain(size)
    keep("build", clock() - start)
    check(last.frame.x, (size - 1) * 101, "chain x after build")
    start = clock()
    for k = 0, count - 1 do
      width.constant = 50 + k % 100
      window:layoutIfNeeded()
    end
    keep("edits", clock() - start)
    check(last.frame.x, (size - 1) * (50 + (count - 1) % 100 + 1), "chain x after edits")
  elseif mode == "remove" then
    buildChain(size)
    local views = window.subviews
    local start = clock()
    for i = size - count + 1, size do views[i]:removeFromSuperview() end
    window:layoutIfNeeded()
    keep("remove", clock() - start)
    check(#window.subviews, size - count, "views left after removal")
    check(views[size - count].frame.x, (size - count - 1) * 101, "chain x after removal")
  elseif mode == "rows" then
    local insets = {} -- luacheck: ignore 241 (read through insets[r].constant below)
    local lastViews = {}
    for r = 1, size do
      local row = scrim.View{frame = {0, (r - 1) * 4, 390, 4}}
      window:addSubview(row)
      local previous
      for j = 1, 10 do
        local view = scrim.View{}
        row:addSubview(view)
        scrim.constrain(view, "top", "==", row, "top")
        scrim.constrain(view, "height", "==", row, "height")
        scrim.constrain{item = view, attribute = "width", toItem = window, toAttribute = "width", multiplier = 0.1,
                        constant = -2}
        if previous then
          scrim.constrain(view, "left", "==", previous, "right", 1)
        else
          insets[r] = scrim.constrain(view, "left", "==", row, "left", 0)
        end
        previous = view
      end
      lastViews[r] = previous
    end
    window:layoutIfNeeded()
    local start = clock()
    for f = 1, count do
      local r = (f - 1) % size + 1
      insets[r].constant = f % 7
      window:layoutIfNeeded()
    end
    keep("frame", (clock() - start) / count)
    check(lastViews[(count - 1) % size + 1].frame.x, count % 7 + 9 * 38, "row x after edits")
  elseif mode == "idle" then
    buildChain(size)
    local start = clock()
    for _ = 1, count do window:layoutIfNeeded() end
    local passes = clock() - start
    local view = window.subviews[1]
    start = clock()
    for _ = 1, count do local _ = view.alpha end
    keep("pass", passes / count)
    keep("get", (clock() - start) / count)
  elseif mode == "churn" then
    local view = scrim.View{}
    window:addSubview(view)
    window:layoutIfNeeded()
    for i = 1, count do
      scrim.constrain(view, "width", "==", nil, nil, i % 50):deactivate()
      if i % 10000 == 0 then collectgarbage() end
    end
    collectgarbage()
    collectgarbage()
    local status = io.open("/proc/self/status"):read("a")
    keep("rss", tonumber(status:match("VmRSS:%s+(%d+)")) / 1024)
  else
    error("usage: bench_layout_views.lua chain|remove|rows|idle|churn SIZE COUNT [REPEAT]")
  end
  clear()
end

local fields = {}
for name, seconds in pairs(best) do fields[#fields + 1] = string.format('"%s": %.9f', name, seconds) end
table.sort(fields)
print("{" .. table.concat(fields, ", ") .. "}")
