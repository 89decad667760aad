-- luassert for `scrim test`: the assert engine (chains of modifiers and an assertion, resolved by luassert's
-- token algorithm), its extension API (`assert:register`, parameters, formatters, snapshots), the matchers
-- and the messages (through `say`). A failed assertion raises a Failure table, which the runner tells
-- apart from other errors (busted's "failure" against "error"); it carries the spec's own file:line.
local say = ...
local debugGetinfo, debugTraceback, debugGetmetatable = debug.getinfo, debug.traceback, debug.getmetatable
local type, tostring, select, error, pcall, next = type, tostring, select, error, pcall, next
local getmetatable, setmetatable, rawget, rawequal = getmetatable, setmetatable, rawget, rawequal
local concat, insert, remove, sort, unpack = table.concat, table.insert, table.remove, table.sort, table.unpack
local format = string.format

local lib = { say = say }

-- Locations -------------------------------------------------------------------------------------------

-- The test library's chunks are named "[scrim]/…"; their frames are never the user's, nor are those of the
-- runtime's own Lua (`lib.runtimeChunks`, set by the runner: "@class.lua" = true, …), so an error raised
-- through `scrim.class` is placed at the spec's line, not inside Scrim.
local function isLibrary(source)
  return source:sub(1, 8) == "@[scrim]" or (lib.runtimeChunks ~= nil and lib.runtimeChunks[source] == true)
end

local function sourceName(source)
  local first = source:sub(1, 1)
  if first == "@" or first == "=" then return source:sub(2) end
  return "[string]"
end

-- The file and line of the first frame above `level` that is Lua code outside the library.
function lib.userFrame(level)
  level = level + 1
  while true do
    local info = debugGetinfo(level, "Sl")
    if not info then return nil end
    if info.what ~= "C" and not isLibrary(info.source) then
      return sourceName(info.source), info.currentline or 0
    end
    level = level + 1
  end
end

function lib.userLocation(level)
  local source, line = lib.userFrame(level + 1)
  return source and (source .. ":" .. line) or nil
end

-- Whether a traceback line ("class.lua:105: in function <class.lua:100>") is a frame of the runtime's Lua.
local function isRuntimeFrame(frame)
  local file = frame:match("^([^:]+):%d+:")
  return file ~= nil and isLibrary("@" .. file)
end

-- The traceback from `level` up, without the library's and C's frames.
function lib.userTraceback(level)
  local kept = {}
  for line in debugTraceback("", level + 1):gmatch("[^\n]+") do
    local frame = line:match("^%s+(.*)")
    if frame and not frame:find("^%[C%]") and not frame:find("^%[scrim%]")
        and not frame:find("^%(%.%.%.tail calls%.%.%.%)") and not isRuntimeFrame(frame) then
      kept[#kept + 1] = "\t" .. frame
    end
  end
  if #kept == 0 then return nil end
  return "stack traceback:\n" .. concat(kept, "\n")
end

-- A failed assertion (busted's "failure"); `where` is the spec's line.
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f)
  return (f.where and (f.where .. ": ") or "") .. f.message
end
lib.Failure = Failure

-- util -------------------------------------------------------------------------------------------------

local util = {}
lib.util = util

local arglistMeta = {}

function util.pack(...) return { n = select("#", ...), ... } end
function util.unpack(t, i, j) return unpack(t, i or 1, j or t.n or #t) end

function util.callable(object)
  return type(object) == "function" or type((debugGetmetatable(object) or {}).__call) == "function"
end

function util.hastostring(object)
  return type(object) == "string" or type((debugGetmetatable(object) or {}).__tostring) == "function"
end

function util.make_arglist(...)
  return setmetatable({ n = select("#", ...), ... }, arglistMeta)
end

function util.is_arglist(object)
  return getmetatable(object) == arglistMeta
end

-- Deep equality as luassert has it: __eq decides when both share a metatable with one (unless ignoreMeta),
-- cycles are followed as far as both sides repeat. On a difference, also the path to it (innermost key first).
function util.deepcompare(t1, t2, ignoreMeta, cycles, thresh1, thresh2)
  if type(t1) ~= "table" or type(t2) ~= "table" then return t1 == t2 end
  local mt1, mt2 = debugGetmetatable(t1), debugGetmetatable(t2)
  if mt1 and mt1 == mt2 and mt1.__eq then
    if not ignoreMeta then return t1 == t2 end
  elseif rawequal(t1, t2) then
    return true
  end
  cycles = cycles or { {}, {} }
  thresh1, thresh2 = thresh1 or 1, thresh2 or 1
  local seen1, seen2 = cycles[1], cycles[2]
  seen1[t1], seen2[t2] = seen1[t1] or 0, seen2[t2] or 0
  if seen1[t1] == 1 or seen2[t2] == 1 then
    thresh1, thresh2 = seen1[t1] + 1, seen2[t2] + 1
  end
  if seen1[t1] > thresh1 and seen2[t2] > thresh2 then return true end
  seen1[t1], seen2[t2] = seen1[t1] + 1, seen2[t2] + 1
  for k, v1 in next, t1 do
    local v2 = t2[k]
    if v2 == nil then return false, { k } end
    local same, crumbs = util.deepcompare(v1, v2, nil, cycles, thresh1, thresh2)
    if not same then
      crumbs = crumbs or {}
      crumbs[#crumbs + 1] = k
      return false, crumbs
    end
  end
  for k in next, t2 do
    if t1[k] == nil then return false, { k } end
  end
  seen1[t1], seen2[t2] = seen1[t1] - 1, seen2[t2] - 1
  return true
end

function util.shallowcopy(t)
  if type(t) ~= "table" then return t end
  local copy = setmetatable({}, getmetatable(t))
  for k, v in next, t do copy[k] = v end
  return copy
end

function util.deepcopy(t, deepMeta, cache)
  if type(t) ~= "table" then return t end
  cache = cache or {}
  if cache[t] then return cache[t] end
  local copy = {}
  cache[t] = copy
  for k, v in next, t do
    copy[k] = (lib.isSpy(v) and v) or util.deepcopy(v, deepMeta, cache)
  end
  if deepMeta then
    debug.setmetatable(copy, util.deepcopy(debugGetmetatable(t), false, cache))
  else
    debug.setmetatable(copy, debugGetmetatable(t))
  end
  return copy
end

-- A call's arguments kept twice: deep copies (what they were then) and the references (for match.is_ref).
function util.copyargs(args)
  local copy = setmetatable({}, getmetatable(args))
  for k, v in next, args do
    copy[k] = (lib.isMatcher(v) or lib.isSpy(v)) and v or util.deepcopy(v)
  end
  return { vals = copy, refs = util.shallowcopy(args) }
end

function util.cleararglist(arglist)
  for i = arglist.n, 1, -1 do util.tremove(arglist, i) end
  arglist.n = nil
end

local function matchArguments(args, refs, specs)
  for i, value in next, args do
    if i ~= "n" then
      local spec = specs[i]
      if lib.isMatcher(spec) then
        if spec.name == "ref" then value = refs[i] end
        if not spec(value) then return false end
      elseif spec == nil or not util.deepcompare(value, spec) then
        return false
      end
    end
  end
  for i, spec in next, specs do
    if i ~= "n" and args[i] == nil then
      if not (lib.isMatcher(spec) and spec(nil)) then return false end
    end
  end
  return true
end

-- The last call (or return) matching `specs`, searched from the newest.
function util.matchargs(list, specs)
  for i = #list, 1, -1 do
    local entry = list[i]
    if matchArguments(entry.vals, entry.refs, specs) then return entry end
  end
  return nil
end

function util.matchoncalls(oncalls, args)
  for _, spec in ipairs(oncalls) do
    if matchArguments(args, args, spec.vals) then return spec end
  end
  return nil
end

-- table.insert / table.remove that keep `n` (lists with nils).
function util.tinsert(t, pos, value)
  if value == nil and pos ~= nil and type(pos) ~= "number" then pos, value = nil, pos end
  t.n = (t.n or #t) + 1
  if not pos then
    pos = t.n
  elseif pos > t.n then
    t[pos] = value
    t.n = pos
  end
  for i = t.n, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = value
end

function util.tremove(t, pos)
  t.n = t.n or #t
  if not pos then
    pos = t.n
  elseif pos > t.n then
    local removed = t[pos]
    t[pos] = nil
    return removed
  end
  local removed = t[pos]
  for i = pos, t.n do t[i] = t[i + 1] end
  t[t.n] = nil
  t.n = t.n - 1
  return removed
end

-- The namespaces of registered names: assertion, modifier, matcher (and any a suite adds).
local namespaces = { assertion = {}, modifier = {}, matcher = {} }
lib.namespaces = namespaces

-- luassert's token algorithm: from the last token backwards, join tokens into the longest name the
-- namespace knows; each modifier or name found becomes a key. Anything left over is unknown.
local keyCache = { assertion = {}, matcher = {} }
function util.extract_keys(namespaceName, tokens)
  local cache = keyCache[namespaceName]
  local joined = cache and concat(tokens, "_")
  if cache and cache[joined] then return cache[joined] end
  local space, modifiers = namespaces[namespaceName], namespaces.modifier
  local keys, key = {}, nil
  local i = #tokens
  while i > 0 do
    key = key and (tokens[i] .. "_" .. key) or tokens[i]
    local longer = i > 1 and (tokens[i - 1] .. "_" .. key) or nil
    while i > 1 and longer and space[longer] do
      key = longer
      i = i - 1
      longer = tokens[i - 1] and (tokens[i - 1] .. "_" .. key)
    end
    if modifiers[key] or space[key] then
      insert(keys, 1, key)
      key = nil
    end
    i = i - 1
  end
  if key then
    error(setmetatable({ message = "luassert: unknown modifier/" .. namespaceName .. ": '" .. key .. "'",
      where = lib.userLocation(2) }, Failure))
  end
  if cache then cache[joined] = keys end
  return keys
end

-- state: snapshots of formatters, parameters and spies --------------------------------------------------

local state = {}
lib.state = state
local snapshotMeta = { __call = function(self) self:revert() end }
local nilValue = {}
local current

function state.revert(self)
  if not self then
    self = current
    if not self.previous then return end
  end
  if getmetatable(self) ~= snapshotMeta then error("Value provided is not a valid snapshot", 2) end
  if self.next then self.next:revert() end
  self.formatters, self.parameters = {}, {}
  for s in next, self.spies do
    self.spies[s] = nil
    s:revert()
  end
  setmetatable(self, nil)
  current = self.previous
  current.next = nil
end

function state.snapshot()
  local new = setmetatable({
    formatters = {}, parameters = {}, spies = setmetatable({}, { __mode = "kv" }),
    previous = current, revert = state.revert,
  }, snapshotMeta)
  if current then current.next = new end
  current = new
  return new
end

function state.add_formatter(fn) insert(current.formatters, 1, fn) end

function state.remove_formatter(fn, s)
  s = s or current
  for i, v in ipairs(s.formatters) do
    if v == fn then remove(s.formatters, i); break end
  end
  if s.previous then state.remove_formatter(fn, s.previous) end
end

function state.format_argument(value, s, extra)
  s = s or current
  for _, formatter in ipairs(s.formatters) do
    local text = formatter(value, extra)
    if text ~= nil then return text end
  end
  if s.previous then return state.format_argument(value, s.previous, extra) end
  return nil
end

function state.set_parameter(name, value)
  if value == nil then value = nilValue end
  current.parameters[name] = value
end

function state.get_parameter(name, s)
  s = s or current
  local value = s.parameters[name]
  if value == nil and s.previous then return state.get_parameter(name, s.previous) end
  if value ~= nilValue then return value end
  return nil
end

function state.add_spy(s) current.spies[s] = true end

state.snapshot()

-- The engine ---------------------------------------------------------------------------------------------

local function fail(message)
  error(setmetatable({ message = message, where = lib.userLocation(2) }, Failure), 0)
end
lib.fail = fail

-- luassert's own check for its arguments: a failure, as under busted.
local function check(condition, message)
  if not condition then fail(message) end
  return condition
end

-- A message key looked up in the suite's `say` when it has its own (so its `say:set` texts are found), else ours.
local function message(key, values)
  local theirs = package.loaded.say
  if theirs ~= nil and theirs ~= say and util.callable(theirs) then
    local text = theirs(key, values)
    if text ~= nil then return text end
  end
  return say(key, values)
end
lib.message = message

local assert = {}
local levelMeta = {}

local function failureText(key, custom, args)
  if util.hastostring(custom) then
    custom = tostring(custom)
  elseif custom ~= nil then
    custom = state.format_argument(custom)
  end
  local text = key and message(key, assert:format(args))
  if text and custom then text = custom .. "\n" .. text end
  return text or custom
end

local stateMeta = {}
stateMeta.__index = function(self, key)
  local tokens = rawget(self, "tokens")
  for token in key:lower():gmatch("[^_]+") do tokens[#tokens + 1] = token end
  return self
end
stateMeta.__call = function(self, ...)
  local keys = util.extract_keys("assertion", self.tokens)
  local modifiers, assertions = namespaces.modifier, namespaces.assertion
  local assertion
  for _, key in ipairs(keys) do assertion = assertions[key] or assertion end
  local arguments = util.make_arglist(...)
  if assertion then
    for _, key in ipairs(keys) do
      local modifier = modifiers[key]
      if modifier then modifier.callback(self) end
    end
    local holds, returned = assertion.callback(self, arguments, 2)
    if (not holds) == self.mod then
      local key = self.mod and assertion.positive_message or assertion.negative_message
      fail(failureText(key, rawget(self, "failure_message"), arguments) or "assertion failed!")
    end
    if returned then return util.unpack(returned) end
    return ...
  end
  self.tokens = {}
  for _, key in ipairs(keys) do
    local modifier = modifiers[key]
    if modifier then modifier.callback(self, arguments, 2) end
  end
  return self
end

local function newState() return setmetatable({ mod = true, tokens = {} }, stateMeta) end

function assert.state() return newState() end

function assert:register(space, name, callback, positive, negative)
  local lower = name:lower()
  namespaces[space] = namespaces[space] or {}
  namespaces[space][lower] = { callback = callback, name = lower, positive_message = positive, negative_message = negative }
  keyCache.assertion, keyCache.matcher = {}, {}
end

function assert:unregister(space, name)
  namespaces[space] = namespaces[space] or {}
  namespaces[space][name:lower()] = nil
  keyCache.assertion, keyCache.matcher = {}, {}
end

function assert:add_formatter(fn) state.add_formatter(fn) end
function assert:remove_formatter(fn) state.remove_formatter(fn) end

-- Formats args[1..n] in place (except those in args.nofmt), for the message's %s.
function assert:format(args)
  local nofmt, extra = args.nofmt or {}, args.fmtargs or {}
  for i = 1, args.n or #args do
    if not nofmt[i] then
      local value = args[i]
      local text = state.format_argument(value, nil, extra[i])
      if text == nil then text = tostring(value) end
      args[i] = text
    end
  end
  return args
end

function assert:set_parameter(name, value) state.set_parameter(name, value) end
function assert:get_parameter(name) return state.get_parameter(name) end
function assert:add_spy(s) state.add_spy(s) end
assert.addspy = assert.add_spy
-- `assert:snapshot()` is luassert's state snapshot; `assert.snapshot(name)` Scrim's picture assertion.
function assert.snapshot(first, ...)
  if rawequal(first, assert) then return state.snapshot() end
  return newState().snapshot(first, ...)
end
function assert:level(level) return setmetatable({ level = level }, levelMeta) end
function assert:get_level(level)
  if getmetatable(level) ~= levelMeta then return nil end
  return level.level
end

setmetatable(assert, {
  __call = function(_, value, text, level, ...)
    if not value then
      if text ~= nil and not util.hastostring(text) then text = state.format_argument(text) end
      fail(text ~= nil and tostring(text) or "assertion failed!")
    end
    return value, text, level, ...
  end,
  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return newState()[key]
  end,
})
lib.assert = assert

-- Matchers: the same names as assertions, made into values that test one argument ---------------------------

local matcherMeta = { __call = function(self, value) return self.callback(value) == self.mod end }

function lib.isMatcher(object)
  return type(object) == "table" and getmetatable(object) == matcherMeta
end

local matchStateMeta = {}
matchStateMeta.__index = stateMeta.__index
matchStateMeta.__call = function(self, ...)
  local keys = util.extract_keys("matcher", self.tokens)
  self.tokens = {}
  local matcher
  for _, key in ipairs(keys) do matcher = namespaces.matcher[key] or matcher end
  local arguments = util.make_arglist(...)
  if matcher then
    for _, key in ipairs(keys) do
      local modifier = namespaces.modifier[key]
      if modifier then modifier.callback(self) end
    end
    local test = matcher.callback(self, arguments, 2)
    return setmetatable({ name = matcher.name, mod = self.mod, callback = test, arguments = arguments }, matcherMeta)
  end
  for _, key in ipairs(keys) do
    local modifier = namespaces.modifier[key]
    if modifier then modifier.callback(self, arguments, 2) end
  end
  return self
end

local match = {
  _ = setmetatable({ mod = true, callback = function() return true end, arguments = { n = 0 }, name = "_" }, matcherMeta),
  state = function() return setmetatable({ mod = true, tokens = {} }, matchStateMeta) end,
  is_matcher = lib.isMatcher,
  is_ref_matcher = function(object) return lib.isMatcher(object) and object.name == "ref" end,
}
setmetatable(match, {
  __index = function(self, key)
    if type(key) ~= "string" then return nil end
    return self.state()[key]
  end,
})
lib.match = match

-- Modifiers ------------------------------------------------------------------------------------------------

local function keep(s) return s end
local function negate(s) s.mod = not s.mod return s end
for _, name in ipairs({ "is", "are", "was", "has", "does" }) do assert:register("modifier", name, keep) end
assert:register("modifier", "not", negate)
assert:register("modifier", "no", negate)
assert:register("modifier", "message", function(s, args) s.failure_message = args[1] end)

-- Assertions -------------------------------------------------------------------------------------------------

local function formatted(value) return state.format_argument(value) or tostring(value) end

local function setMessage(s, text)
  if text ~= nil then s.failure_message = text end
end

local function needs(args, count, name)
  check(args.n >= count, message("assertion.internal.argtolittle", { name, count, tostring(args.n) }))
end

local function badType(position, name, expected, got)
  return message("assertion.internal.badargtype", { position, name, expected, got })
end

-- Most assertions show the expected value first: the arguments are swapped for the message.
local function swapFirstTwo(args) util.tinsert(args, 1, util.tremove(args, 2)) end

local function equals(s, args)
  needs(args, 2, "equals")
  local holds = args[1] == args[2]
  swapFirstTwo(args)
  setMessage(s, args[3])
  return holds
end

local function same(s, args)
  needs(args, 2, "same")
  if type(args[1]) == "table" and type(args[2]) == "table" then
    local holds, crumbs = util.deepcompare(args[1], args[2], true)
    swapFirstTwo(args)
    args.fmtargs = args.fmtargs or {}
    args.fmtargs[1], args.fmtargs[2] = { crumbs = crumbs }, { crumbs = crumbs }
    setMessage(s, args[3])
    return holds
  end
  local holds = args[1] == args[2]
  swapFirstTwo(args)
  setMessage(s, args[3])
  return holds
end

-- Whether no two values of `list` are equal (with `deep`, nor alike table by table): assert.unique and match.unique.
local function allDistinct(list, deep)
  for k, v in next, list do
    for k2, v2 in next, list do
      if k ~= k2 then
        if deep and util.deepcompare(v, v2, true) then return false end
        if v == v2 then return false end
      end
    end
  end
  return true
end

local function unique(s, args)
  local list, deep = args[1], nil
  if type(args[2]) == "boolean" or (args[2] == nil and args.n > 2) then
    deep = args[2]
    setMessage(s, args[3])
  else
    if type(args[3]) == "boolean" then deep = args[3] end
    setMessage(s, args[2])
  end
  return allDistinct(list, deep)
end

local function near(s, args)
  needs(args, 3, "near")
  local expected, actual, tolerance = tonumber(args[1]), tonumber(args[2]), tonumber(args[3])
  local numeric = "number or object convertible to a number"
  check(expected, badType(1, "near", numeric, formatted(args[1])))
  check(actual, badType(2, "near", numeric, formatted(args[2])))
  check(tolerance, badType(3, "near", numeric, formatted(args[3])))
  swapFirstTwo(args)
  args[3] = tolerance
  args.nofmt = args.nofmt or {}
  args.nofmt[3] = true
  setMessage(s, args[4])
  return actual >= expected - tolerance and actual <= expected + tolerance
end

-- The custom message of matches/error_matches is the first argument after the pattern's that is neither a
-- boolean nor a number.
local function takeMessage(args)
  local position = 3
  for i = 3, args.n do
    if args[i] and type(args[i]) ~= "boolean" and not tonumber(args[i]) then
      if i == 3 then position = position + 1 end
      return util.tremove(args, i), position
    end
  end
  return nil, position
end

local function matches(s, args)
  needs(args, 2, "matches")
  local pattern, actual = args[1], nil
  if util.hastostring(args[2]) or type(args[2]) == "number" then actual = tostring(args[2]) end
  local custom, initPosition = takeMessage(args)
  local init, plain = args[3], args[4]
  check(type(pattern) == "string", badType(1, "matches", "string", type(args[1])))
  check(actual, badType(2, "matches", "string or object convertible to a string", formatted(args[2])))
  check(init == nil or tonumber(init), badType(initPosition, "matches", "number", type(args[3])))
  swapFirstTwo(args)
  setMessage(s, custom)
  if plain then
    local found = actual:find(pattern, init, plain) ~= nil
    return found, found and { pattern } or {}
  end
  local captures = { actual:match(pattern, init) }
  return captures[1] ~= nil, captures
end

local function truthy(s, args)
  needs(args, 1, "truthy")
  setMessage(s, args[2])
  return args[1] ~= false and args[1] ~= nil
end

local function falsy(s, args)
  needs(args, 1, "falsy")
  return not truthy(s, args)
end

-- luassert compares an error's text without its "file:line: " prefix.
local function stripPosition(err)
  if type(err) == "string" then return (err:gsub("^.-:%d+: ", "", 1)) end
  if getmetatable(err) == Failure then return err.message end
  return err
end

local function hasError(s, args)
  local returned = util.shallowcopy(args)
  local fn, expected, custom = args[1], args[2], args[3]
  check(util.callable(fn), badType(1, "error", "function or callable object", type(fn)))
  local ok, actual = pcall(fn)
  actual = stripPosition(actual)
  returned[1] = actual
  args.nofmt, args.n = {}, 2
  args[1] = ok and "(no error)" or actual
  args[2] = expected == nil and "(error)" or expected
  args.nofmt[1], args.nofmt[2] = ok, expected == nil
  setMessage(s, custom)
  if ok or expected == nil then return not ok, returned end
  if type(expected) == "string" then
    if util.hastostring(actual) then
      actual = tostring(actual)
      returned[1] = actual
    end
    if type(actual) == "string" then return expected == actual, returned end
  elseif type(expected) == "number" and type(actual) == "string" then
    return tostring(expected) == tostring(tonumber(actual)), returned
  end
  return same(s, { expected, actual, n = 2 }), returned
end

local function errorMatches(s, args)
  local returned = util.shallowcopy(args)
  local fn, pattern = args[1], args[2]
  needs(args, 2, "error_matches")
  check(util.callable(fn), badType(1, "error_matches", "function or callable object", type(fn)))
  check(pattern == nil or type(pattern) == "string", badType(2, "error", "string", type(pattern)))
  local custom, initPosition = takeMessage(args)
  local init, plain = args[3], args[4]
  check(init == nil or tonumber(init), badType(initPosition, "matches", "number", type(args[3])))
  local ok, actual = pcall(fn)
  actual = stripPosition(actual)
  returned[1] = actual
  args.nofmt, args.n = {}, 2
  args[1], args[2] = ok and "(no error)" or actual, pattern
  args.nofmt[1], args.nofmt[2] = ok, false
  setMessage(s, custom)
  if ok then return false, returned end
  if actual == nil and pattern == nil then return true, {} end
  if util.hastostring(actual) or type(actual) == "number" or type(actual) == "boolean" then
    actual = tostring(actual)
    returned[1] = actual
  end
  if type(actual) == "string" then
    if plain then
      local found = actual:find(pattern, init, plain) ~= nil
      if found then returned = { pattern } end
      return found, returned
    end
    local captures = { actual:match(pattern, init) }
    if captures[1] ~= nil then return true, captures end
    return false, returned
  end
  return false, returned
end

local function isValue(expected)
  return function(s, args)
    util.tinsert(args, 2, expected)
    setMessage(s, args[3])
    return args[1] == args[2]
  end
end

local function isType(name)
  return function(s, args)
    util.tinsert(args, 2, "type " .. name)
    args.nofmt = args.nofmt or {}
    args.nofmt[2] = true
    setMessage(s, args[3])
    return args.n > 1 and type(args[1]) == name
  end
end

local function returnedArguments(_, args)
  args[1], args[2] = tostring(args[1]), tostring(args.n - 1)
  args.nofmt = args.nofmt or {}
  args.nofmt[1], args.nofmt[2] = true, true
  if args.n < 2 then args.n = 2 end
  return args[1] == args[2]
end

local sameKeys = { "assertion.same.positive", "assertion.same.negative" }
assert:register("assertion", "true", isValue(true), unpack(sameKeys))
assert:register("assertion", "false", isValue(false), unpack(sameKeys))
for _, name in ipairs({ "boolean", "number", "string", "table", "nil", "userdata", "function", "thread" }) do
  assert:register("assertion", name, isType(name), unpack(sameKeys))
end
assert:register("assertion", "returned_arguments", returnedArguments,
  "assertion.returned_arguments.positive", "assertion.returned_arguments.negative")
assert:register("assertion", "same", same, unpack(sameKeys))
assert:register("assertion", "matches", matches, "assertion.matches.positive", "assertion.matches.negative")
assert:register("assertion", "match", matches, "assertion.matches.positive", "assertion.matches.negative")
assert:register("assertion", "near", near, "assertion.near.positive", "assertion.near.negative")
assert:register("assertion", "equals", equals, "assertion.equals.positive", "assertion.equals.negative")
assert:register("assertion", "equal", equals, "assertion.equals.positive", "assertion.equals.negative")
assert:register("assertion", "unique", unique, "assertion.unique.positive", "assertion.unique.negative")
for _, name in ipairs({ "error", "errors" }) do
  assert:register("assertion", name, hasError, "assertion.error.positive", "assertion.error.negative")
end
for _, name in ipairs({ "error_matches", "error_match", "matches_error", "match_error" }) do
  assert:register("assertion", name, errorMatches, "assertion.error.positive", "assertion.error.negative")
end
assert:register("assertion", "truthy", truthy, "assertion.truthy.positive", "assertion.truthy.negative")
assert:register("assertion", "falsy", falsy, "assertion.falsy.positive", "assertion.falsy.negative")

-- assert.array(t).has.no.holes([length]): the array modifier keeps the table for the holes assertion.
local arrayKey = "__array_state"
assert:register("modifier", "array", function(s, args)
  check(args.n > 0, "No array provided to the array-modifier")
  check(rawget(s, arrayKey) == nil, "Array already set")
  rawset(s, arrayKey, args[1])
  return s
end)
assert:register("assertion", "holes", function(s, args)
  local length, array = args[1], rawget(s, arrayKey)
  check(array ~= nil, "No array set, please use the array modifier to set the array to validate")
  if length == nil then
    length = 0
    for i in next, array do
      if type(i) == "number" and i > length and i == math.floor(i) then length = i end
    end
  end
  check(type(length) == "number", "expected array length to be of type 'number', got: " .. tostring(length))
  local missing
  for i = 1, length do
    if array[i] == nil then missing = i; break end
  end
  args[1], args.n = missing, missing and 1 or 0
  return missing ~= nil, { missing }
end, "assertion.array_holes.positive", "assertion.array_holes.negative")

-- Matchers --------------------------------------------------------------------------------------------------

local function registerMatcher(name, make) assert:register("matcher", name, make) end

registerMatcher("true", function() return function(v) return v == true end end)
registerMatcher("false", function() return function(v) return v == false end end)
for _, name in ipairs({ "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" }) do
  registerMatcher(name, function() return function(v) return type(v) == name end end)
end
registerMatcher("truthy", function() return function(v) return v ~= false and v ~= nil end end)
registerMatcher("falsy", function() return function(v) return v == false or v == nil end end)
registerMatcher("ref", function(_, args)
  local kind = type(args[1])
  check(args.n > 0, message("assertion.internal.argtolittle", { "ref", 1, tostring(args.n) }))
  check(kind == "table" or kind == "function" or kind == "thread" or kind == "userdata",
    badType(1, "ref", "object", kind))
  return function(v) return v == args[1] end
end)
registerMatcher("same", function(_, args)
  check(args.n > 0, message("assertion.internal.argtolittle", { "same", 1, tostring(args.n) }))
  return function(v)
    if type(v) == "table" and type(args[1]) == "table" then return (util.deepcompare(v, args[1], true)) end
    return v == args[1]
  end
end)
local function matchesMatcher(_, args)
  check(args.n > 0, message("assertion.internal.argtolittle", { "matches", 1, tostring(args.n) }))
  local pattern, init, plain = args[1], args[2], args[3]
  check(type(pattern) == "string", badType(1, "matches", "string", type(args[1])))
  check(init == nil or tonumber(init), badType(2, "matches", "number", type(args[2])))
  return function(v)
    local kind = type(v)
    if kind == "string" or kind == "number" or (kind == "table" and (getmetatable(v) or {}).__tostring) then
      return tostring(v):find(pattern, init, plain) ~= nil
    end
    return false
  end
end
registerMatcher("matches", matchesMatcher)
registerMatcher("match", matchesMatcher)
registerMatcher("near", function(_, args)
  check(args.n > 1, message("assertion.internal.argtolittle", { "near", 2, tostring(args.n) }))
  local expected, tolerance = tonumber(args[1]), tonumber(args[2])
  local numeric = "number or object convertible to a number"
  check(expected, badType(1, "near", numeric, formatted(args[1])))
  check(tolerance, badType(2, "near", numeric, formatted(args[2])))
  return function(v)
    local actual = tonumber(v)
    return actual ~= nil and actual >= expected - tolerance and actual <= expected + tolerance
  end
end)
local function equalsMatcher(_, args)
  check(args.n > 0, message("assertion.internal.argtolittle", { "equals", 1, tostring(args.n) }))
  return function(v) return v == args[1] end
end
registerMatcher("equals", equalsMatcher)
registerMatcher("equal", equalsMatcher)
registerMatcher("unique", function(_, args)
  local deep = args[1]
  return function(list) return allDistinct(list, deep) end
end)

local function composite(name, decide)
  registerMatcher(name, function(_, args)
    check(args.n > 0, message("assertion.internal.argtolittle", { name:match("^%a+"), 1, tostring(args.n) }))
    for i = 1, args.n do
      check(lib.isMatcher(args[i]), badType(1, name:match("^%a+"), "matcher", type(args[i])))
    end
    return function(v) return decide(args, v) end
  end)
end
composite("none_of", function(list, v)
  for i = 1, list.n do if list[i](v) then return false end end
  return true
end)
composite("any_of", function(list, v)
  for i = 1, list.n do if list[i](v) then return true end end
  return false
end)
composite("all_of", function(list, v)
  for i = 1, list.n do if not list[i](v) then return false end end
  return true
end)

-- Formatters ----------------------------------------------------------------------------------------------

-- Numbers shown precisely; a float that looks whole keeps its ".0".
local function numberText(v)
  if type(v) ~= "number" then return tostring(v) end
  if v ~= v then return "NaN" elseif v == math.huge then return "Inf" elseif v == -math.huge then return "-Inf" end
  local text = format("%.20g", v)
  if math.type(v) == "float" and not text:find("[%.,]") then text = text:gsub("%d+", "%0.0", 1) end
  return text
end

local typeOrder = { number = 1, boolean = 2, string = 3, table = 4, ["function"] = 5, userdata = 6, thread = 7 }

local function sortedKeys(t)
  local keys, count, length = {}, 0, #t
  for k in next, t do count = count + 1; keys[count] = k end
  local function rank(k)
    if type(k) == "number" and k >= 1 and k <= length and k == math.floor(k) then return 0 end
    return typeOrder[type(k)] or 8
  end
  sort(keys, function(a, b)
    local ra, rb = rank(a), rank(b)
    if ra ~= rb then return ra < rb end
    local kind = type(a)
    if kind == "string" or kind == "number" then return a < b end
    if kind == "boolean" then return a end
    return false
  end)
  return keys, count
end

-- TableErrorHighlightColor: names of term.colors' ANSI attributes, joined by dots ("red", "bright.red"); "none".
local ansiCodes = {
  reset = 0, clear = 0, default = 0, bright = 1, dim = 2, underscore = 4, blink = 5, reverse = 7, hidden = 8,
  black = 30, red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, white = 37,
  onblack = 40, onred = 41, ongreen = 42, onyellow = 43, onblue = 44, onmagenta = 45, oncyan = 46, onwhite = 47,
}
local function colorize(colorName, text)
  if colorName == nil or colorName == "none" then return text end
  for name in tostring(colorName):gmatch("[^%.]+") do
    local code = ansiCodes[name]
    if code then text = "\27[" .. code .. "m" .. text .. "\27[0m" end
  end
  return text
end

local function formatTable(t, extra)
  if type(t) ~= "table" then return nil end
  local maxLevel = assert:get_parameter("TableFormatLevel")
  local showRecursion = assert:get_parameter("TableFormatShowRecursion")
  local mark = assert:get_parameter("TableErrorHighlightCharacter") or ""
  local color = assert:get_parameter("TableErrorHighlightColor")
  local crumbs = extra and extra.crumbs or {}
  local visiting = {}
  local description
  local meta = getmetatable(t)
  if meta == nil then
    description = "(" .. tostring(t) .. ") "
  elseif not pcall(setmetatable, t, meta) then
    description = "(table) "
  else
    setmetatable(t, nil)
    description = "(" .. tostring(t) .. ") "
    setmetatable(t, meta)
  end
  local function show(value, level, onPath)
    if showRecursion and visiting[value] and visiting[value] > 0 then return "{ ... recursive }" end
    if next(value) == nil then return "{ }" end
    if level > maxLevel and maxLevel >= 0 then return "{ ... more }" end
    local parts = { "{" }
    local keys, count = sortedKeys(value)
    visiting[value] = (visiting[value] or 0) + 1
    local crumb = crumbs[#crumbs - level + 1]
    for i = 1, count do
      local k = keys[i]
      local v = value[k]
      local highlighted = onPath and k == crumb
      if type(v) == "table" then
        v = show(v, level + 1, highlighted)
      elseif type(v) == "string" then
        v = "'" .. v .. "'"
      end
      local ch = highlighted and mark or ""
      local shown = #ch == 0 and "" or colorize(color, ch)
      parts[#parts + 1] = format("\n%s%s[%s] = %s", string.rep(" ", level * 2 - #ch), shown, numberText(k), numberText(v))
    end
    visiting[value] = visiting[value] - 1
    return concat(parts) .. " }"
  end
  return description .. show(t, 1, true)
end

local function formatMatcher(m)
  if not lib.isMatcher(m) then return nil end
  local shown = {}
  for i = 1, m.arguments.n do shown[i] = assert:format({ m.arguments[i], n = 1 })[1] end
  return format("(matcher) %s%s(%s)", m.mod and "is." or "no.", tostring(m.name), concat(shown, ", "))
end

local function formatArglist(list)
  if not util.is_arglist(list) then return nil end
  local shown = {}
  for i = 1, list.n do shown[i] = assert:format({ list[i], n = 1 })[1] end
  return "(values list) (" .. concat(shown, ", ") .. ")"
end

assert:add_formatter(function(v) if type(v) == "string" then return format("(string) '%s'", v) end end)
assert:add_formatter(function(v) if type(v) == "number" then return "(number) " .. numberText(v) end end)
assert:add_formatter(function(v) if type(v) == "boolean" then return "(boolean) " .. tostring(v) end end)
assert:add_formatter(function(v) if v == nil then return "(nil)" end end)
assert:add_formatter(formatTable)
assert:add_formatter(function(v)
  if type(v) == "function" then
    local info = debugGetinfo(v, "S")
    return format("%s @ line %s in %s", tostring(v), tostring(info.linedefined), tostring(info.source))
  end
end)
assert:add_formatter(function(v) if type(v) == "userdata" then return format("(userdata) '%s'", tostring(v)) end end)
assert:add_formatter(function(v) if type(v) == "thread" then return format("(thread) '%s'", tostring(v)) end end)
assert:add_formatter(formatMatcher)
assert:add_formatter(formatArglist)
assert:set_parameter("TableFormatLevel", 3)
assert:set_parameter("TableFormatShowRecursion", false)
assert:set_parameter("TableErrorHighlightCharacter", "*")
assert:set_parameter("TableErrorHighlightColor", "none")

-- Scrim's own assertions --------------------------------------------------------------------------------------

-- assert.rect_near(actual, expected [, tolerance = 0.5]): rects as {x=, y=, width=, height=} (or w/h, or
-- {x, y, w, h}), or anything that indexes so (a view's frame).
local function rectOf(r, position)
  local kind = type(r)
  check(kind == "table" or kind == "userdata", badType(position, "rect_near", "rect", kind))
  local rect = { x = r.x or r[1], y = r.y or r[2], width = r.width or r.w or r[3], height = r.height or r.h or r[4] }
  for _, k in ipairs({ "x", "y", "width", "height" }) do
    check(type(rect[k]) == "number", badType(position, "rect_near", "rect with a number " .. k, kind))
  end
  return rect
end
local function rectText(r)
  return format("{x = %s, y = %s, width = %s, height = %s}", numberText(r.x), numberText(r.y),
    numberText(r.width), numberText(r.height))
end
assert:register("assertion", "rect_near", function(s, args)
  local actual, expected = rectOf(args[1], 1), rectOf(args[2], 2)
  local tolerance = 0.5
  if args[3] ~= nil then
    tolerance = tonumber(args[3])
    check(tolerance, badType(3, "rect_near", "number", type(args[3])))
  end
  local differs
  for _, k in ipairs({ "x", "y", "width", "height" }) do
    -- Written so that a NaN coordinate differs.
    if not (math.abs(actual[k] - expected[k]) <= tolerance) then differs = differs or k end
  end
  setMessage(s, args[4])
  args[1], args[2], args[3], args[4] = numberText(tolerance), differs or "none", rectText(actual), rectText(expected)
  args.n, args.nofmt = 4, { true, true, true, true }
  return differs == nil
end, "assertion.rect_near.positive", "assertion.rect_near.negative")

-- assert.snapshot(name [, {tolerance =, share =}]): the window compared with its reference image; the
-- comparison is the rendering module's (lib.snapshotHandler, set by the runner).
assert:register("assertion", "snapshot", function(_, args)
  local handler = lib.snapshotHandler
  check(handler, "snapshot tests need the rendering module")
  local holds, text = handler(args[1], lib.updateSnapshots, args[2])
  args[1], args.n, args.nofmt = text or "", 1, { true }
  return holds
end, "assertion.snapshot.positive", "assertion.snapshot.negative")

-- Messages (luassert's English texts) --------------------------------------------------------------------------

say:set_namespace("en")
for key, text in pairs({
  ["assertion.same.positive"] = "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.same.negative"] = "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.equals.positive"] = "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.equals.negative"] = "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.near.positive"] = "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s",
  ["assertion.near.negative"] = "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s",
  ["assertion.matches.positive"] = "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.matches.negative"] = "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.unique.positive"] = "Expected object to be unique:\n%s",
  ["assertion.unique.negative"] = "Expected object to not be unique:\n%s",
  ["assertion.error.positive"] = "Expected a different error.\nCaught:\n%s\nExpected:\n%s",
  ["assertion.error.negative"] = "Expected no error, but caught:\n%s",
  ["assertion.truthy.positive"] = "Expected to be truthy, but value was:\n%s",
  ["assertion.truthy.negative"] = "Expected to not be truthy, but value was:\n%s",
  ["assertion.falsy.positive"] = "Expected to be falsy, but value was:\n%s",
  ["assertion.falsy.negative"] = "Expected to not be falsy, but value was:\n%s",
  ["assertion.called.positive"] = "Expected to be called %s time(s), but was called %s time(s)",
  ["assertion.called.negative"] = "Expected not to be called exactly %s time(s), but it was.",
  ["assertion.called_at_least.positive"] = "Expected to be called at least %s time(s), but was called %s time(s)",
  ["assertion.called_at_most.positive"] = "Expected to be called at most %s time(s), but was called %s time(s)",
  ["assertion.called_more_than.positive"] = "Expected to be called more than %s time(s), but was called %s time(s)",
  ["assertion.called_less_than.positive"] = "Expected to be called less than %s time(s), but was called %s time(s)",
  ["assertion.called_with.positive"] = "Function was never called with matching arguments.\nCalled with (last call if any):\n%s\nExpected:\n%s",
  ["assertion.called_with.negative"] = "Function was called with matching arguments at least once.\nCalled with (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_with.positive"] = "Function never returned matching arguments.\nReturned (last call if any):\n%s\nExpected:\n%s",
  ["assertion.returned_with.negative"] = "Function returned matching arguments at least once.\nReturned (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_arguments.positive"] = "Expected to be called with %s argument(s), but was called with %s",
  ["assertion.returned_arguments.negative"] = "Expected not to be called with %s argument(s), but was called with %s",
  ["assertion.array_holes.positive"] = "Expected array to have holes, but none was found.\n",
  ["assertion.array_holes.negative"] = "Expected array to not have holes, hole found at position: %s\n",
  ["assertion.rect_near.positive"] = "Expected rects to be within %s (%s differs).\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.rect_near.negative"] = "Expected rects to differ by more than %s (%s differs).\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.snapshot.positive"] = "%s",
  ["assertion.snapshot.negative"] = "Expected the snapshot to differ from its reference",
  ["assertion.internal.argtolittle"] = "the '%s' function requires a minimum of %s arguments, got: %s",
  ["assertion.internal.badargtype"] = "bad argument #%s to '%s' (%s expected, got %s)",
}) do
  say:set(key, text)
end

return lib
