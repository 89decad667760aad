-- assert.array(t).has.no.holes([length]): the array modifier keeps the table in the chain, the holes assertion
-- looks for the first nil from 1 up to the length (by default the largest whole-number key) and returns it.
local lib = ...
local check = lib.check
local type, pairs, rawget, rawset, tostring, floor = type, pairs, rawget, rawset, tostring, math.floor

-- The chain field luassert keeps the array in, named so that no other modifier's field meets it.
local field = "__array_state"

lib.register("modifier", "array", function(chain, arguments)
  check(arguments.n > 0, "No array provided to the array-modifier")
  check(rawget(chain, field) == nil, "Array already set")
  rawset(chain, field, arguments[1])
  return chain
end)

local function largestIndex(array)
  local largest = 0
  for key in pairs(array) do
    if type(key) == "number" and key > largest and floor(key) == key then largest = key end
  end
  return largest
end

lib.register("assertion", "holes", function(chain, arguments)
  local array = rawget(chain, field)
  check(array ~= nil, "No array set, please use the array modifier to set the array to validate")
  local length = arguments[1]
  if length == nil then length = largestIndex(array) end
  check(type(length) == "number", "expected array length to be of type 'number', got: " .. tostring(length))
  local hole
  for i = 1, length do
    if array[i] == nil then
      hole = i
      break
    end
  end
  arguments[1], arguments.n = hole, hole and 1 or 0
  return hole ~= nil, { hole }
end, "assertion.array_holes.positive", "assertion.array_holes.negative")
