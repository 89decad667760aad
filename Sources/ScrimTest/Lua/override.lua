-- Putting a spy or a stub where a method was, and the method back: on a table by assignment; on a Scrim object
-- (userdata: a view, a controller, a popup, a scrim.class instance) by assignment when the object takes it,
-- else — a View's methods are read-only — by an override for that one object, which its class's __index is
-- wrapped to look at first (from the first override on a class on).
local lib = ...
local type, tostring, pcall, rawequal, error, setmetatable = type, tostring, pcall, rawequal, error, setmetatable
local rawMetatable = debug.getmetatable

-- Per object, what its overrides replace (weak: an object that goes keeps nothing alive).
local overridesOf = setmetatable({}, { __mode = "k" })
local wrapped = {}

local function wrapIndex(meta)
  if wrapped[meta] then return end
  local original = meta.__index
  wrapped[meta] = true
  meta.__index = function(object, key)
    local overrides = overridesOf[object]
    local value = overrides and overrides[key]
    if value ~= nil then return value end
    if type(original) == "function" then return original(object, key) end
    return original[key]
  end
end

local function addOverride(object, key, value)
  local meta = rawMetatable(object)
  if meta == nil then error("cannot spy on '" .. tostring(key) .. "' of " .. tostring(object), 3) end
  wrapIndex(meta)
  local overrides = overridesOf[object] or {}
  overridesOf[object] = overrides
  overrides[key] = value
end

-- What `object` holds under `key`, nil for a key a Scrim object does not have: a stub may go where nothing was
-- (as on a table), while reading an unknown member of a Scrim object raises (a typo in a script).
function lib.current(object, key)
  if type(object) ~= "userdata" then return object[key] end
  local ok, value = pcall(function() return object[key] end)
  return ok and value or nil
end

-- Whether `object` took `value` for `key` as it is.
local function takes(object, key, value)
  return pcall(function() object[key] = value end) and rawequal(object[key], value)
end

function lib.putInPlace(object, key, value)
  if type(object) ~= "userdata" then
    object[key] = value
  elseif not takes(object, key, value) then
    addOverride(object, key, value)
  end
end

-- Puts `original` back: a Scrim object drops its override, or clears the field (so its class's method shows
-- again) and sets it only when clearing does not bring `original` back.
function lib.putBack(object, key, original)
  if type(object) ~= "userdata" then
    object[key] = original
    return
  end
  local overrides = overridesOf[object]
  if overrides and overrides[key] ~= nil then
    overrides[key] = nil
  elseif not (pcall(function() object[key] = nil end) and rawequal(object[key], original)) then
    object[key] = original
  end
end
