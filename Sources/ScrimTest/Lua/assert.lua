-- The `assert` object of `scrim test` (luassert's): called, it is Lua's assert raising a failure; indexed with
-- any other name, a chain of assertion words (`assert.is_not.equal(…)`); and luassert's extension API —
-- registering names, formatters, parameters, spies, snapshots of the three, error levels.
local lib = ...
local state = lib.state
local type, tostring, rawget, rawequal, setmetatable, getmetatable = type, tostring, rawget, rawequal, setmetatable, getmetatable

local assert = {}
lib.assert = assert

-- The failure's text: the suite's own message (its text, or as a formatter shows it) over the assertion's.
local function failureText(key, custom, arguments)
  if lib.hasText(custom) then
    custom = tostring(custom)
  elseif custom ~= nil then
    custom = state.format_argument(custom)
  end
  local text = lib.text(key, assert:format(arguments))
  if text and custom then return custom .. "\n" .. text end
  return text or custom
end

-- The end of an assertion chain: the assertion runs (it may rewrite `arguments` for its message), and fails
-- when its answer is not what the chain asks for (negated or not). It gives back what the assertion returned,
-- or else its own arguments.
local function judge(chain, entry, arguments, ...)
  local holds, returned = entry.callback(chain, arguments, 2)
  if (not holds) == chain.mod then
    local key = chain.mod and entry.positive_message or entry.negative_message
    lib.fail(failureText(key, rawget(chain, "failure_message"), arguments) or "assertion failed!")
  end
  if returned then return lib.arglist.unpack(returned) end
  return ...
end

local newChain = lib.chainMaker("assertion", judge)

function assert.state() return newChain() end

function assert:register(kind, name, callback, positive, negative) lib.register(kind, name, callback, positive, negative) end
function assert:unregister(kind, name) lib.unregister(kind, name) end

-- Formatters take a value (and what the assertion adds for it) and give its text, or nil to let the next try.
function assert:add_formatter(formatter) state.add_formatter(formatter) end
function assert:remove_formatter(formatter) state.remove_formatter(formatter) end

-- Each of arguments[1…n], except those `arguments.nofmt` marks, replaced by its text (`arguments.fmtargs[i]`
-- goes to the formatter with it).
function assert:format(arguments)
  local skip, extras = arguments.nofmt or {}, arguments.fmtargs or {}
  for i = 1, arguments.n or #arguments do
    if not skip[i] then
      local value = arguments[i]
      local text = state.format_argument(value, nil, extras[i])
      if text == nil then text = tostring(value) end
      arguments[i] = text
    end
  end
  return arguments
end

function assert:set_parameter(name, value) state.set_parameter(name, value) end
function assert:get_parameter(name) return state.get_parameter(name) end

function assert:add_spy(spy) state.add_spy(spy) end
assert.addspy = assert.add_spy

-- `assert:snapshot()` is luassert's snapshot of the state; `assert.snapshot(name)` is Scrim's picture assertion.
function assert.snapshot(first, ...)
  if rawequal(first, assert) then return state.snapshot() end
  return newChain().snapshot(first, ...)
end

-- assert:level(n): given as assert's third argument, the failure is placed n frames up from the caller.
local levelMeta = {}
function assert:level(count) return setmetatable({ level = count }, levelMeta) end
function assert:get_level(value)
  if getmetatable(value) ~= levelMeta then return nil end
  return value.level
end

-- The text of a failing plain assert: busted keeps a message without a text of its own inside its failure, and
-- writes the failure out whole.
local function plainText(message)
  if message == nil then return "assertion failed!" end
  if lib.hasText(message) then return tostring(message) end
  return lib.prettyWrite({ message = message }, "", {})
end

setmetatable(assert, {
  __call = function(_, value, message, level, ...)
    if not value then
      local count = assert:get_level(level)
      lib.fail(plainText(message), count and lib.frameLocation(1, count) or nil)
    end
    return value, message, level, ...
  end,
  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return newChain()[key]
  end,
})
