-- The plugin sandbox: one environment per plugin generation, and through it all a plugin can reach. A plugin
-- without permissions reads the host's state but changes none of it: its own copies of the libraries, its own
-- read-only view of `scrim` (its own hook group, its own warning switch, no file written), and no metatable or
-- table of the host's that it could write through. plugins.lua (the loader) calls `sandbox.environment`.
-- `ownModuleFile(dir, path)` (Swift, PluginModuleFile) says whether a module file's real path is inside a plugin's
-- folder: symbolic links, `..` and hard links lead out of it, and Lua cannot resolve paths itself.
local scrim, G, random, ownModuleFile, moduleFunctions = ...
local type, pairs, ipairs, next, select, tostring, tonumber, error, pcall = G.type, G.pairs, G.ipairs, G.next,
  G.select, G.tostring, G.tonumber, G.error, G.pcall
local rawget, rawset, setmetatable, getmetatable = G.rawget, G.rawset, G.setmetatable, G.getmetatable
local realLoad, collectgarbage, realWarn = G.load, G.collectgarbage, G.warn
local sformat, sfind, sgsub, ssub, sgmatch = G.string.format, G.string.find, G.string.gsub, G.string.sub,
  G.string.gmatch
local tpack, tunpack = G.table.pack, G.table.unpack
local ioOpen = G.io.open
local rawMetatable, getinfo = G.debug.getmetatable, G.debug.getinfo
local real = { io = G.io, os = G.os, debug = G.debug, package = G.package, require = G.require, dump = G.string.dump }
local libraries = { string = G.string, table = G.table, math = G.math, utf8 = G.utf8, coroutine = G.coroutine }
local SAFE = { "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen",
               "select", "tonumber", "tostring", "type", "xpcall", "_VERSION" }
local safe = {}
for _, name in ipairs(SAFE) do safe[name] = G[name] end

-- The module functions a plugin calls as the host does (`moduleFunctions`, from the module's declaration:
-- LuaRuntime.pluginFunctions and the loader's `menu`, `transition`, `controller`); `on`, `off`, `snapshot` and
-- `plugins` are its own (below). Any other function of the module (one a script set) is refused to plugins.
local MODULE_FUNCTIONS = {}
for _, name in ipairs(moduleFunctions) do
  MODULE_FUNCTIONS[name] = true
end

local sandbox = {
  -- The generation whose `scrim.plugins.load`/`reload` call is under way (the loader refuses its options for
  -- plugins granted more than it is).
  caller = nil,
}

local records = setmetatable({}, { __mode = "k" })   -- every plugin record that got an environment
-- Every table a plugin gets a view or a copy of the host's through → what it is called ("scrim.screen").
local protected = setmetatable({}, { __mode = "k" })

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end

-- The plugin whose code runs at `level` or above (found by its files), for messages only.
local function callingPlugin(level)
  for l = level + 1, level + 40 do
    local info = getinfo(l, "S")
    if not info then return nil end
    local source = info.source
    if ssub(source, 1, 1) == "@" then
      for rec in pairs(records) do
        local dir = rec.dir .. "/"
        if ssub(source, 2, #dir + 1) == dir then return rec end
      end
    end
  end
end

-- The state's string metatable is shared by every chunk: its methods table holds a `dump` of its own, so that a
-- string value does not lead a plugin to string.dump (which needs "native"). Scripts call string.dump itself.
do
  local stringMeta = getmetatable("")
  local methods = stringMeta and rawget(stringMeta, "__index")
  if type(methods) == "table" then
    rawset(stringMeta, "__index", setmetatable({
      dump = function()
        local rec = callingPlugin(2)
        error((rec and sformat("plugin '%s': ", rec.name) or "")
          .. "string.dump is not reachable through a string value (call string.dump; plugins need \"native\")", 2)
      end,
    }, { __index = methods }))
  end
end

-- The refusal every sandbox escape gets: names the plugin, what it tried, and the permission that grants it.
function sandbox.denied(rec, gen, what, permission, level)
  if gen.phase == "chunk" then
    error(sformat("plugin '%s': %s is not permitted while plugin.lua runs (add \"%s\" to permissions and use it from setup on)",
      rec.name, what, permission), level or 3)
  end
  error(sformat("plugin '%s': %s is not permitted (add \"%s\" to permissions)", rec.name, what, permission), level or 3)
end
local denied = sandbox.denied

function sandbox.binaryRefused(rec)
  return sformat("plugin '%s': binary chunks are not permitted (plugins load Lua source text only)", rec.name)
end
local binaryRefused = sandbox.binaryRefused

local function readFile(path)
  local f = ioOpen(path, "r")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

-- "scrim.screen" and a key: "scrim.screen.width", "scrim.list[1]".
local function pathOf(path, key)
  if type(key) == "string" then return path .. "." .. key end
  return path .. "[" .. tostring(key) .. "]"
end

local function readOnlyError(rec, what)
  error(sformat("plugin '%s': %s is read-only (a plugin cannot change the host's scrim module)", rec.name, what), 3)
end

-- What a plugin gets for a value it reached through its `scrim`: host class tables as its own copies, other tables
-- as read-only views, the rest as it is.
local function wrap(rec, gen, value, path)
  if type(value) ~= "table" or protected[value] then return value end
  local made = gen.views[value]
  if made then return made end
  if rawget(value, "__factory") ~= nil then
    -- A class the host's classes derive from (scrim.ViewController, …): a copy with the same members, so that a
    -- plugin may derive from it, call it and reach `super` at any depth without holding the host's table.
    made = {}
    gen.views[value] = made
    protected[made] = "scrim." .. tostring(rawget(value, "__name"))
    for k, v in next, value do rawset(made, k, wrap(rec, gen, v, pathOf(path, k))) end
    return setmetatable(made, {
      __index = function(_, k) return wrap(rec, gen, value[k], pathOf(path, k)) end,
      __newindex = function(_, k) readOnlyError(rec, pathOf(path, k)) end,
      __call = function(_, ...) return value(...) end,
      __tostring = function() return tostring(value) end,
      __metatable = false,
    })
  end
  made = {}
  gen.views[value] = made
  protected[made] = path
  return setmetatable(made, {
    -- Functions of a table other than a class are not the module functions listed above: refused, as those are.
    __index = function(_, k)
      local v = value[k]
      if type(v) == "function" then
        error(sformat("plugin '%s': %s is not available to plugins", rec.name, pathOf(path, k)), 2)
      end
      return wrap(rec, gen, v, pathOf(path, k))
    end,
    __newindex = function(_, k) readOnlyError(rec, pathOf(path, k)) end,
    __pairs = function()
      return function(_, k)
        local key, v = next(value, k)
        while key ~= nil and type(v) == "function" do key, v = next(value, key) end
        if key ~= nil then return key, wrap(rec, gen, v, pathOf(path, key)) end
      end, made, nil
    end,
    __len = function() return #value end,
    __metatable = false,
  })
end

function sandbox.optionsRefused(caller, name, permission)
  return sformat("plugin '%s': options for plugin '%s' are refused (it is granted \"%s\", which '%s' is not)",
    caller, name, tostring(permission), caller)
end

local PERMISSIONS = { "io", "os", "native", "plugins" }

-- The plugin's `scrim.plugins`: reading for everyone; loading and reloading with the "plugins" permission, as the
-- caller (the loader refuses options it passes to a plugin granted what the caller is not).
local function pluginsView(rec, gen)
  local realPlugins = rawget(scrim, "plugins")
  local function asCaller(fn, ...)
    local saved = sandbox.caller
    sandbox.caller = gen
    gen.refusal = nil
    local results = tpack(pcall(fn, ...))
    sandbox.caller = saved
    local refusal = gen.refusal
    gen.refusal = nil
    -- Level 2 is the plugin's line: `load` and `reload` tail-call this.
    if refusal then error(refusal, 2) end
    if not results[1] then error(results[2], 2) end
    return tunpack(results, 2, results.n)
  end
  -- Options for a plugin already loaded are refused here, before it is touched, if it holds a permission the caller
  -- lacks (the loader refuses them for a plugin it has yet to load).
  local function checkOptions(name, options)
    if type(name) ~= "string" or type(options) ~= "table" then return end
    local granted = sandbox.grantedOf(name)
    if granted == nil then return end
    for _, permission in ipairs(PERMISSIONS) do
      if granted[permission] and not gen.granted[permission] then
        error(sandbox.optionsRefused(rec.name, name, permission), 3)
      end
    end
  end
  local api = {
    list = realPlugins.list,
    get = realPlugins.get,
    load = function(path, options)
      if not gen.granted.plugins then denied(rec, gen, "scrim.plugins.load", "plugins") end
      if type(path) == "string" and type(options) == "table" then
        -- A plugin folder (or @name) takes its options; a folder of plugins takes them by name.
        checkOptions(sgsub(path, "/+$", ""):match("([^/@]+)$"), options)
        for name, given in pairs(options) do checkOptions(name, given) end
      end
      return asCaller(realPlugins.load, path, options)
    end,
    reload = function(name, options, ...)
      if not gen.granted.plugins then denied(rec, gen, "scrim.plugins.reload", "plugins") end
      checkOptions(name, options)
      return asCaller(realPlugins.reload, name, options, ...)
    end,
    state = function(name)
      if name == rec.name then return rec.state end
      error(sformat("plugin '%s': scrim.plugins.state(%q) is not permitted (a plugin reads its own state only)",
        rec.name, tostring(name)), 2)
    end,
  }
  local view = setmetatable({}, {
    __index = function(_, k)
      local value = api[k]
      if value ~= nil then return value end
      if k == "outputFolder" then return rawget(realPlugins, k) end
      if type(rawget(realPlugins, k)) == "function" then
        error(sformat("plugin '%s': %s is not available to plugins", rec.name, pathOf("scrim.plugins", k)), 2)
      end
    end,
    __newindex = function(_, k) readOnlyError(rec, pathOf("scrim.plugins", k)) end,
    __metatable = false,
  })
  protected[view] = "scrim.plugins"
  return view
end

-- `scrim.snapshot` for a plugin: anywhere with "io"; without it, only below the folder the host named in
-- `scrim.plugins.outputFolder`, at a relative path that stays inside it.
local function snapshotFor(rec, gen)
  local count = 0
  return function(path)
    if path ~= nil and type(path) ~= "string" then
      error("bad argument #1 to 'snapshot' (string expected, got " .. type(path) .. ")", 2)
    end
    if gen.granted.io then return scrim.snapshot(path) end
    local folder = rawget(rawget(scrim, "plugins"), "outputFolder")
    if type(folder) ~= "string" or folder == "" then
      error(sformat("plugin '%s': scrim.snapshot is not permitted (add \"io\" to permissions, or the host names a folder "
        .. "for plugins' pictures in scrim.plugins.outputFolder)", rec.name), 2)
    end
    if path == nil then
      count = count + 1
      path = sformat("%s-snapshot-%d.png", rec.name, count)
    end
    if path == "" or ssub(path, 1, 1) == "/" or sfind(path, "\0", 1, true) then
      error(sformat("plugin '%s': scrim.snapshot(%q): give a relative path inside scrim.plugins.outputFolder",
        rec.name, path), 2)
    end
    for part in sgmatch(path, "[^/]+") do
      if part == ".." then
        error(sformat("plugin '%s': scrim.snapshot(%q): '..' leaves scrim.plugins.outputFolder", rec.name, path), 2)
      end
    end
    local destination = (ssub(folder, -1) == "/" and folder or folder .. "/") .. path
    local results = tpack(pcall(scrim.snapshot, destination))
    if not results[1] then error(results[2], 2) end
    return tunpack(results, 2, results.n)
  end
end

-- `scrim.off` for a plugin: its own group (any generation of it), or the hooks it labelled with `group = …`;
-- another plugin's group is refused.
local function offFor(rec, gen)
  local own = sformat("plugin:%s#", rec.name)
  return function(group)
    if type(group) ~= "string" then
      error("bad argument #1 to 'off' (string expected, got " .. type(group) .. ")", 2)
    end
    if ssub(group, 1, #own) == own and sfind(group, "^%d+$", #own + 1) then return scrim.off(group) end
    if ssub(group, 1, 7) == "plugin:" then
      error(sformat("plugin '%s': scrim.off(%q) is not permitted (a plugin removes only its own hooks, group '%s')",
        rec.name, group, gen.group), 2)
    end
    local removed = 0
    for hook, label in pairs(gen.labels) do
      if label == group then
        if hook.isActive then
          hook:remove()
          removed = removed + 1
        end
        gen.labels[hook] = nil
      end
    end
    return removed
  end
end

-- The plugin's `scrim`: an empty table whose reads go to the module (through `wrap`) and whose writes raise.
local function scrimView(rec, gen)
  local own = { on = gen.on, off = offFor(rec, gen), snapshot = snapshotFor(rec, gen), plugins = pluginsView(rec, gen) }
  local view = setmetatable({}, {
    __index = function(_, k)
      local value = own[k]
      if value ~= nil then return value end
      value = scrim[k]
      if type(value) == "function" and not MODULE_FUNCTIONS[k] then
        error(sformat("plugin '%s': %s is not available to plugins", rec.name, pathOf("scrim", k)), 2)
      end
      return wrap(rec, gen, value, pathOf("scrim", k))
    end,
    __newindex = function(_, k) readOnlyError(rec, pathOf("scrim", k)) end,
    __pairs = function(self)
      local keys = {}
      for k in next, scrim do
        if own[k] == nil and (type(rawget(scrim, k)) ~= "function" or MODULE_FUNCTIONS[k]) then keys[#keys + 1] = k end
      end
      for k in pairs(own) do keys[#keys + 1] = k end
      local i = 0
      return function()
        i = i + 1
        local k = keys[i]
        if k ~= nil then return k, self[k] end
      end, self, nil
    end,
    __tostring = function() return "scrim (plugin '" .. rec.name .. "')" end,
    __metatable = false,
  })
  protected[view] = "scrim"
  return view
end

-- One environment per plugin generation: its own _ENV whose __index is a sandboxed base made of fresh copies
-- of the libraries, so nothing a plugin writes reaches another plugin or the scripts.
function sandbox.environment(rec, gen)
  records[rec] = true
  rec.metatables = rec.metatables or setmetatable({}, { __mode = "k" })   -- those the plugin set (kept over reloads)
  local metatables = rec.metatables
  gen.views = {}        -- host table → the plugin's view or copy of it
  gen.labels = {}       -- hook → the group a plugin gave it
  local base, env = {}, {}
  for name, value in pairs(safe) do base[name] = value end
  for name, lib in pairs(libraries) do base[name] = copy(lib) end
  base.string.dump = nil
  -- Seeded as Lua seeds its own (time and an address), without drawing from the scripts' generator.
  base.math.random, base.math.randomseed = random.new(G.os.time() ~ tonumber(sformat("%p", gen)))
  setmetatable(base.string, { __index = function(_, k)
    if k == "dump" then
      if gen.granted.native then return real.dump end
      denied(rec, gen, "string.dump", "native")
    end
  end, __metatable = false })
  base.os = setmetatable({ time = G.os.time, clock = G.os.clock, date = G.os.date }, { __index = function(_, k)
    if gen.granted.os then return real.os[k] end
    denied(rec, gen, "os." .. tostring(k), "os")
  end, __metatable = false })
  base.package = setmetatable({ loaded = gen.loaded, config = G.package.config }, { __index = function(_, k)
    if gen.granted.native then return real.package[k] end
    denied(rec, gen, "package." .. tostring(k), "native")
  end, __metatable = false })
  -- A plugin sees a string metatable of its own, leading to its own string table.
  local stringMeta = { __index = base.string }
  metatables[stringMeta] = true

  -- Metatables: a plugin reads and replaces only those it set itself; the host's (the module's, classes',
  -- objects') are out of its reach, and so is anything it reached through its `scrim`.
  base.getmetatable = function(value)
    if type(value) == "string" then return stringMeta end
    local mt = rawMetatable(value)
    if mt == nil then return nil end
    if metatables[mt] then return getmetatable(value) end
    local field = rawget(mt, "__metatable")
    local kind = type(field)
    if kind == "string" or kind == "boolean" or kind == "number" then return field end
    return nil
  end
  base.setmetatable = function(t, mt)
    if type(t) ~= "table" then
      error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
    end
    if mt ~= nil and type(mt) ~= "table" then
      error("bad argument #2 to 'setmetatable' (nil or table expected)", 2)
    end
    if protected[t] then
      error(sformat("plugin '%s': cannot change the metatable of %s", rec.name, protected[t]), 2)
    end
    local current = rawMetatable(t)
    if current ~= nil then
      if not metatables[current] then
        error(sformat("plugin '%s': cannot change a metatable it did not set", rec.name), 2)
      end
      if rawget(current, "__metatable") ~= nil then error("cannot change a protected metatable", 2) end
    end
    if mt ~= nil then metatables[mt] = true end
    return setmetatable(t, mt)
  end
  base.rawset = function(t, k, v)
    if type(t) ~= "table" then
      error("bad argument #1 to 'rawset' (table expected, got " .. type(t) .. ")", 2)
    end
    if protected[t] then
      readOnlyError(rec, pathOf(protected[t], k))
    end
    local ok, err = pcall(rawset, t, k, v)
    if not ok then error(err, 2) end
    return t
  end
  -- `warn("@off")`/`("@on")` switch this plugin's warnings only; they print while the runtime's warnings are on.
  base.warn = function(...)
    local n = select("#", ...)
    if n == 0 then error("bad argument #1 to 'warn' (string expected, got no value)", 2) end
    for i = 1, n do
      local piece = select(i, ...)
      if type(piece) ~= "string" then
        error(sformat("bad argument #%d to 'warn' (string expected, got %s)", i, type(piece)), 2)
      end
    end
    local first = ...
    if n == 1 and ssub(first, 1, 1) == "@" then
      if first == "@off" then gen.warningsOff = true elseif first == "@on" then gen.warningsOff = false end
      return
    end
    if not gen.warningsOff then realWarn(...) end
  end
  base.collectgarbage = function(option, ...)
    if option == nil or option == "collect" or option == "count" then return collectgarbage(option, ...) end
    error(sformat("plugin '%s': collectgarbage(\"%s\") is not permitted (only \"collect\" and \"count\")",
      rec.name, tostring(option)), 2)
  end
  base.load = function(chunk, chunkname, mode, ...)
    local target = env
    if select("#", ...) > 0 then target = ... end
    if type(chunk) == "string" and ssub(chunk, 1, 1) == "\27" then return nil, binaryRefused(rec) end
    local f, err = realLoad(chunk, chunkname, "t", target)
    if not f and type(err) == "string" and sfind(err, "binary chunk", 1, true) then err = binaryRefused(rec) end
    return f, err
  end
  base.loadfile = function(path, mode, ...)
    if not gen.granted.io then denied(rec, gen, "loadfile", "io") end
    local text = readFile(path)
    if not text then return nil, "cannot open " .. tostring(path) end
    return base.load(text, "@" .. path, "t", select("#", ...) > 0 and ... or env)
  end
  base.dofile = function(path)
    if not gen.granted.io then denied(rec, gen, "dofile", "io") end
    local f, err = base.loadfile(path)
    if not f then error(err, 2) end
    return f()
  end
  -- require: "scrim", the standard libraries, then modules of the plugin's own folder (in its environment);
  -- anything else — C modules, modules from elsewhere — needs "native". Bundled plugins ("@name") have no folder;
  -- a name with a "/" is no module name (its dots become the folders), and would lead out of the folder.
  base.require = function(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
    end
    local loaded = gen.loaded
    if loaded[name] ~= nil then return loaded[name] end
    if name == "scrim" then return base.scrim end
    if libraries[name] or name == "os" or name == "package" then return base[name] end
    if name == "io" or name == "debug" then return env[name] end
    if ssub(rec.dir, 1, 1) ~= "@" and not sfind(name, "/", 1, true) then
      local file = rec.dir .. "/" .. sgsub(name, "%.", "/")
      for _, candidate in ipairs({ file .. ".lua", file .. "/init.lua" }) do
        local where, resolved = ownModuleFile(rec.dir, candidate)
        if where == "outside" and not gen.granted.native then
          -- Where it leads is not said: that would tell the plugin about files it may not read.
          error(sformat("plugin '%s': module '%s' (%s) leads outside the plugin's folder %s (modules from elsewhere and C modules need \"native\" in permissions)",
            rec.name, name, candidate, rec.dir), 2)
        end
        local text = where ~= "missing" and readFile(resolved)
        if text then
          local chunk, err = base.load(text, "@" .. candidate, "t", env)
          if not chunk then error(err, 0) end
          local result = chunk(name, candidate)
          if result == nil then result = true end
          loaded[name] = result
          return result
        end
      end
    end
    if gen.granted.native then return real.require(name) end
    error(sformat("plugin '%s': module '%s' not found in %s (modules from elsewhere and C modules need \"native\" in permissions)",
      rec.name, name, rec.dir), 2)
  end
  base.scrim = scrimView(rec, gen)
  gen.scrim = base.scrim
  setmetatable(base, { __index = function(_, k)
    if k == "io" then
      -- A copy, as for the other libraries: "io" grants files, not a hand on the scripts' io table.
      if gen.granted.io then
        if gen.io == nil then gen.io = copy(real.io) end
        return gen.io
      end
      denied(rec, gen, "io", "io")
    elseif k == "debug" then
      if gen.granted.native then return real.debug end
      denied(rec, gen, "debug", "native")
    end
  end, __metatable = false })
  env._G = env
  return setmetatable(env, { __index = base, __metatable = false })
end

return sandbox
