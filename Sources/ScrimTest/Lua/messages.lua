-- The texts of failed assertions, in English (luassert's wording, and Scrim's for its own assertions), and the
-- look-up every assertion goes through: a suite that ships its own `say` sets its keys there, so that one is
-- asked first.
local lib = ...
local say = lib.say

-- The text of `key` filled from `values`; nil when no `say` knows the key.
function lib.text(key, values)
  local suites = package.loaded.say
  if suites ~= nil and suites ~= say and lib.callable(suites) then
    local text = suites(key, values)
    if text ~= nil then return text end
  end
  return say(key, values)
end

local english = {
  ["assertion.same.positive"] = "Expected objects to be the same.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.same.negative"] = "Expected objects to not be the same.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.equals.positive"] = "Expected objects to be equal.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.equals.negative"] = "Expected objects to not be equal.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.near.positive"] = "Expected values to be near.\nPassed in:\n%s\nExpected:\n%s +/- %s",
  ["assertion.near.negative"] = "Expected values to not be near.\nPassed in:\n%s\nDid not expect:\n%s +/- %s",
  ["assertion.matches.positive"] = "Expected strings to match.\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.matches.negative"] = "Expected strings not to match.\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.unique.positive"] = "Expected object to be unique:\n%s",
  ["assertion.unique.negative"] = "Expected object to not be unique:\n%s",
  ["assertion.error.positive"] = "Expected a different error.\nCaught:\n%s\nExpected:\n%s",
  ["assertion.error.negative"] = "Expected no error, but caught:\n%s",
  ["assertion.truthy.positive"] = "Expected to be truthy, but value was:\n%s",
  ["assertion.truthy.negative"] = "Expected to not be truthy, but value was:\n%s",
  ["assertion.falsy.positive"] = "Expected to be falsy, but value was:\n%s",
  ["assertion.falsy.negative"] = "Expected to not be falsy, but value was:\n%s",
  ["assertion.called.positive"] = "Expected to be called %s time(s), but was called %s time(s)",
  ["assertion.called.negative"] = "Expected not to be called exactly %s time(s), but it was.",
  ["assertion.called_at_least.positive"] = "Expected to be called at least %s time(s), but was called %s time(s)",
  ["assertion.called_at_most.positive"] = "Expected to be called at most %s time(s), but was called %s time(s)",
  ["assertion.called_more_than.positive"] = "Expected to be called more than %s time(s), but was called %s time(s)",
  ["assertion.called_less_than.positive"] = "Expected to be called less than %s time(s), but was called %s time(s)",
  ["assertion.called_with.positive"] = "Function was never called with matching arguments.\nCalled with (last call if any):\n%s\nExpected:\n%s",
  ["assertion.called_with.negative"] = "Function was called with matching arguments at least once.\nCalled with (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_with.positive"] = "Function never returned matching arguments.\nReturned (last call if any):\n%s\nExpected:\n%s",
  ["assertion.returned_with.negative"] = "Function returned matching arguments at least once.\nReturned (last matching call):\n%s\nDid not expect:\n%s",
  ["assertion.returned_arguments.positive"] = "Expected to be called with %s argument(s), but was called with %s",
  ["assertion.returned_arguments.negative"] = "Expected not to be called with %s argument(s), but was called with %s",
  ["assertion.array_holes.positive"] = "Expected array to have holes, but none was found.\n",
  ["assertion.array_holes.negative"] = "Expected array to not have holes, hole found at position: %s\n",
  ["assertion.internal.argtolittle"] = "the '%s' function requires a minimum of %s arguments, got: %s",
  ["assertion.internal.badargtype"] = "bad argument #%s to '%s' (%s expected, got %s)",
  ["assertion.rect_near.positive"] = "Expected rects to be within %s (%s differs).\nPassed in:\n%s\nExpected:\n%s",
  ["assertion.rect_near.negative"] = "Expected rects to differ by more than %s (%s differs).\nPassed in:\n%s\nDid not expect:\n%s",
  ["assertion.snapshot.positive"] = "%s",
  ["assertion.snapshot.negative"] = "Expected the snapshot to differ from its reference",
}

say:set_namespace("en")
for key, text in next, english do say:set(key, text) end
