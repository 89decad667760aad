-- Mocks (luassert's): every function of a table, nested tables included, replaced by a spy on it — or by a stub,
-- with `mock(t, true [, fn])`. `mock.clear(t)` and `mock.revert(t)` clear or revert every spy found in it.
local lib = ...
local type, pairs = type, pairs

local mock = {}
lib.mock = mock

-- `value` with its functions spied on (or stubbed); `owner[key]` is where it sits, when it sits in a table.
function mock.new(value, stubbed, fn, owner, key)
  local seen = {}
  local function visit(item, parent, name)
    local kind = type(item)
    if kind == "function" then
      if stubbed then return lib.stub(parent, name, fn) end
      if parent == nil then return lib.spy.new(item) end
      return lib.spy.on(parent, name)
    end
    if kind == "table" and not lib.isSpy(item) and not seen[item] then
      seen[item] = true
      for k, v in pairs(item) do item[k] = visit(v, item, k) end
    end
    return item
  end
  return visit(value, owner, key)
end

-- Calls `method` on each spy of `value`, looking through nested tables.
local function each(value, method)
  if type(value) ~= "table" then return nil end
  if lib.isSpy(value) then return value[method](value) end
  for _, item in pairs(value) do each(item, method) end
  return value
end

function mock.clear(value) return each(value, "clear") end
function mock.revert(value) return each(value, "revert") end

setmetatable(mock, { __call = function(_, ...) return mock.new(...) end })
