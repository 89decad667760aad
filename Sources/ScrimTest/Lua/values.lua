-- What the library asks of any value a test hands it: whether it can be called, whether it has a text of its own,
-- and copies of tables (a spy keeps a call's arguments as they were when the call was made).
local lib = ...
local type, next, rawget = type, next, rawget
local rawMetatable, setRawMetatable = debug.getmetatable, debug.setmetatable

-- A metamethod is looked up as Lua looks it up: in the metatable itself, not through its __index.
local function metamethod(value, name)
  local meta = rawMetatable(value)
  return meta and rawget(meta, name)
end

function lib.callable(value)
  return type(value) == "function" or type(metamethod(value, "__call")) == "function"
end

function lib.hasText(value)
  return type(value) == "string" or type(metamethod(value, "__tostring")) == "function"
end

-- One level copied, the metatable shared.
function lib.shallowCopy(value)
  if type(value) ~= "table" then return value end
  local copy = {}
  for key, item in next, value do copy[key] = item end
  return setRawMetatable(copy, rawMetatable(value))
end

-- Every table reached copied once (shared and cyclic parts stay so), spies kept as themselves; the metatable is
-- shared, or copied too when `copyMetatable` says so.
function lib.deepCopy(value, copyMetatable, copies)
  if type(value) ~= "table" then return value end
  copies = copies or {}
  local done = copies[value]
  if done then return done end
  local copy = {}
  copies[value] = copy
  for key, item in next, value do
    copy[key] = lib.isSpy(item) and item or lib.deepCopy(item, copyMetatable, copies)
  end
  local meta = rawMetatable(value)
  if copyMetatable then meta = lib.deepCopy(meta, false, copies) end
  return setRawMetatable(copy, meta)
end
