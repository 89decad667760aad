/// The luassert-compatible assertions, spies, stubs and mocks installed in every spec runtime;
/// Lua source kept in the binary so `scrim` needs no files beside it.
enum AssertLibrary {
    /// Frames of chunks named "=[scrim …]" are hidden from locations and tracebacks.
    static let chunkName = "=[scrim assert]"
    static let source = #"""
-- luassert's vocabulary for `scrim test`: assert chains, spies, stubs, mocks, matchers.
-- Failures are raised as Failure tables so the runner can tell them from other errors and
-- show expected and actual apart; they carry the spec's own file:line.
local debug_getinfo, debug_traceback = debug.getinfo, debug.traceback
local type, tostring, select, error, pcall = type, tostring, select, error, pcall
local next, rawget, rawequal, rawlen = next, rawget, rawequal, rawlen
local getmetatable, setmetatable = getmetatable, setmetatable
local sort, concat, pack, unpack = table.sort, table.concat, table.pack, table.unpack
local format, abs, math_type = string.format, math.abs, math.type

local lib = {}

-- Chunks of the test library are named "=[scrim …]"; frames in them are never the user's.
local function is_library(source)
  return source:sub(1, 7) == "=[scrim"
end

local function source_name(source)
  local first = source:sub(1, 1)
  if first == "@" or first == "=" then return source:sub(2) end
  return "[string]"
end

-- The file and line of the first frame above `level` that is Lua code outside the library.
local function user_frame(level)
  level = level + 1
  while true do
    local info = debug_getinfo(level, "Sl")
    if not info then return nil end
    if info.what ~= "C" and not is_library(info.source) then
      return source_name(info.source), info.currentline or 0
    end
    level = level + 1
  end
end
lib.user_frame = user_frame

local function user_location(level)
  local source, line = user_frame(level + 1)
  return source and (source .. ":" .. line) or nil
end
lib.user_location = user_location

-- The traceback from `level` up, without the library's and C's frames.
local function user_traceback(level)
  local kept = {}
  local text = debug_traceback("", level + 1)
  for line in text:gmatch("[^\n]+") do
    local frame = line:match("^%s+(.*)")
    if frame and not frame:find("^%[C%]") and not frame:find("^%[scrim")
        and not frame:find("^%(%.%.%.tail calls%.%.%.%)") then
      kept[#kept + 1] = "\t" .. frame
    end
  end
  if #kept == 0 then return nil end
  return "stack traceback:\n" .. concat(kept, "\n")
end
lib.user_traceback = user_traceback

-- Pretty printing: scalars as Lua literals, tables one level deep with sorted keys.
local function format_scalar(v)
  if type(v) == "string" then
    return (format("%q", v):gsub("\\\n", "\\n"))
  elseif math_type(v) == "float" and v ~= v then
    return "nan"
  end
  return tostring(v)
end

local type_rank = { number = 1, string = 2, boolean = 3 }
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "number" or ta == "string") then return a < b end
  local ra, rb = type_rank[ta] or 4, type_rank[tb] or 4
  if ra ~= rb then return ra < rb end
  return tostring(a) < tostring(b)
end

local function sorted_keys(t, skip_sequence)
  local n = skip_sequence and rawlen(t) or 0
  local keys = {}
  for k in next, t do
    if not (math_type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, key_before)
  return keys
end

local function format_key(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
  return "[" .. format_scalar(k) .. "]"
end

local MAX_ENTRIES = 20
local function format_value(v, depth)
  if type(v) ~= "table" then return format_scalar(v) end
  local mt = getmetatable(v)
  if mt and rawget(mt, "__tostring") then return tostring(v) end
  if next(v) == nil then return "{}" end
  if depth <= 0 then return "{…}" end
  local parts, n = {}, rawlen(v)
  for i = 1, n do parts[#parts + 1] = format_value(rawget(v, i), depth - 1) end
  for _, k in ipairs(sorted_keys(v, true)) do
    parts[#parts + 1] = format_key(k) .. " = " .. format_value(rawget(v, k), depth - 1)
  end
  if #parts > MAX_ENTRIES then
    local more = #parts - MAX_ENTRIES
    parts = { unpack(parts, 1, MAX_ENTRIES) }
    parts[#parts + 1] = "… (" .. more .. " more)"
  end
  return "{" .. concat(parts, ", ") .. "}"
end
lib.format = function(v) return format_value(v, 1) end
local fmt = lib.format

-- Matchers: values that compare equal to whatever they describe inside same / called_with.
local Matcher = {}
Matcher.__index = Matcher
Matcher.__tostring = function(m) return m.name end
local function matcher(name, test) return setmetatable({ name = name, test = test }, Matcher) end
local match = { _ = matcher("match._", function() return true end) }
for _, t in ipairs({ "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" }) do
  match["is_" .. t] = function()
    return matcher("match.is_" .. t .. "()", function(v) return type(v) == t end)
  end
end
match.is_truthy = function() return matcher("match.is_truthy()", function(v) return not not v end) end
match.is_falsy = function() return matcher("match.is_falsy()", function(v) return not v end) end
match.is_same = function(x) return matcher("match.is_same(" .. fmt(x) .. ")", function(v) return lib.same(x, v) end) end
match.is_equal = function(x) return matcher("match.is_equal(" .. fmt(x) .. ")", function(v) return x == v end) end
match.matches = function(p) return matcher("match.matches(" .. fmt(p) .. ")",
  function(v) return type(v) == "string" and v:find(p) ~= nil end) end
lib.match = match

-- Deep comparison; on a difference returns its path and the two values there.
local function deep_diff(a, b, path, seen)
  if getmetatable(a) == Matcher then if a.test(b) then return nil end return path, a, b end
  if getmetatable(b) == Matcher then if b.test(a) then return nil end return path, a, b end
  if rawequal(a, b) then return nil end
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b then return nil end
    return path, a, b
  end
  if seen[a] == b then return nil end
  seen[a] = b
  local keys, present = {}, {}
  for k in next, a do keys[#keys + 1] = k; present[k] = true end
  for k in next, b do if not present[k] then keys[#keys + 1] = k end end
  sort(keys, key_before)
  for _, k in ipairs(keys) do
    local key = type(k) == "string" and k:match("^[%a_][%w_]*$") and ("." .. k) or ("[" .. format_scalar(k) .. "]")
    local p, x, y = deep_diff(rawget(a, k), rawget(b, k), path .. key, seen)
    if p then return p, x, y end
  end
  return nil
end
lib.same = function(a, b) return deep_diff(a, b, "", {}) == nil end

-- A failed assertion. `where` is the spec's line, found when the failure is raised.
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f)
  local text = (f.where and (f.where .. ": ") or "") .. f.message
  if f.expected ~= nil then text = text .. "\nexpected: " .. f.expected .. "\nactual:   " .. f.actual end
  return text
end
lib.Failure = Failure

local function fail(message, expected, actual)
  error(setmetatable({ message = message, expected = expected, actual = actual, where = user_location(2) }, Failure))
end
lib.fail = fail

-- Assertions: name → { arity = n, check = fn(args, n, negated) → holds, message, expected, actual }.
-- `arity` places the optional custom message (luassert's last argument).
local assertions = {}
local function define(names, arity, check)
  for name in names:gmatch("%S+") do assertions[name] = { arity = arity, check = check } end
end

local function negatable(negated, positive, negative) return negated and negative or positive end

define("equal equals", 2, function(a, _, neg)
  return a[1] == a[2], negatable(neg, "expected values to be equal", "expected values to differ"),
    (neg and "not " or "") .. fmt(a[1]), fmt(a[2])
end)

define("same", 2, function(a, _, neg)
  local path, x, y = deep_diff(a[1], a[2], "", {})
  local message = negatable(neg, "expected values to be the same", "expected values not to be the same")
  if path and path ~= "" then
    message = message .. " (first difference at " .. path .. ": expected " .. fmt(x) .. ", got " .. fmt(y) .. ")"
  end
  return path == nil, message, (neg and "not " or "") .. fmt(a[1]), fmt(a[2])
end)

local function value_check(names, test, what)
  define(names, 1, function(a, _, neg)
    return test(a[1]), negatable(neg, "expected " .. what, "expected not " .. what),
      (neg and "not " or "") .. what, fmt(a[1])
  end)
end
value_check("truthy", function(v) return not not v end, "a truthy value")
value_check("falsy", function(v) return not v end, "a falsy value")
value_check("true", function(v) return v == true end, "true")
value_check("false", function(v) return v == false end, "false")
value_check("nil", function(v) return v == nil end, "nil")
for _, t in ipairs({ "boolean", "number", "string", "table", "function", "userdata", "thread" }) do
  value_check(t, function(v) return type(v) == t end, "a " .. t)
end

local function number_arg(v, i, name)
  if type(v) ~= "number" then
    error(format("bad argument #%d to 'assert.%s' (number expected, got %s)", i, name, type(v)), 0)
  end
  return v
end

define("near", 3, function(a, _, neg)
  local expected, actual = number_arg(a[1], 1, "near"), number_arg(a[2], 2, "near")
  local tolerance = number_arg(a[3], 3, "near")
  return abs(expected - actual) <= tolerance,
    negatable(neg, "expected values to be within " .. tolerance, "expected values to differ by more than " .. tolerance),
    (neg and "not " or "") .. fmt(expected) .. " ± " .. tolerance, fmt(actual)
end)

define("matches match", 2, function(a, n, neg)
  local pattern, s = a[1], a[2]
  local init, plain = type(a[3]) == "number" and a[3] or nil, a[4] == true
  local found = type(s) == "string" and s:find(pattern, init, plain) ~= nil
  return found, negatable(neg, "expected the string to match", "expected the string not to match"),
    (neg and "not " or "") .. "pattern " .. fmt(pattern), fmt(s)
end)

define("unique", 2, function(a, _, neg)
  local list, dup = a[1], nil
  for i = 1, #list do
    for j = i + 1, #list do
      if lib.same(list[i], list[j]) then dup = dup or list[i] end
    end
  end
  return dup == nil, negatable(neg, "expected unique values", "expected a repeated value"),
    (neg and "not " or "") .. "unique values", dup ~= nil and ("repeated " .. fmt(dup)) or fmt(list)
end)

-- luassert strips "chunk:line: " from a string error before comparing it.
local function error_text(err)
  if type(err) == "string" then return (err:gsub("^.-:%d+: ", "", 1)) end
  if getmetatable(err) == Failure then return err.message end
  return err
end

local function error_check(name, compare)
  define(name, 2, function(a, n, neg)
    local fn = a[1]
    if type(fn) ~= "function" and not (type(fn) == "table" and getmetatable(fn) and getmetatable(fn).__call) then
      error(format("bad argument #1 to 'assert.%s' (function expected, got %s)", name:match("%S+"), type(fn)), 0)
    end
    local ok, err = pcall(fn)
    if ok then
      return false, negatable(neg, "expected an error", "expected no error"),
        (neg and "no error" or (a[2] ~= nil and ("error " .. fmt(a[2])) or "an error")), "no error"
    end
    local text = error_text(err)
    if a[2] == nil then
      return true, negatable(neg, "expected an error", "expected no error"),
        neg and "no error" or "an error", "error " .. fmt(text)
    end
    return compare(a[2], text), negatable(neg, "expected a different error", "expected another error than this"),
      (neg and "not " or "") .. "error " .. fmt(a[2]), "error " .. fmt(text)
  end)
end
error_check("error errors", function(expected, text)
  if type(expected) == "string" then return error_text(expected) == text end
  return lib.same(expected, text)
end)
error_check("error_matches error_match", function(pattern, text)
  return type(text) == "string" and text:find(pattern) ~= nil
end)

-- Scrim's rects: {x=, y=, width=, height=} or {x, y, w, h}.
local function rect_of(r, i)
  if type(r) ~= "table" then
    error(format("bad argument #%d to 'assert.rect_near' (rect expected, got %s)", i, type(r)), 0)
  end
  local rect = {
    x = r.x or r[1], y = r.y or r[2],
    width = r.width or r.w or r[3], height = r.height or r.h or r[4],
  }
  for _, k in ipairs({ "x", "y", "width", "height" }) do
    if type(rect[k]) ~= "number" then
      error(format("bad argument #%d to 'assert.rect_near' (rect has no number %s)", i, k), 0)
    end
  end
  return rect
end
local function format_rect(r)
  return format("{x = %s, y = %s, width = %s, height = %s}", fmt(r.x), fmt(r.y), fmt(r.width), fmt(r.height))
end
define("rect_near", 3, function(a, _, neg)
  local actual, expected = rect_of(a[1], 1), rect_of(a[2], 2)
  local tolerance = a[3] == nil and 0.5 or number_arg(a[3], 3, "rect_near")
  local off
  for _, k in ipairs({ "x", "y", "width", "height" }) do
    if not (abs(actual[k] - expected[k]) <= tolerance) then off = off or k end
  end
  return off == nil,
    negatable(neg, "expected rects within " .. tolerance .. (off and (" (" .. off .. " differs)") or ""),
      "expected rects to differ by more than " .. tolerance),
    (neg and "not " or "") .. format_rect(expected), format_rect(actual)
end)

-- Filled in by the rendering module (issue 10) through lib.snapshot_handler.
define("snapshot", 1, function(a, n, neg)
  local handler = lib.snapshot_handler
  if not handler then error("snapshot tests need the rendering module", 0) end
  return handler(a[1], lib.update_snapshots, select(2, unpack(a, 1, n)))
end)

-- Spies ----------------------------------------------------------------------------------------

local Spy = {}
Spy.__index = Spy
local tracked = {} -- spies and stubs to revert when the current test ends

local function record_call(self, ...)
  local args = pack(...)
  args.vals, args.refs = args, args
  self.calls[#self.calls + 1] = args
  local results = pack(self.callback(...))
  self.returnvals[#self.returnvals + 1] = results
  return unpack(results, 1, results.n)
end
Spy.__call = record_call
Spy.__tostring = function(s) return "spy(" .. (s.target_key and tostring(s.target_key) or "anonymous") .. ")" end

function Spy:clear()
  self.calls, self.returnvals = {}, {}
  return self
end

function Spy:revert()
  if self.target_table ~= nil and not self.reverted then
    self.target_table[self.target_key] = self.original
    self.reverted = true
  end
  return self
end

function Spy:returns(...)
  local values = pack(...)
  self.callback = function() return unpack(values, 1, values.n) end
  return self
end

function Spy:invokes(fn)
  self.callback = fn
  return self
end

local function new_spy(callback)
  return setmetatable({ callback = callback or function() end, calls = {}, returnvals = {} }, Spy)
end

local function is_spy(x) return getmetatable(x) == Spy end

local function attach(obj, key, s)
  if type(obj) ~= "table" then error("bad argument #1 (table expected, got " .. type(obj) .. ")", 3) end
  s.target_table, s.target_key, s.original = obj, key, obj[key]
  obj[key] = s
  tracked[#tracked + 1] = s
  return s
end

local spy = {
  new = function(fn) return new_spy(fn) end,
  on = function(obj, key)
    local original = type(obj) == "table" and obj[key]
    return attach(obj, key, new_spy(original or nil))
  end,
  is_spy = is_spy,
}
setmetatable(spy, { __call = function(_, fn) return new_spy(fn) end })
lib.spy = spy

local function new_stub(obj, key, ...)
  local s = new_spy():returns(...)
  if obj == nil and key == nil then return s end
  return attach(obj, key, s)
end
local stub = { new = new_stub, is_stub = is_spy }
setmetatable(stub, { __call = function(_, ...) return new_stub(...) end })
lib.stub = stub

local function mock_table(t, dostub, seen)
  seen[t] = true
  for k, v in next, t do
    if type(v) == "function" or is_spy(v) then
      if dostub then new_stub(t, k) else spy.on(t, k) end
    elseif type(v) == "table" and not seen[v] then
      mock_table(v, dostub, seen)
    end
  end
  return t
end
local mock = {
  new = function(t, dostub) return mock_table(t, dostub, {}) end,
  revert = function(t)
    local function revert(x, seen)
      seen[x] = true
      for _, v in next, x do
        if is_spy(v) then v:revert() elseif type(v) == "table" and not seen[v] then revert(v, seen) end
      end
    end
    revert(t, {})
    return t
  end,
}
setmetatable(mock, { __call = function(_, t, dostub) return mock_table(t, dostub, {}) end })
lib.mock = mock

-- Reverts what spy.on / stub / mock installed since the last call (the runner calls it after each test).
function lib.revert_tracked()
  for i = #tracked, 1, -1 do
    tracked[i]:revert()
    tracked[i] = nil
  end
end

local function spy_arg(s, name)
  if not is_spy(s) then
    error(format("bad argument #1 to 'assert.%s' (spy expected, got %s)", name, type(s)), 0)
  end
  return s
end

local function format_calls(s)
  if #s.calls == 0 then return "no calls" end
  local parts = {}
  for i, call in ipairs(s.calls) do
    local args = {}
    for j = 1, call.n do args[j] = fmt(call[j]) end
    parts[i] = "(" .. concat(args, ", ") .. ")"
    if i == 8 and #s.calls > 8 then parts[#parts + 1] = "… (" .. (#s.calls - 8) .. " more)"; break end
  end
  return #s.calls .. (#s.calls == 1 and " call: " or " calls: ") .. concat(parts, ", ")
end

local function times(n) return n == 1 and "once" or (n .. " times") end

define("called", 2, function(a, _, neg)
  local s = spy_arg(a[1], "called")
  local count, n = #s.calls, a[2]
  if n == nil then
    return count > 0, negatable(neg, "expected the spy to be called", "expected the spy not to be called"),
      neg and "no calls" or "at least one call", format_calls(s)
  end
  return count == n, negatable(neg, "expected the spy to be called " .. times(n), "expected the spy not to be called " .. times(n)),
    (neg and "not " or "") .. times(n), format_calls(s)
end)

local function count_check(name, test, phrase)
  define(name, 2, function(a, _, neg)
    local s = spy_arg(a[1], name)
    local n = number_arg(a[2], 2, name)
    return test(#s.calls, n), (neg and "expected the spy not to be called " or "expected the spy to be called ") .. phrase .. " " .. times(n),
      (neg and "not " or "") .. phrase .. " " .. times(n), format_calls(s)
  end)
end
count_check("called_at_least", function(c, n) return c >= n end, "at least")
count_check("called_at_most", function(c, n) return c <= n end, "at most")
count_check("called_more_than", function(c, n) return c > n end, "more than")
count_check("called_less_than", function(c, n) return c < n end, "less than")

local function list_check(name, list_of, what)
  define(name, math.huge, function(a, n, neg)
    local s = spy_arg(a[1], name)
    local wanted = pack(select(2, unpack(a, 1, n)))
    local found = false
    for _, got in ipairs(list_of(s)) do
      if got.n == wanted.n then
        local all = true
        for i = 1, wanted.n do
          if deep_diff(wanted[i], got[i], "", {}) then all = false; break end
        end
        if all then found = true; break end
      end
    end
    local shown = {}
    for i = 1, wanted.n do shown[i] = fmt(wanted[i]) end
    return found, negatable(neg, "expected the spy to be " .. what, "expected the spy not to be " .. what),
      (neg and "not " or "") .. "(" .. concat(shown, ", ") .. ")", format_calls(s)
  end)
end
list_check("called_with", function(s) return s.calls end, "called with these arguments")
list_check("returned_with", function(s) return s.returnvals end, "returned these values")

-- assert.spy(s) / assert.stub(s) start a chain whose assertions get `s` first.
assertions.spy = { prefix = true }
assertions.stub = { prefix = true }

-- Chains -------------------------------------------------------------------------------------

local ignored = {
  is = true, are = true, was = true, were = true, has = true, have = true, does = true, ["do"] = true,
  be = true, been = true, to = true, all = true, at = true,
}
local negators = { ["not"] = true, no = true }

-- Splits a chain ("is_not", "equal") into its assertion name and whether it is negated.
local resolved = {}
local function resolve(tokens)
  local key = concat(tokens, "_")
  local cached = resolved[key]
  if cached then return cached[1], cached[2] end
  local name, negated, i, n = nil, false, 1, #tokens
  while i <= n do
    local found
    for j = n, i, -1 do
      local candidate = concat(tokens, "_", i, j)
      if assertions[candidate] then found = j; name = candidate; break end
    end
    if found then
      if found ~= n then
        error("unknown assertion 'assert." .. key .. "' (nothing may follow '" .. name .. "')", 3)
      end
      i = found + 1
    elseif negators[tokens[i]] then
      negated = not negated
      i = i + 1
    elseif ignored[tokens[i]] then
      i = i + 1
    else
      error("unknown assertion 'assert." .. key .. "'", 3)
    end
  end
  if not name then error("'assert." .. key .. "' names no assertion", 3) end
  resolved[key] = { name, negated }
  return name, negated
end

local Chain = {}
local function chain(tokens, prefix)
  return setmetatable({ tokens = tokens, prefix = prefix }, Chain)
end

Chain.__index = function(self, key)
  if type(key) ~= "string" then return nil end
  local tokens = { unpack(rawget(self, "tokens")) }
  for token in key:lower():gmatch("[^_]+") do tokens[#tokens + 1] = token end
  return chain(tokens, rawget(self, "prefix"))
end

local function run(tokens, prefix, ...)
  local name, negated = resolve(tokens)
  local entry = assertions[name]
  if entry.prefix then
    -- The negation of `assert.is_not.spy(s)` carries on into the chain that follows.
    local carried = {}
    if negated then carried[1] = "not" end
    return chain(carried, { (...) })
  end
  local args
  if prefix then args = pack(prefix[1], ...) else args = pack(...) end
  local holds, message, expected, actual = entry.check(args, args.n, negated)
  if (not holds) ~= negated then
    local custom = args.n > entry.arity and args[entry.arity + 1]
    if type(custom) == "string" then message = custom end
    error(setmetatable({ message = message, expected = expected, actual = actual, where = user_location(1) }, Failure))
  end
  return ...
end

Chain.__call = function(self, ...)
  return run(rawget(self, "tokens"), rawget(self, "prefix"), ...)
end

-- The global `assert`: Lua's assert when called, luassert's chains when indexed.
local assert = setmetatable({}, {
  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    local tokens = {}
    for token in key:lower():gmatch("[^_]+") do tokens[#tokens + 1] = token end
    return chain(tokens, nil)
  end,
  __call = function(_, value, message, ...)
    if not value then
      error(setmetatable({ message = message ~= nil and tostring(message) or "assertion failed!", where = user_location(2) }, Failure))
    end
    return value, message, ...
  end,
})

-- luassert's extension point: assert:register("assertion", name, fn(state, arguments), positive, negative).
rawset(assert, "register", function(_, kind, name, fn, positive, negative)
  if kind ~= "assertion" then return end
  define(name, math.huge, function(a, _, neg)
    return fn({ mod = not neg }, a) and true or false,
      negatable(neg, positive or ("assertion '" .. name .. "' failed"), negative or ("negated assertion '" .. name .. "' failed"))
  end)
  resolved = {}
end)
rawset(assert, "fail", function(message) fail(message ~= nil and tostring(message) or "failed") end)
lib.assert = assert

return lib
"""#
}
