-- docs/API.md §9, hot reload: scrim.plugins.reload re-runs a plugin in place — its hooks replaced, ctx.state kept,
-- live objects built from its exports calling the new code — and a failing reload keeps the previous version.
local folder = os.tmpname()
os.remove(folder)
assert(os.execute("mkdir -p '" .. folder .. "'"))

-- Plugins whose names start with "deps/" go to a folder of their own (loaded as a folder of plugins).
local function write(name, source)
  os.execute("mkdir -p '" .. folder .. "/" .. name .. "'")
  local f = assert(io.open(folder .. "/" .. name .. "/plugin.lua", "w"))
  f:write(source)
  f:close()
end

-- Version `v` of a plugin called `name`: a protocol-style menu `m`, a closure-style menu `c`, a protocol-style
-- transition `t`, a hook on `<name>.ping`; every call emits `<name>.log` with its text.
local function version(path, v, extra)
  local name = path:match("[^/]+$")
  write(path, ([[
local function log(text) scrim.emit("NAME.log", { text = text }, false) end
return {
  name = "NAME", version = "1.0.0",
  menus = { m = { items = { "go" }, go = function(self, popup) log("VERSION go") end } },
  transitions = { t = {
    presentationAnimationDuration = 0,
    executePresentationAnimation = function(self) log("VERSION present") end,
    executeDismissalAnimation = function(self) log("VERSION dismiss") end,
    dimmingViewTapped = function(self) log("VERSION tapped") end,
  } },
  setup = function(ctx)
    ctx.state.setups = (ctx.state.setups or 0) + 1
    ctx.on("NAME.ping", function() log("VERSION ping, setup #" .. ctx.state.setups) end)
    ctx.provide("menu", "c", function(popup)
      popup:setItems({ "go" }, function() log("VERSION closure") end)
    end)
    EXTRA
  end,
}
]]):gsub("NAME", name):gsub("VERSION", v):gsub("EXTRA", extra or ""))
end

local function collect(name)
  local log = {}
  scrim.on(name .. ".log", function(ev) log[#log + 1] = ev.text end, { group = "spec" })
  return log
end

describe("scrim.plugins.reload", function()
  after_each(function() scrim.off("spec") scrim.settle() end)
  teardown(function() os.execute("rm -rf '" .. folder .. "'") end)

  it("replaces the plugin's hooks and keeps ctx.state", function()
    version("keeper", "v1")
    assert.same({ "keeper" }, scrim.plugins.load(folder .. "/keeper"))
    local log = collect("keeper")
    scrim.emit("keeper.ping")
    version("keeper", "v2")
    local reloaded = {}
    scrim.on("plugin.didReload", function(ev) reloaded[#reloaded + 1] = ev.plugin end, { group = "spec" })
    assert.same({ true }, { scrim.plugins.reload("keeper") })
    scrim.emit("keeper.ping")
    assert.same({ "v1 ping, setup #1", "v2 ping, setup #2" }, log)
    assert.same({ "keeper" }, reloaded)
  end)

  it("swaps the code under live popups and transitions built from the plugin's exports", function()
    version("swapper", "v1")
    scrim.plugins.load(folder .. "/swapper")
    local log = collect("swapper")
    local proto = scrim.menu("swapper.m"):create()
    local closure = scrim.menu("swapper.c"):create()
    local t = scrim.transition("swapper.t")
    local vc = scrim.ViewController{ name = "swapped" }
    vc.modalPresentationStyle = "custom"
    vc.transitioningDelegate = t
    scrim.present(vc)
    scrim.settle()
    version("swapper", "v2")
    assert.is_true(scrim.plugins.reload("swapper"))
    proto:select("go")
    closure:select("go")
    scrim.tap(195, 100)
    scrim.settle()
    assert.same({ "v1 present", "v2 go", "v2 closure", "v2 tapped", "v2 dismiss" }, log)
  end)

  it("keeps the previous version running when the reload fails, and says why", function()
    version("sturdy", "v1")
    scrim.plugins.load(folder .. "/sturdy")
    local log = collect("sturdy")
    local popup = scrim.menu("sturdy.m"):create()
    local failures = {}
    scrim.on("plugin.didFail", function(ev) failures[#failures + 1] = ev.plugin .. ": " .. ev.error end, { group = "spec" })
    write("sturdy", "return {\n  name = 'sturdy', version = '1.0.0',\n  setup = function( end,\n}\n")
    local ok, err = scrim.plugins.reload("sturdy")
    assert.is_false(ok)
    assert.matches("sturdy/plugin.lua:3: ", err, 1, true)
    version("sturdy", "v3", "error('setup broke')")
    ok, err = scrim.plugins.reload("sturdy")
    assert.is_false(ok)
    assert.matches("sturdy/plugin.lua:17: setup broke", err, 1, true)
    assert.equal(2, #failures)
    scrim.emit("sturdy.ping")
    popup:select("go")
    -- v1's hook and menu still run; ctx.state is shared, so it shows the failed v3 setup's own count (#2)
    assert.same({ "v1 ping, setup #2", "v1 go" }, log)
    local p = scrim.plugins.get("sturdy")
    assert.equal("loaded", p.state)
    assert.equal(err, p.error)
  end)

  it("reloads the plugins that require it, after it", function()
    version("deps/base", "v1")
    write("deps/dependent", [[
return { name = "dependent", version = "1.0.0", requires = { "base" },
  setup = function(ctx) scrim.emit("base.log", { text = "dependent setup" }, false) end }
]])
    local log = collect("base")
    assert.same({ "base", "dependent" }, scrim.plugins.load(folder .. "/deps"))
    version("deps/base", "v2", "scrim.emit('base.log', { text = 'base setup' }, false)")
    assert.is_true(scrim.plugins.reload("base"))
    assert.same({ "dependent setup", "base setup", "dependent setup" }, log)
  end)

  it("raises for a plugin it does not know", function()
    local ok, err = pcall(scrim.plugins.reload, "nobody")
    assert.is_false(ok)
    assert.matches("no plugin 'nobody'", err, 1, true)
  end)
end)
