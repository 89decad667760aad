-- Deep comparison, as `same` sees two values (and match.is_same, unique's deep mode, a spy's recorded arguments):
-- values that are not both tables compare with ==; two tables are the same when each key of either is in the
-- other with the same value. A metatable both tables share decides with its __eq, unless the caller asks to look
-- inside (only the outermost pair: nested tables with an __eq still decide for themselves). Tables that lead
-- back to themselves are the same when no path of keys tells them apart: a pair met again along the way is taken
-- as the same, as a difference on any path is found on that path anyway.
local lib = ...
local type, next, rawequal = type, next, rawequal
local rawMetatable = debug.getmetatable

-- Whether `a` and `b` are the same; when not, also the keys that lead to the first difference found, innermost
-- first. `met` holds the pairs already being compared (met[a][b]).
local function compare(a, b, lookInside, met)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  local meta = rawMetatable(a)
  if meta ~= nil and meta == rawMetatable(b) and meta.__eq then
    if not lookInside then return a == b end
  elseif rawequal(a, b) then
    return true
  end
  local partners = met[a]
  if partners == nil then
    partners = {}
    met[a] = partners
  elseif partners[b] then
    return true
  end
  partners[b] = true
  for key, value in next, a do
    local other = b[key]
    if other == nil then return false, { key } end
    local same, path = compare(value, other, false, met)
    if not same then
      path = path or {}
      path[#path + 1] = key
      return false, path
    end
  end
  for key in next, b do
    if a[key] == nil then return false, { key } end
  end
  return true
end

-- lib.same(a, b [, lookInside]) → same [, path to the difference]
function lib.same(a, b, lookInside)
  return compare(a, b, lookInside, {})
end
