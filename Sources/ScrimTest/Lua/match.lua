-- `match`, the matchers: values that test one value, for spies' called_with and returned_with and stubs'
-- on_call_with — `match._` accepts anything, a chain of matcher words makes the others (`match.is_string()`,
-- `match.is_not.near(1, 0.1)`). A matcher keeps its name, its arguments and whether it is negated (`mod`), which
-- the formatter shows.
local lib = ...
local type, getmetatable, setmetatable = type, getmetatable, setmetatable

local matcherMeta = { __call = function(matcher, value) return matcher.callback(value) == matcher.mod end }

function lib.isMatcher(value) return type(value) == "table" and getmetatable(value) == matcherMeta end

-- The end of a matcher chain: the registered maker turns the arguments into the test.
local function make(chain, entry, arguments)
  chain.tokens = {}
  local test = entry.callback(chain, arguments, 2)
  return setmetatable({ name = entry.name, mod = chain.mod, callback = test, arguments = arguments }, matcherMeta)
end

local match = {
  _ = setmetatable({ name = "_", mod = true, callback = function() return true end, arguments = { n = 0 } }, matcherMeta),
  state = lib.chainMaker("matcher", make),
  is_matcher = lib.isMatcher,
  is_ref_matcher = function(value) return lib.isMatcher(value) and value.name == "ref" end,
}
lib.match = match

setmetatable(match, {
  __index = function(_, key)
    if type(key) ~= "string" then return nil end
    return match.state()[key]
  end,
})
