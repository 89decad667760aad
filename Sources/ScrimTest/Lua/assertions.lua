-- luassert's assertions: equal, same, truthy, falsy, true, false, the types, near, matches, unique, error,
-- error_matches, returned_arguments. Each gets the chain (its `mod`, and the failure message it may take from
-- an extra argument) and the arguments, answers whether it holds (and what the assertion returns), and leaves
-- the arguments as its message shows them: most put the expected value first ("Passed in: … Expected: …"),
-- which luassert's texts are written for.
local lib = ...
local arglist, text, check = lib.arglist, lib.text, lib.check
local type, tostring, tonumber, pairs, pcall = type, tostring, tonumber, pairs, pcall

local function register(names, callback, key)
  for _, name in ipairs(names) do
    lib.register("assertion", name, callback, "assertion." .. key .. ".positive", "assertion." .. key .. ".negative")
  end
end

-- The failure message a suite passes as an extra argument (a nil one leaves what a modifier set).
local function takeMessage(chain, message)
  if message ~= nil then chain.failure_message = message end
end

local function atLeast(arguments, count, name)
  check(arguments.n >= count, text("assertion.internal.argtolittle", { name, count, tostring(arguments.n) }))
end

local function badArgument(position, name, expected, got)
  return text("assertion.internal.badargtype", { position, name, expected, got })
end

local function shown(value) return lib.state.format_argument(value) or tostring(value) end

-- The message shows the second argument (what was passed in) before the first (what was expected).
local function passedInFirst(arguments) arglist.insert(arguments, 1, arglist.remove(arguments, 2)) end

local function equals(chain, arguments)
  atLeast(arguments, 2, "equals")
  local holds = arguments[1] == arguments[2]
  passedInFirst(arguments)
  takeMessage(chain, arguments[3])
  return holds
end

-- Tables compare deeply (the path to a difference goes to the formatter, which stars it), other values with ==.
local function same(chain, arguments)
  atLeast(arguments, 2, "same")
  local expected, actual = arguments[1], arguments[2]
  local holds, path
  if type(expected) == "table" and type(actual) == "table" then
    holds, path = lib.same(expected, actual, true)
    arguments.fmtargs = arguments.fmtargs or {}
    arguments.fmtargs[1], arguments.fmtargs[2] = { crumbs = path }, { crumbs = path }
  else
    holds = expected == actual
  end
  passedInFirst(arguments)
  takeMessage(chain, arguments[3])
  return holds
end

local function truthy(chain, arguments)
  atLeast(arguments, 1, "truthy")
  takeMessage(chain, arguments[2])
  return arguments[1] ~= false and arguments[1] ~= nil
end

local function falsy(chain, arguments)
  atLeast(arguments, 1, "falsy")
  return not truthy(chain, arguments)
end

-- true and false: the value compared with the boolean, shown as `same` shows it.
local function isValue(value)
  return function(chain, arguments)
    arglist.insert(arguments, 2, value)
    takeMessage(chain, arguments[3])
    return arguments[1] == value
  end
end

-- The types: the message expects "type string".
local function isType(name)
  return function(chain, arguments)
    arglist.insert(arguments, 2, "type " .. name)
    arguments.nofmt = arguments.nofmt or {}
    arguments.nofmt[2] = true
    takeMessage(chain, arguments[3])
    return type(arguments[1]) == name
  end
end

local numeric = "number or object convertible to a number"

-- near(expected, actual, tolerance): numbers, or strings that convert; the bounds count as near.
local function near(chain, arguments)
  atLeast(arguments, 3, "near")
  local expected, actual, tolerance = tonumber(arguments[1]), tonumber(arguments[2]), tonumber(arguments[3])
  check(expected, badArgument(1, "near", numeric, shown(arguments[1])))
  check(actual, badArgument(2, "near", numeric, shown(arguments[2])))
  check(tolerance, badArgument(3, "near", numeric, shown(arguments[3])))
  passedInFirst(arguments)
  arguments[3] = tolerance
  arguments.nofmt = arguments.nofmt or {}
  arguments.nofmt[3] = true
  takeMessage(chain, arguments[4])
  return actual >= expected - tolerance and actual <= expected + tolerance
end

-- In matches and error_matches, init and plain may be left out: the failure message is the first argument after
-- the pattern's two that is neither a boolean nor a number (nor a numeric string). It comes out of the list,
-- and the position init's argument error names moves past it when it stood where init goes.
local function extraMessage(arguments)
  for i = 3, arguments.n do
    local value = arguments[i]
    if value and type(value) ~= "boolean" and not tonumber(value) then
      return arglist.remove(arguments, i), i == 3 and 4 or 3
    end
  end
  return nil, 3
end

-- A pattern searched in text: the captures (the whole match without any; the pattern, searched plainly), or nil.
local function search(subject, pattern, init, plain)
  if plain then
    if subject:find(pattern, init, plain) then return { pattern } end
    return nil
  end
  local captures = { subject:match(pattern, init) }
  if captures[1] == nil then return nil end
  return captures
end

-- matches(pattern, s [, init [, plain]]): s a string, a number or anything with a __tostring; returns the captures.
local function matches(chain, arguments)
  atLeast(arguments, 2, "matches")
  local pattern, subject = arguments[1], arguments[2]
  if lib.hasText(subject) or type(subject) == "number" then subject = tostring(subject) else subject = nil end
  local message, initPosition = extraMessage(arguments)
  local init, plain = arguments[3], arguments[4]
  check(type(pattern) == "string", badArgument(1, "matches", "string", type(arguments[1])))
  check(subject, badArgument(2, "matches", "string or object convertible to a string", shown(arguments[2])))
  check(init == nil or tonumber(init), badArgument(initPosition, "matches", "number", type(arguments[3])))
  passedInFirst(arguments)
  takeMessage(chain, message)
  local captures = search(subject, pattern, init, plain)
  return captures ~= nil, captures or {}
end

-- unique(list [, deep] [, message]), the message and deep in either order: no two values equal (deep: nor alike).
local function distinct(list, deep)
  for key, value in pairs(list) do
    for otherKey, other in pairs(list) do
      if key ~= otherKey and ((deep and lib.same(value, other, true)) or value == other) then return false end
    end
  end
  return true
end
lib.distinct = distinct

local function unique(chain, arguments)
  local deep = nil
  if type(arguments[2]) == "boolean" or (arguments[2] == nil and arguments.n > 2) then
    deep = arguments[2]
    takeMessage(chain, arguments[3])
  else
    if type(arguments[3]) == "boolean" then deep = arguments[3] end
    takeMessage(chain, arguments[2])
  end
  return distinct(arguments[1], deep)
end

-- What `fn` raised, a string without its "file:line: " (a caught failure keeps its place, as busted's does).
local function raised(fn)
  local ok, err = pcall(fn)
  if type(err) == "string" then err = err:gsub("^.-:%d+: ", "", 1) end
  return ok, err
end

-- The message shows what was caught ("(no error)" when nothing was) and what was expected ("(error)": anything).
local function showCaught(arguments, ok, err, expected, anything)
  arguments.n, arguments.nofmt = 2, { ok, anything }
  arguments[1] = ok and "(no error)" or err
  arguments[2] = expected
end

-- error(fn [, expected [, message]]): fn raises, and what it raises is `expected` when one is given — the same
-- text (an error with a __tostring as its text), the same number (from a text too), or else the same value.
-- Returns what was raised, then the other arguments.
local function hasError(chain, arguments)
  local returned = lib.shallowCopy(arguments)
  local fn, expected, message = arguments[1], arguments[2], arguments[3]
  check(lib.callable(fn), badArgument(1, "error", "function or callable object", type(fn)))
  local ok, err = raised(fn)
  returned[1] = err
  showCaught(arguments, ok, err, expected == nil and "(error)" or expected, expected == nil)
  takeMessage(chain, message)
  if ok or expected == nil then return not ok, returned end
  if type(expected) == "string" then
    if lib.hasText(err) then
      err = tostring(err)
      returned[1] = err
    end
    if type(err) == "string" then return expected == err, returned end
  elseif type(expected) == "number" and type(err) == "string" then
    return tostring(expected) == tostring(tonumber(err)), returned
  end
  return same(chain, { expected, err, n = 2 }), returned
end

-- error_matches(fn, pattern [, init [, plain]] [, message]): what fn raises, as text, matches; returns the captures.
local function errorMatches(chain, arguments)
  local returned = lib.shallowCopy(arguments)
  local fn, pattern = arguments[1], arguments[2]
  atLeast(arguments, 2, "error_matches")
  check(lib.callable(fn), badArgument(1, "error_matches", "function or callable object", type(fn)))
  check(pattern == nil or type(pattern) == "string", badArgument(2, "error", "string", type(pattern)))
  local message, initPosition = extraMessage(arguments)
  local init, plain = arguments[3], arguments[4]
  check(init == nil or tonumber(init), badArgument(initPosition, "matches", "number", type(arguments[3])))
  local ok, err = raised(fn)
  returned[1] = err
  showCaught(arguments, ok, err, pattern, false)
  takeMessage(chain, message)
  if ok then return false, returned end
  if err == nil and pattern == nil then return true, {} end
  if lib.hasText(err) or type(err) == "number" or type(err) == "boolean" then
    err = tostring(err)
    returned[1] = err
  end
  if type(err) ~= "string" then return false, returned end
  local captures = search(err, pattern, init, plain)
  return captures ~= nil, captures or returned
end

-- returned_arguments(count, …): how many values follow the count.
local function returnedArguments(_, arguments)
  arguments[1], arguments[2] = tostring(arguments[1]), tostring(arguments.n - 1)
  arguments.nofmt = arguments.nofmt or {}
  arguments.nofmt[1], arguments.nofmt[2] = true, true
  if arguments.n < 2 then arguments.n = 2 end
  return arguments[1] == arguments[2]
end

register({ "true" }, isValue(true), "same")
register({ "false" }, isValue(false), "same")
for _, name in ipairs({ "boolean", "number", "string", "table", "nil", "userdata", "function", "thread" }) do
  register({ name }, isType(name), "same")
end
register({ "returned_arguments" }, returnedArguments, "returned_arguments")
register({ "same" }, same, "same")
register({ "matches", "match" }, matches, "matches")
register({ "near" }, near, "near")
register({ "equals", "equal" }, equals, "equals")
register({ "unique" }, unique, "unique")
register({ "error", "errors" }, hasError, "error")
register({ "error_matches", "error_match", "matches_error", "match_error" }, errorMatches, "error")
register({ "truthy" }, truthy, "truthy")
register({ "falsy" }, falsy, "falsy")
