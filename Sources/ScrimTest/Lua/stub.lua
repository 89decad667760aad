-- Stubs (luassert's): a spy in place of a method that does not call it but returns fixed values (or calls a
-- function given instead), by default or for calls whose arguments match (`s.on_call_with(…).returns(…)`).
-- `stub(object, name [, values… | fn])`; reverting puts the method back.
local lib = ...
local arglist = lib.arglist
local type = type

local stub = {}
lib.stub = stub

-- A reply to a call: the values given, or what `fn` returns for the call's arguments.
local function returning(values) return function() return arglist.unpack(values) end end
local function invoking(fn) return function(...) return fn(...) end end

function stub.new(object, key, ...)
  if object == nil and key == nil then object, key = {}, "" end
  local kind = type(object)
  lib.check((kind == "table" or kind == "userdata") and key ~= nil,
    "stub.new(): Can only create stub on a table key, call with 2 params; table, key")
  local original = lib.current(object, key)
  lib.check(original == nil or lib.callable(original),
    "stub.new(): The element for which to create a stub must either be callable, or be nil")
  local values = arglist.pack(...)
  local reply = values.n == 1 and lib.callable(values[1]) and values[1] or returning(values)
  -- The replies for given arguments, in the order they were given (the first whose arguments match answers).
  local wanted, replies = {}, {}
  local new = lib.spy.new(function(...)
    local call = arglist.new(...)
    for _, record in ipairs(wanted) do
      if arglist.matches(call, call, record.vals) then return replies[record](...) end
    end
    return reply(...)
  end)
  lib.putInPlace(object, key, new)
  new.target_table, new.target_key = object, key

  function new.revert(self)
    if not self.reverted then
      lib.putBack(object, key, original)
      self.reverted = true
    end
    return original
  end
  function new.returns(...)
    reply = returning(arglist.pack(...))
    return new
  end
  function new.invokes(fn)
    reply = invoking(fn)
    return new
  end
  new.by_default = { returns = new.returns, invokes = new.invokes }
  function new.on_call_with(...)
    local record = arglist.record(arglist.new(...))
    local function answer(with)
      wanted[#wanted + 1] = record
      replies[record] = with
      return new
    end
    return {
      returns = function(...) return answer(returning(arglist.pack(...))) end,
      invokes = function(fn) return answer(invoking(fn)) end,
    }
  end
  return new
end

setmetatable(stub, { __call = function(_, ...) return stub.new(...) end })

-- assert.stub(s): as assert.spy(s), the failure message always taken (nil included).
lib.register("modifier", "stub", function(chain, arguments)
  chain.payload = arguments[1]
  chain.failure_message = arguments[2]
end)
