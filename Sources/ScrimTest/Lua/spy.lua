-- luassert's spies, stubs and mocks for `scrim test`, with their assertions (called, called_with, returned_with…).
-- A spy records each call's arguments and results and calls through; `spy.on` and `stub` replace a method of a
-- table or of a Scrim object (userdata: a view, a controller, a popup, a scrim.class instance).
local lib = ...
local assert, util = lib.assert, lib.util
local type, error, pcall, rawequal = type, error, pcall, rawequal
local getmetatable, setmetatable = getmetatable, setmetatable

-- Per-object overrides for Scrim objects whose methods cannot be assigned (a View's are read-only): their
-- class's __index is wrapped to look here first, while any override is in place.
local overrides = setmetatable({}, { __mode = "k" })
local wrappedIndex = {}

local function override(target, key, value)
  local meta = debug.getmetatable(target)
  if not meta then error("cannot spy on '" .. tostring(key) .. "' of " .. tostring(target), 3) end
  if not wrappedIndex[meta] then
    local original = meta.__index
    wrappedIndex[meta] = original
    meta.__index = function(object, name)
      local own = overrides[object]
      if own then
        local v = own[name]
        if v ~= nil then return v end
      end
      if type(original) == "function" then return original(object, name) end
      return original[name]
    end
  end
  local own = overrides[target] or {}
  overrides[target] = own
  own[key] = value
end

-- Sets target[key] to the spy s. A Scrim object (userdata) that refuses the value gets a per-object override.
local function install(target, key, s)
  if type(target) ~= "userdata" then
    target[key] = s
    return
  end
  if pcall(function() target[key] = s end) and rawequal(target[key], s) then return end
  override(target, key, s)
end

-- Puts back what target[key] was: on a Scrim object, by dropping the override, else by clearing the field
-- (so a class's method shows through again) or, when that does not bring it back, by setting it.
local function restore(target, key, original)
  if type(target) ~= "userdata" then
    target[key] = original
    return
  end
  local own = overrides[target]
  if own and own[key] ~= nil then
    own[key] = nil
    return
  end
  if pcall(function() target[key] = nil end) and rawequal(target[key], original) then return end
  target[key] = original
end

local spyMeta = {}
spyMeta.__call = function(self, ...)
  local arguments = util.make_arglist(...)
  self.calls[#self.calls + 1] = util.copyargs(arguments)
  local function record(...)
    self.returnvals[#self.returnvals + 1] = util.copyargs(util.make_arglist(...))
    return ...
  end
  return record(self.callback(...))
end

local function isSpy(object)
  return type(object) == "table" and getmetatable(object) == spyMeta
end
lib.isSpy = isSpy

local spy
spy = {
  new = function(callback)
    callback = callback or function() end
    if not util.callable(callback) then
      error("Cannot spy on type '" .. type(callback) .. "', only on functions or callable elements", 2)
    end
    local s = setmetatable({ calls = {}, returnvals = {}, callback = callback }, spyMeta)
    function s.revert(self)
      if not self.reverted then
        if self.target_table ~= nil and self.target_key ~= nil then
          restore(self.target_table, self.target_key, self.callback)
        end
        self.reverted = true
      end
      return self.callback
    end
    function s.clear(self)
      self.calls, self.returnvals = {}, {}
      return self
    end
    function s.called(self, times, compare)
      if times or compare then
        compare = compare or function(count, expected) return count == expected end
        return compare(#self.calls, times), #self.calls
      end
      return #self.calls > 0, #self.calls
    end
    function s.called_with(self, args)
      local last = #self.calls > 0 and self.calls[#self.calls].vals or nil
      local found = util.matchargs(self.calls, args)
      if found then return true, found.vals end
      return false, last
    end
    function s.returned_with(self, args)
      local last = #self.returnvals > 0 and self.returnvals[#self.returnvals].vals or nil
      local found = util.matchargs(self.returnvals, args)
      if found then return true, found.vals end
      return false, last
    end
    assert:add_spy(s)
    return s
  end,
  is_spy = isSpy,
  on = function(target, key)
    local kind = type(target)
    if kind ~= "table" and kind ~= "userdata" then
      error("bad argument #1 to 'spy.on' (table or object expected, got " .. kind .. ")", 2)
    end
    local s = spy.new(target[key])
    install(target, key, s)
    s.target_table, s.target_key = target, key
    return s
  end,
}
setmetatable(spy, { __call = function(_, ...) return spy.new(...) end })
lib.spy = spy

-- The spy modifier: assert.spy(s) / assert.stub(s) keep the spy for the assertion that follows.
local function setSpy(s, args)
  s.payload = args[1]
  if args[2] ~= nil then s.failure_message = args[2] end
end

local function spyAssertion(name, body)
  return function(s, args)
    local payload = rawget(s, "payload")
    if type(payload) == "function" then
      error("When calling 'spy(aspy)', 'aspy' must not be the original function, but the spy function replacing the original", 0)
    end
    if not (isSpy(payload)) then error("'" .. name .. "' must be chained after 'spy(aspy)'", 0) end
    return body(s, args, payload)
  end
end

local function listAssertion(name, method)
  return spyAssertion(name, function(_, args, payload)
    local holds, shown = payload[method](payload, args)
    local expected = util.shallowcopy(args)
    util.cleararglist(args)
    util.tinsert(args, 1, shown)
    util.tinsert(args, 2, expected)
    return holds
  end)
end

local function countAssertion(name, compare)
  return spyAssertion(name, function(s, args, payload)
    local times = args[1]
    if not times and not s.mod then
      s.mod = true
      times = 0
    end
    local holds, count = payload:called(times, compare)
    args[1] = tostring(times or ">0")
    util.tinsert(args, 2, tostring(count))
    args.nofmt = args.nofmt or {}
    args.nofmt[1], args.nofmt[2] = true, true
    return holds
  end)
end

assert:register("modifier", "spy", setSpy)
assert:register("assertion", "returned_with", listAssertion("returned_with", "returned_with"),
  "assertion.returned_with.positive", "assertion.returned_with.negative")
assert:register("assertion", "called_with", listAssertion("called_with", "called_with"),
  "assertion.called_with.positive", "assertion.called_with.negative")
assert:register("assertion", "called", countAssertion("called"), "assertion.called.positive", "assertion.called.negative")
assert:register("assertion", "called_at_least", countAssertion("called_at_least", function(c, n) return c >= n end),
  "assertion.called_at_least.positive", "assertion.called_less_than.positive")
assert:register("assertion", "called_at_most", countAssertion("called_at_most", function(c, n) return c <= n end),
  "assertion.called_at_most.positive", "assertion.called_more_than.positive")
assert:register("assertion", "called_more_than", countAssertion("called_more_than", function(c, n) return c > n end),
  "assertion.called_more_than.positive", "assertion.called_at_most.positive")
assert:register("assertion", "called_less_than", countAssertion("called_less_than", function(c, n) return c < n end),
  "assertion.called_less_than.positive", "assertion.called_at_least.positive")

-- Stubs: a spy over a function that returns fixed values (or calls a given function), per arguments if asked.
local stub = {}
function stub.new(target, key, ...)
  if target == nil and key == nil then
    target, key = {}, ""
  end
  local kind = type(target)
  if not ((kind == "table" or kind == "userdata") and key ~= nil) then
    lib.fail("stub.new(): Can only create stub on a table key, call with 2 params; table, key")
  end
  local old = target[key]
  if not (old == nil or util.callable(old)) then
    lib.fail("stub.new(): The element for which to create a stub must either be callable, or be nil")
  end
  local values = util.pack(...)
  local given = values.n == 1 and util.callable(values[1]) and values[1]
  local default = given or function() return util.unpack(values) end
  local oncalls, callbacks = {}, {}
  local function stubbed(...)
    local found = util.matchoncalls(oncalls, util.make_arglist(...))
    if found then return callbacks[found](...) end
    return default(...)
  end
  local s = spy.new(stubbed)
  install(target, key, s)
  s.target_table, s.target_key = target, key
  function s.revert(self)
    if not self.reverted then
      restore(target, key, old)
      self.reverted = true
    end
    return old
  end
  s.returns = function(...)
    local returned = util.pack(...)
    default = function() return util.unpack(returned) end
    return s
  end
  s.invokes = function(fn)
    default = function(...) return fn(...) end
    return s
  end
  s.by_default = { returns = s.returns, invokes = s.invokes }
  s.on_call_with = function(...)
    local wanted = util.copyargs(util.make_arglist(...))
    return {
      returns = function(...)
        local returned = util.pack(...)
        oncalls[#oncalls + 1] = wanted
        callbacks[wanted] = function() return util.unpack(returned) end
        return s
      end,
      invokes = function(fn)
        oncalls[#oncalls + 1] = wanted
        callbacks[wanted] = function(...) return fn(...) end
        return s
      end,
    }
  end
  return s
end
assert:register("modifier", "stub", function(s, args)
  s.payload = args[1]
  s.failure_message = args[2]
end)
setmetatable(stub, { __call = function(_, ...) return stub.new(...) end })
lib.stub = stub

-- Mocks: every function of a table (deeply) spied on, or stubbed.
local function mockApply(object, action)
  if type(object) ~= "table" then return end
  if isSpy(object) then return object[action](object) end
  for _, v in pairs(object) do mockApply(v, action) end
  return object
end

local mock = {
  new = function(object, dostub, fn, owner, key)
    local visited = {}
    local function visit(value, parent, name)
      local kind = type(value)
      if kind == "table" then
        if isSpy(value) or visited[value] then return value end
        visited[value] = true
        for k, v in pairs(value) do value[k] = visit(v, value, k) end
        return value
      elseif kind == "function" then
        if dostub then return stub(parent, name, fn) end
        if parent == nil then return spy.new(value) end
        return spy.on(parent, name)
      end
      return value
    end
    return visit(object, owner, key)
  end,
  clear = function(object) return mockApply(object, "clear") end,
  revert = function(object) return mockApply(object, "revert") end,
}
setmetatable(mock, { __call = function(_, ...) return mock.new(...) end })
lib.mock = mock

return lib
