-- The plugin loader's Lua half: runs each plugin.lua in its sandboxed environment (sandbox.lua), commits its
-- exports and hooks, and builds objects from exports through adapters that look the export up at each access, so
-- that a reload puts new code under live objects. PluginHost (Swift) finds, orders and validates plugins.
-- `isCallable` is the host's own check of a callback (LuaCall.function): a function, or a table or userdata whose
-- metatable has __call, so that a plugin's `scrim.on`/`ctx.on` take what the host's `scrim.on` takes.
local scrim, G, swiftOn, report, isCallable, sandbox = ...
local type, pairs, ipairs, select, tostring, error, pcall = G.type, G.pairs, G.ipairs, G.select, G.tostring, G.error,
  G.pcall
local rawget, rawset, setmetatable = G.rawget, G.rawset, G.setmetatable
local realLoad = G.load
local sformat, sfind, ssub, sgsub = G.string.format, G.string.find, G.string.sub, G.string.gsub
local tconcat, tsort = G.table.concat, G.table.sort
local math = G.math
local stderr = G.io.stderr
local binaryRefused = sandbox.binaryRefused

local KINDS = { menu = "menus", transition = "transitions", controller = "controllers" }
local plugins = {}                                          -- name → record (kept across reloads: its state)
local exports = { menu = {}, transition = {}, controller = {} } -- kind → plugin → export name → value
local loadOrder = {}                                        -- plugin names, first commit order
local live = setmetatable({}, { __mode = "k" })             -- closure-style objects → how they were built

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

local host = {}

-- What the plugin called `name` was granted (a set), or nil if it is not loaded: the sandbox refuses a caller's
-- options to it before anything of it is touched.
function sandbox.grantedOf(name)
  local rec = plugins[name]
  return rec and rec.current and rec.current.granted
end

-- Options that a plugin's `scrim.plugins.load`/`reload` passes are refused for a plugin granted a permission the
-- caller lacks (it would act with that permission on the caller's behalf); the caller gets the refusal raised.
local function refuseOptions(caller, name, manifest)
  local permissions = rawget(manifest, "permissions")
  if type(permissions) ~= "table" then return end
  local position = 1
  while true do
    local permission = rawget(permissions, position)
    if permission == nil then return end
    if not caller.granted[permission] then
      local message = sandbox.optionsRefused(caller.name, name, permission)
      caller.refusal = caller.refusal or message
      error(message, 0)
    end
    position = position + 1
  end
end

-- Runs plugin.lua (source text) in a fresh environment; returns the manifest it returned. The new generation
-- waits in `rec.pending` until `activate` or `abort`.
function host.evaluate(name, dir, path, source, loadOptions)
  local rec = plugins[name]
  if not rec then
    rec = { name = name, state = {}, number = 0 }
    plugins[name] = rec
  end
  rec.dir = dir
  local gen = { name = name, granted = {}, loaded = {}, phase = "chunk", number = rec.number + 1 }
  gen.group = sformat("plugin:%s#%d", name, gen.number)
  -- A plugin's hooks are all in its group (a reload removes them); a `group` it gives is a label of its own.
  gen.on = function(event, fn, opts)
    if type(event) ~= "string" then error("bad argument #1 to 'on' (string expected, got " .. type(event) .. ")", 2) end
    if not isCallable(fn) then error("bad argument #2 to 'on' (function expected, got " .. type(fn) .. ")", 2) end
    if opts ~= nil and type(opts) ~= "table" then error("bad argument #3 to 'on' (table expected, got " .. type(opts) .. ")", 2) end
    local label, given = nil, nil
    if opts ~= nil then
      -- The options and their checks are scrim.on's.
      local function bad(text) error("bad argument #3 to 'on' (" .. text .. ")", 3) end
      for key in pairs(opts) do
        if key ~= "once" and key ~= "priority" and key ~= "group" then
          bad((type(key) == "string" and ("unknown option '" .. key .. "'") or ("unknown option of type " .. type(key)))
            .. " (once, priority, group)")
        end
      end
      local once, priority = rawget(opts, "once"), rawget(opts, "priority")
      label = rawget(opts, "group")
      if once ~= nil and type(once) ~= "boolean" then bad("field 'once': boolean expected, got " .. type(once)) end
      if priority ~= nil then
        if type(priority) ~= "number" then bad("field 'priority': number expected, got " .. type(priority)) end
        if priority ~= math.floor(priority) or math.abs(priority) >= 1e15 then bad("field 'priority': integer expected") end
      end
      if label ~= nil and type(label) ~= "string" then bad("field 'group': string expected, got " .. type(label)) end
      given = { once = once, priority = priority }
    end
    local hook = swiftOn(name, gen.group, event, fn, given)
    if label ~= nil then gen.labels[hook] = label end
    return hook
  end
  rec.number = gen.number
  rec.pending = gen
  gen.env = sandbox.environment(rec, gen)
  if ssub(source, 1, 1) == "\27" then error(path .. ": " .. binaryRefused(rec), 0) end
  local chunk, err = realLoad(source, "@" .. path, "t", gen.env)
  if not chunk then error(err, 0) end
  local manifest = chunk()
  gen.phase = "ready"
  if type(manifest) ~= "table" then
    error(sformat("%s: plugin.lua must return a manifest table, got %s", path, type(manifest)), 0)
  end
  local caller = sandbox.caller
  if caller ~= nil and loadOptions ~= nil then refuseOptions(caller, name, manifest) end
  if loadOptions ~= nil then rec.loadOptions = loadOptions end
  gen.manifest = manifest
  return manifest
end

local function checkExport(name, kind, export, value)
  local t = type(value)
  if type(export) ~= "string" then
    error(sformat("plugin '%s': %s names must be strings, got %s", name, KINDS[kind], type(export)), 0)
  end
  local ok = t == "function" or t == "table"
  if kind == "menu" and t == "table" and type(rawget(value, "items")) ~= "table" then
    error(sformat("plugin '%s': menu '%s' needs an items table (or be a function that configures the popup)", name, export), 0)
  end
  if not ok then
    error(sformat("plugin '%s': %s '%s' must be a table or a function, got %s", name, kind, export, t), 0)
  end
end

-- Grants the manifest's permissions, collects the exports (protocol style from the manifest, closure style
-- from ctx.provide), registers the hooks and runs setup(ctx); then the new generation replaces the old one.
function host.activate(name, permissions)
  local rec = plugins[name]
  local gen = rec.pending
  local manifest = gen.manifest
  for _, permission in ipairs(permissions) do gen.granted[permission] = true end
  local staging = { menu = {}, transition = {}, controller = {} }
  local function provide(kind, export, value)
    if type(kind) ~= "string" or not KINDS[kind] then
      error(sformat("bad argument #1 to 'provide' (\"menu\", \"transition\" or \"controller\" expected, got %s)",
        type(kind) == "string" and ("'" .. kind .. "'") or type(kind)), 2)
    end
    checkExport(name, kind, export, value)
    if staging[kind][export] ~= nil then
      error(sformat("plugin '%s' provides %s '%s' twice", name, kind, export), 2)
    end
    staging[kind][export] = value
  end
  for kind, field in pairs(KINDS) do
    local set = manifest[field]
    if set ~= nil then
      for export, value in pairs(set) do
        checkExport(name, kind, export, value)
        staging[kind][export] = value
      end
    end
  end
  if manifest.hooks ~= nil then
    for event, handler in pairs(manifest.hooks) do
      if type(event) ~= "string" then error(sformat("plugin '%s': hooks are keyed by event name", name), 0) end
      local spec = type(handler) == "table" and handler.handler ~= nil
      if not spec and isCallable(handler) then
        gen.on(event, handler)
      elseif spec and isCallable(handler.handler) then
        local ok, err = pcall(gen.on, event, handler.handler, { priority = handler.priority, once = handler.once })
        if not ok then
          error(sformat("plugin '%s': hook '%s': %s", name, event, (sgsub(tostring(err), "^bad argument #3 to 'on' %((.*)%)$", "%1"))), 0)
        end
      else
        error(sformat("plugin '%s': hook '%s' must be a function or {handler=, priority=, once=}", name, event), 0)
      end
    end
  end
  local options = {}
  if type(manifest.options) == "table" then for k, v in pairs(manifest.options) do options[k] = v end end
  if type(rec.loadOptions) == "table" then for k, v in pairs(rec.loadOptions) do options[k] = v end end
  if manifest.setup ~= nil then
    local ctx = {
      name = name, version = manifest.version, dir = rec.dir, group = gen.group,
      state = rec.state, options = options,
      on = gen.on, provide = provide,
      log = function(...)
        local parts = {}
        for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
        stderr:write("[" .. name .. "] " .. tconcat(parts, "\t") .. "\n")
      end,
    }
    manifest.setup(ctx)
  end
  -- Commit: the exports and hooks of this generation replace those of the previous one.
  local old = rec.current
  for kind in pairs(KINDS) do exports[kind][name] = staging[kind] end
  rec.current, rec.pending = gen, nil
  if old then scrim.off(old.group) end
  local seen = false
  for _, n in ipairs(loadOrder) do if n == name then seen = true end end
  if not seen then loadOrder[#loadOrder + 1] = name end
  -- Closure-style exports configure an object once; to put new code under live objects, they run again.
  if old then
    for object, info in pairs(live) do
      local value = info.plugin == name and exports[info.kind][name][info.export]
      if type(value) == "function" then
        local ok, err = pcall(value, object, info.options)
        if not ok then report(tostring(err), sformat("%s '%s.%s' after reload", info.kind, name, info.export)) end
      end
    end
  end
end

-- A failed activation: its hooks go, the previous generation (if any) keeps running.
function host.abort(name)
  local rec = plugins[name]
  if rec and rec.pending then
    scrim.off(rec.pending.group)
    rec.pending = nil
  end
end

-- The plugin's ctx.state, for the host (`scrim.plugins.state`).
function host.state(name)
  local rec = plugins[name]
  return rec and rec.state
end

function host.exportNames(name)
  local result = {}
  for kind, field in pairs(KINDS) do
    local names = {}
    for export in pairs(exports[kind][name] or {}) do names[#names + 1] = export end
    tsort(names)
    result[field] = names
  end
  return result
end

-- "export" when one plugin has it, else "plugin.export": returns {plugin, export}, or why there is none
-- (unknown or ambiguous names list the candidates).
function host.resolve(kind, name)
  local dot = sfind(name, ".", 1, true)
  if dot then
    local plugin, export = ssub(name, 1, dot - 1), ssub(name, dot + 1)
    if exports[kind][plugin] and exports[kind][plugin][export] ~= nil then return { plugin, export } end
  end
  local found, all = {}, {}
  for _, plugin in ipairs(loadOrder) do
    for export in pairs(exports[kind][plugin] or {}) do
      all[#all + 1] = plugin .. "." .. export
      if export == name then found[#found + 1] = plugin end
    end
  end
  tsort(all)
  if #found == 1 then return { found[1], name } end
  if #found > 1 then
    for i, plugin in ipairs(found) do found[i] = plugin .. "." .. name end
    return sformat("%s '%s' is ambiguous: %s", kind, name, tconcat(found, ", "))
  end
  return sformat("no %s '%s' (%s: %s)", kind, name, KINDS[kind], #all > 0 and tconcat(all, ", ") or "none loaded")
end

-- The adapter: a table whose members are the export's current members, looked up at each access.
local function proxy(kind, plugin, export, fields)
  return setmetatable(fields or {}, { __index = function(_, key)
    local current = exports[kind][plugin] and exports[kind][plugin][export]
    if type(current) == "table" then return current[key] end
  end })
end

local function track(object, kind, plugin, export, options)
  live[object] = { kind = kind, plugin = plugin, export = export, options = options }
end

function host.menu(found, options)
  local plugin, export = found[1], found[2]
  local value = exports.menu[plugin][export]
  if type(value) == "table" then
    local popup = scrim.PopupWindow{ items = value.items, delegate = proxy("menu", plugin, export, options and copy(options)) }
    popup.name = export
    return popup
  end
  local popup = scrim.PopupWindow()
  popup.name = export
  value(popup, options)
  track(popup, "menu", plugin, export, options)
  return popup
end

function host.transition(found, options)
  local plugin, export = found[1], found[2]
  local value = exports.transition[plugin][export]
  if type(value) == "table" then
    local fields = options and copy(options) or {}
    local transitioning = scrim.DimmingTransitioning(proxy("transition", plugin, export, fields))
    fields.transitioning = transitioning
    return transitioning
  end
  local transitioning = scrim.DimmingTransitioning()
  value(transitioning, options)
  track(transitioning, "transition", plugin, export, options)
  return transitioning
end

-- Controllers: a scrim.class export is instantiated through a proxy class whose members are the export's
-- current ones; an options table becomes such a class over its `base` (functions resolved at call time, other
-- values applied when the controller is made); a function is a factory, called each time.
local classes = {}
local function proxyClass(plugin, export, value)
  local key = plugin .. "." .. export
  local class = classes[key]
  local isClass = type(rawget(value, "__name")) == "string"
  local base
  if isClass then
    base = rawget(value, "super")
  else
    base = rawget(value, "base") or "ViewController"
    if type(base) == "string" then
      -- Through the plugin's own view of scrim: its copy of the class, never the host's table.
      local view = plugins[plugin].current.scrim
      local ok, found = pcall(function() return view[base] end)
      if not ok or type(found) ~= "table" or type(rawget(found, "__name")) ~= "string" then
        error(sformat("controller '%s': no base class scrim.%s", key, base), 0)
      end
      base = found
    end
  end
  if not class then
    class = scrim.class(isClass and rawget(value, "__name") or export)
    rawset(class, "init", function(self, ...)
      local current = exports.controller[plugin] and exports.controller[plugin][export]
      local init = type(current) == "table" and current.init
      if type(init) == "function" then return init(self, ...) end
    end)
    setmetatable(class, { __index = function(_, name)
      local current = exports.controller[plugin] and exports.controller[plugin][export]
      if type(current) ~= "table" then return nil end
      local member = current[name]
      if isClass or type(member) == "function" then return member end
    end, __call = function(c, ...) return c.new(...) end, __tostring = function() return "class " .. key end })
    classes[key] = class
  end
  rawset(class, "super", base)
  return class
end

function host.controller(found, options)
  local plugin, export = found[1], found[2]
  local value = exports.controller[plugin][export]
  if type(value) == "function" then return value(options) end
  local class = proxyClass(plugin, export, value)
  if type(rawget(value, "__name")) == "string" then return class(options) end
  local fields = {}
  for k, v in pairs(value) do
    if k ~= "base" and type(v) ~= "function" then fields[k] = v end
  end
  for k, v in pairs(options or {}) do fields[k] = v end
  return class(fields)
end

return host
