local scrim = ...
local rawget, setmetatable, type, error = rawget, setmetatable, type, error

local function isClass(value)
  return type(value) == "table" and type(rawget(value, "__name")) == "string"
end

local function lookup(class, key)
  while class ~= nil do
    local value = rawget(class, key)
    if value ~= nil then return value end
    class = rawget(class, "super")
  end
end

-- `self.super`: the base class's members, with methods bound to the instance.
local function superOf(instance, class)
  local base = rawget(class, "super")
  return setmetatable({}, {
    __index = function(_, key)
      local value = lookup(base, key)
      if type(value) == "function" then
        return function(_, ...) return value(instance, ...) end
      end
      return value
    end,
    __newindex = function() error("self.super is read-only", 2) end,
  })
end

local function swiftRoot(class)
  while class ~= nil do
    if rawget(class, "__factory") ~= nil then return class end
    class = rawget(class, "super")
  end
end

local function instantiate(class, ...)
  local root = swiftRoot(class)
  local instance, fields
  if root == class then
    return root.__new(...)
  elseif root ~= nil then
    instance, fields = root.__factory(class, ...)
  else
    instance = {}
    fields = instance
  end
  setmetatable(fields, {
    __index = function(_, key)
      if key == "super" then return superOf(instance, class) end
      return class[key]
    end,
    __tostring = root == nil and function() return class.__name .. "()" end or nil,
    __name = class.__name,
  })
  local init = lookup(class, "init")
  if init ~= nil then init(instance, ...) end
  return instance
end

local function classOf(name, base)
  if type(name) ~= "string" then
    error("bad argument #1 to 'class' (string expected, got " .. type(name) .. ")", 2)
  end
  if base ~= nil and not isClass(base) then
    error("bad argument #2 to 'class' (class expected, got " .. type(base) .. ")", 2)
  end
  local class = { __name = name, super = base }
  class.new = function(...) return instantiate(class, ...) end
  return setmetatable(class, {
    __index = base,
    __call = function(c, ...) return instantiate(c, ...) end,
    __tostring = function() return "class " .. name end,
  })
end

-- Swift classes: their tables get the same call and new as Lua classes.
local function swiftClass(class)
  class.new = function(...) return instantiate(class, ...) end
  return setmetatable(class, {
    __call = function(c, ...) return instantiate(c, ...) end,
    __tostring = function() return "class " .. class.__name end,
  })
end

scrim.class = classOf
return swiftClass
