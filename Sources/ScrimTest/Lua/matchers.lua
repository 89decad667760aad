-- luassert's matchers: the names `match.is_…()` and `match.no_…()` take. A maker gets the matcher's arguments
-- (checked as the assertion of the same name checks its own) and gives the test of one value.
local lib = ...
local text, check = lib.text, lib.check
local type, tostring, tonumber, getmetatable = type, tostring, tonumber, getmetatable

local function register(names, make)
  for _, name in ipairs(names) do lib.register("matcher", name, make) end
end

local function atLeast(arguments, count, name)
  check(arguments.n >= count, text("assertion.internal.argtolittle", { name, count, tostring(arguments.n) }))
end

local function badArgument(position, name, expected, got)
  return text("assertion.internal.badargtype", { position, name, expected, got })
end

-- A test that needs no arguments.
local function always(test) return function() return test end end

register({ "true" }, always(function(value) return value == true end))
register({ "false" }, always(function(value) return value == false end))
register({ "truthy" }, always(function(value) return value ~= false and value ~= nil end))
register({ "falsy" }, always(function(value) return value == false or value == nil end))
for _, name in ipairs({ "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" }) do
  register({ name }, always(function(value) return type(value) == name end))
end

-- is_ref(object): that very table, function, thread or userdata (a spy compares it with the argument itself,
-- not with its copy).
register({ "ref" }, function(_, arguments)
  local object = arguments[1]
  local kind = type(object)
  atLeast(arguments, 1, "ref")
  check(kind == "table" or kind == "function" or kind == "thread" or kind == "userdata", badArgument(1, "ref", "object", kind))
  return function(value) return value == object end
end)

register({ "same" }, function(_, arguments)
  atLeast(arguments, 1, "same")
  local expected = arguments[1]
  return function(value)
    if type(value) == "table" and type(expected) == "table" then return (lib.same(value, expected, true)) end
    return value == expected
  end
end)

register({ "equals", "equal" }, function(_, arguments)
  atLeast(arguments, 1, "equals")
  local expected = arguments[1]
  return function(value) return value == expected end
end)

-- matches(pattern [, init [, plain]]): strings, numbers and tables with a __tostring, as text.
register({ "matches", "match" }, function(_, arguments)
  atLeast(arguments, 1, "matches")
  local pattern, init, plain = arguments[1], arguments[2], arguments[3]
  check(type(pattern) == "string", badArgument(1, "matches", "string", type(pattern)))
  check(init == nil or tonumber(init), badArgument(2, "matches", "number", type(init)))
  return function(value)
    local kind = type(value)
    if kind == "string" or kind == "number" or (kind == "table" and (getmetatable(value) or {}).__tostring) then
      return tostring(value):find(pattern, init, plain) ~= nil
    end
    return false
  end
end)

register({ "near" }, function(_, arguments)
  atLeast(arguments, 2, "near")
  local expected, tolerance = tonumber(arguments[1]), tonumber(arguments[2])
  local numeric = "number or object convertible to a number"
  check(expected, badArgument(1, "near", numeric, lib.state.format_argument(arguments[1]) or tostring(arguments[1])))
  check(tolerance, badArgument(2, "near", numeric, lib.state.format_argument(arguments[2]) or tostring(arguments[2])))
  return function(value)
    local actual = tonumber(value)
    return actual ~= nil and actual >= expected - tolerance and actual <= expected + tolerance
  end
end)

-- unique([deep]): a list whose values are all distinct, as assert.unique sees them.
register({ "unique" }, function(_, arguments)
  local deep = arguments[1]
  return function(list) return lib.distinct(list, deep) end
end)

-- any_of, all_of, none_of: matchers over matchers, deciding at the first matcher whose answer is `decisive`.
-- Their argument errors name them "any", "all", "none".
local function combining(name, short, decisive, decision)
  register({ name }, function(_, arguments)
    atLeast(arguments, 1, short)
    for i = 1, arguments.n do
      check(lib.isMatcher(arguments[i]), badArgument(1, short, "matcher", type(arguments[i])))
    end
    return function(value)
      for i = 1, arguments.n do
        if arguments[i](value) == decisive then return decision end
      end
      return not decision
    end
  end)
end

combining("any_of", "any", true, true)
combining("all_of", "all", false, false)
combining("none_of", "none", true, false)
