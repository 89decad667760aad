local scrim, callerFunction, misspelt = ...
local rawget, rawset, setmetatable, type, next, error = rawget, rawset, setmetatable, type, next, error

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

-- The class in `class`'s chain that defines `fn` as one of its members; nil if none does.
local function ownerOf(class, fn)
  while class ~= nil do
    for _, value in next, class do
      if value == fn then return class end
    end
    class = rawget(class, "super")
  end
end

-- What an instance and `self.super` give for `value`, read at `key` from `class`'s chain. The tables of Scrim's own
-- classes (the class tables, their `__options`) stay out of reach: code handed an instance (a plugin's hook) must not
-- be able to change the module.
local function exposed(class, key, value)
  if type(value) ~= "table" then return value end
  if rawget(value, "__factory") ~= nil then return nil end
  while class ~= nil and rawget(class, key) ~= value do class = rawget(class, "super") end
  if class ~= nil and rawget(class, "__factory") ~= nil then return nil end
  return value
end

-- The members of `base` and above, with methods bound to the instance; `.super` goes one level up, as a view too.
local function membersView(instance, base)
  return setmetatable({}, {
    __index = function(_, key)
      if key == "super" then
        local above = base ~= nil and rawget(base, "super") or nil
        return above ~= nil and membersView(instance, above) or nil
      end
      local value = exposed(base, key, lookup(base, key))
      if type(value) == "function" then
        return function(_, ...) return value(instance, ...) end
      end
      if value == nil then
        -- A value member of a Scrim base class (`animatedHeight`): Scrim's own value, defaults included.
        local baseValue = lookup(base, "__baseValue")
        if baseValue ~= nil then return baseValue(instance, key) end
      end
      return value
    end,
    __newindex = function() error("self.super is read-only", 2) end,
  })
end

-- `self.super`: the members of the base of the class whose method is running (middleclass's `Class.super`), with
-- methods bound to the instance. Resolving from the running method, not from the instance's class, is what lets
-- every level of a hierarchy reach its own base; code outside the class's methods gets the instance class's base.
local function superOf(instance, class)
  local running = callerFunction()
  local owner = running ~= nil and ownerOf(class, running) or class
  return membersView(instance, rawget(owner, "super"))
end

local function swiftRoot(class)
  while class ~= nil do
    if rawget(class, "__factory") ~= nil then return class end
    class = rawget(class, "super")
  end
end

-- A table argument of a class over a Scrim class, as an instance sees it: the keys naming the Scrim class's members go
-- to it (as options: the ones it cannot take raise there), other names become the instance's own fields. Non-string
-- keys are for `init`; without one, the whole table goes to the Scrim class, which refuses them.
local function splitArgument(root, argument, hasInit)
  if type(argument) ~= "table" then
    if hasInit then return nil, nil end
    return argument, nil
  end
  local members, options, own = root.__members, {}, {}
  for key, value in next, argument do
    if type(key) ~= "string" then
      if not hasInit then return argument, nil end
    elseif members[key] then
      options[key] = value
    else
      own[key] = value
    end
  end
  return options, own
end

-- Each member defined on a class over a Scrim class, or set on an instance of one (`fields`), checked against the
-- Scrim class's overridable members: a name close to one that neither the class (and its Lua bases) nor the instance
-- gives is warned about where it is defined (ClassBodyCheck.swift, the delegate tables' rule).
local function checkMember(class, key, fields)
  local root = swiftRoot(class)
  if type(key) ~= "string" or root == nil or root.__members[key] ~= nil then return end
  local given = {}
  for name in next, root.__overridables do
    local level = class
    while level ~= root and rawget(level, name) == nil do level = rawget(level, "super") end
    if level ~= root or (fields ~= nil and rawget(fields, name) ~= nil) then given[name] = true end
  end
  misspelt(class.__name, key, root.__name, root.__overridables, given)
end

-- A class's constructor arguments go to its `init` (any values: `C(5)`, `C("x")`). A table argument of a class over a
-- Scrim class also configures it, as if each field were assigned to the new instance: the Scrim class's options set,
-- other names kept as the instance's own fields. Nothing, or nil, is fine.
local function instantiate(class, ...)
  local root = swiftRoot(class)
  local init = lookup(class, "init")
  local instance, fields
  if root == class then
    -- An instance of Scrim's own class reaches the Swift implementations as `self.super` too, for the overrides it
    -- is given as options or by assignment (`sheet.executePresentationAnimation = function(self) … end`).
    instance, fields = root.__new(...)
    rawset(fields, "super", membersView(instance, root))
    return instance
  elseif root ~= nil then
    local options, own = splitArgument(root, (...), init ~= nil)
    instance, fields = root.__factory(class, options)
    if own ~= nil then
      for key, value in next, own do
        checkMember(class, key, fields)
        rawset(fields, key, value)
      end
    end
  else
    instance = {}
    fields = instance
  end
  setmetatable(fields, {
    __index = function(_, key)
      if key == "super" then return superOf(instance, class) end
      local value = class[key]
      if type(value) == "table" then return exposed(class, key, value) end
      return value
    end,
    __newindex = root ~= nil and function(t, key, value)
      checkMember(class, key, t)
      rawset(t, key, value)
    end or nil,
    __tostring = root == nil and function() return class.__name .. "()" end or nil,
    __name = class.__name,
  })
  if init ~= nil then init(instance, ...) end
  return instance
end


-- `scrim.class(name)` has no base; `scrim.class(name, nil)` is a base that was meant and is missing (a misspelt
-- `scrim.BottomPresentViewControler` reads nil): an error here, not a class that quietly derives from nothing.
local function classOf(name, ...)
  if type(name) ~= "string" then
    error("bad argument #1 to 'class' (string expected, got " .. type(name) .. ")", 2)
  end
  local base = ...
  if select("#", ...) > 0 and not isClass(base) then
    error("bad argument #2 to 'class' (class expected, got " .. type(base) .. ")", 2)
  end
  -- A body table (`scrim.class(name, base, { … })`) would be dropped unread: its members go on the class returned.
  if select("#", ...) > 1 then
    error("bad argument #3 to 'class' (no value expected, got " .. type((select(2, ...))) .. "): define members on the "
      .. "class it returns, `function C:member() … end`", 2)
  end
  local class = { __name = name, super = base }
  class.new = function(...) return instantiate(class, ...) end
  return setmetatable(class, {
    __index = base,
    __newindex = function(c, key, value)
      checkMember(c, key)
      rawset(c, key, value)
    end,
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
