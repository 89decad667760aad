-- The plain-Lua side of scripts/bench's bridge rows, run by lua5.4 itself: the same loops as the C host's
-- (scripts/bench_host.c) over a Lua table instead of a C object — a field read for a property read, a field write, a
-- Lua method, an emit written in Lua (the handler called with a fresh {name = …} table holding the fields). Prints one
-- flat JSON object of nanoseconds per operation, best of `runs` timings in CPU time (os.clock), after one untimed warm-up
-- run.
-- Usage: lua5.4 scripts/bench_plain.lua [iterations] [runs]
local iterations = tonumber(arg[1]) or 200000
local runs = tonumber(arg[2]) or 15

local probe = { value = 1.5 }
function probe:scale(k)
  self.value = self.value * k
  return self.value
end

local handler
local function on(fn) handler = fn end
local function emit(name, fields)
  local event = {}
  if fields then
    for k, v in pairs(fields) do event[k] = v end
  end
  event.name = name
  handler(event)
  return true
end
local count = 0
on(function(ev) count = count + 1 end)

local function best(setup, body)
  local chunk = assert(load(setup .. " for i = 1, " .. iterations .. " do " .. body .. " end return x", "=plain", "t",
    { probe = probe, emit = emit }))
  local fastest = math.huge
  chunk()
  for _ = 1, runs do
    local start = os.clock()
    chunk()
    fastest = math.min(fastest, os.clock() - start)
  end
  return fastest * 1e9 / iterations
end

local lines = {}
local function row(name, value) lines[#lines + 1] = string.format('"%s": %.3f', name, value) end
row("get", best("local p, x = probe", "x = p.value"))
row("set", best("local p, x = probe", "p.value = 0.5"))
row("method", best("local p, x = probe", "x = p:scale(1.0)"))
row("emit", best("local emit, x, f = emit, nil, { x = 1 }", "x = emit('bench.lua')"))
row("emit_fields", best("local emit, x, f = emit, nil, { x = 1 }", "x = emit('bench.lua', f)"))
print("{" .. table.concat(lines, ", ") .. "}")
