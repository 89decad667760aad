-- Spies (luassert's): a callable table that records each call's arguments and results and calls through to the
-- function it wraps; `spy.on(object, name)` puts one in place of a method (a table's or a Scrim object's). With
-- the assertions about them: assert.spy(s).was.called(n), called_at_least/at_most/more_than/less_than(n),
-- called_with(…), returned_with(…).
local lib = ...
local arglist = lib.arglist
local type, tostring, next, setmetatable, getmetatable, rawget = type, tostring, next, setmetatable, getmetatable, rawget

local spyMeta = {}

function spyMeta.__call(spy, ...)
  spy.calls[#spy.calls + 1] = arglist.record(arglist.new(...))
  local function keep(...)
    spy.returnvals[#spy.returnvals + 1] = arglist.record(arglist.new(...))
    return ...
  end
  return keep(spy.callback(...))
end

function lib.isSpy(value) return type(value) == "table" and getmetatable(value) == spyMeta end

-- The methods every spy has as fields (luassert's: suites replace them, mocks look them up by name).
local methods = {}

function methods.revert(spy)
  if not spy.reverted then
    if spy.target_table ~= nil and spy.target_key ~= nil then lib.putBack(spy.target_table, spy.target_key, spy.callback) end
    spy.reverted = true
  end
  return spy.callback
end

function methods.clear(spy)
  spy.calls, spy.returnvals = {}, {}
  return spy
end

-- Whether the call count is `times` (or stands to it as `compare` asks; without either, whether there was a call),
-- and the count.
function methods.called(spy, times, compare)
  local count = #spy.calls
  if not (times or compare) then return count > 0, count end
  compare = compare or function(actual, expected) return actual == expected end
  return compare(count, times), count
end

-- Whether a record of `records` matches `expected`, and the newest that does (else the newest of all).
local function anyMatches(records, expected)
  local found = arglist.lastMatch(records, expected)
  if found then return true, found.vals end
  local newest = records[#records]
  return false, newest and newest.vals
end

function methods.called_with(spy, expected) return anyMatches(spy.calls, expected) end
function methods.returned_with(spy, expected) return anyMatches(spy.returnvals, expected) end

local spy = { is_spy = lib.isSpy }
lib.spy = spy

function spy.new(callback)
  callback = callback or function() end
  if not lib.callable(callback) then
    lib.raise("Cannot spy on type '" .. type(callback) .. "', only on functions or callable elements")
  end
  local new = setmetatable({ calls = {}, returnvals = {}, callback = callback }, spyMeta)
  for name, method in next, methods do new[name] = method end
  lib.state.add_spy(new)
  return new
end

function spy.on(object, key)
  local kind = type(object)
  if kind ~= "table" and kind ~= "userdata" then
    lib.raise("bad argument #1 to 'spy.on' (table or object expected, got " .. kind .. ")")
  end
  local new = spy.new(lib.current(object, key))
  lib.putInPlace(object, key, new)
  new.target_table, new.target_key = object, key
  return new
end

setmetatable(spy, { __call = function(_, ...) return spy.new(...) end })

-- assert.spy(s) keeps the spy for the assertion that follows (and a failure message, when one is given).
lib.register("modifier", "spy", function(chain, arguments)
  chain.payload = arguments[1]
  if arguments[2] ~= nil then chain.failure_message = arguments[2] end
end)

-- The spy a chain keeps, when it has the method an assertion asks of it.
local function kept(chain, method, assertion)
  local payload = rawget(chain, "payload")
  if type(payload) == "table" and payload[method] then return payload end
  if type(payload) == "function" then
    lib.raise("When calling 'spy(aspy)', 'aspy' must not be the original function, but the spy function replacing the original")
  end
  lib.raise("'" .. assertion .. "' must be chained after 'spy(aspy)'")
end

-- called_with and returned_with: the message shows the matching (or newest) values, then the expected ones.
local function withValues(method)
  return function(chain, arguments)
    local payload = kept(chain, method, method)
    local holds, shown = payload[method](payload, arguments)
    local expected = lib.shallowCopy(arguments)
    arglist.clear(arguments)
    arglist.insert(arguments, 1, shown)
    arglist.insert(arguments, 2, expected)
    return holds
  end
end

-- The count assertions: without a count, negated, "never called" (was_not.called() is called(0)).
local function counting(compare)
  return function(chain, arguments)
    local times = arguments[1]
    if not times and not chain.mod then
      chain.mod = true
      times = 0
    end
    local payload = kept(chain, "called", "called")
    local holds, count = payload:called(times, compare)
    arguments[1] = tostring(times or ">0")
    arglist.insert(arguments, 2, tostring(count))
    arguments.nofmt = arguments.nofmt or {}
    arguments.nofmt[1], arguments.nofmt[2] = true, true
    return holds
  end
end

local function register(name, callback, positive, negative)
  lib.register("assertion", name, callback, "assertion." .. positive .. ".positive", "assertion." .. negative .. ".positive")
end

lib.register("assertion", "returned_with", withValues("returned_with"), "assertion.returned_with.positive", "assertion.returned_with.negative")
lib.register("assertion", "called_with", withValues("called_with"), "assertion.called_with.positive", "assertion.called_with.negative")
lib.register("assertion", "called", counting(), "assertion.called.positive", "assertion.called.negative")
-- Negated, "at least n" fails as "less than n" does, and so on.
register("called_at_least", counting(function(count, n) return count >= n end), "called_at_least", "called_less_than")
register("called_at_most", counting(function(count, n) return count <= n end), "called_at_most", "called_more_than")
register("called_more_than", counting(function(count, n) return count > n end), "called_more_than", "called_at_most")
register("called_less_than", counting(function(count, n) return count < n end), "called_less_than", "called_at_least")
