-- docs/API.md §9: loading plugins — dependency order, each failure mode isolated to its plugin, manifests,
-- export names, both binding styles for menus and transitions, controllers.
local root = debug.getinfo(1, "S").source:match("^@(.-)Tests/lua/[^/]+$") or ""
local fixtures = root .. "Tests/fixtures/plugins/"

local function record(name)
  for _, p in ipairs(scrim.plugins.list()) do
    if p.name == name then return p end
  end
end

local function logOf(event)
  local log = {}
  scrim.on(event, function(ev) log[#log + 1] = ev.text or ev.plugin end, { group = "spec" })
  return log
end

describe("scrim.plugins.load", function()
  after_each(function() scrim.off("spec") scrim.settle() end)

  it("loads each plugin after the plugins it requires", function()
    local order = logOf("order.loaded")
    local loaded = scrim.plugins.load(fixtures .. "order")
    assert.same({ "c", "b", "a" }, order)
    assert.same({ "c", "b", "a" }, loaded)
    assert.same({ name = "a", version = "1.0.0", state = "loaded", warnings = {} }, record("a"))
  end)

  it("fails only the broken plugins, each with an error naming the place or the cause", function()
    local failed, loadedEvents = {}, {}
    scrim.on("plugin.didFail", function(ev) failed[ev.plugin] = ev.error end, { group = "spec" })
    scrim.on("plugin.didLoad", function(ev) loadedEvents[#loadedEvents + 1] = ev.plugin end, { group = "spec" })
    local loaded = scrim.plugins.load(fixtures .. "failures")
    assert.same({ "healthy" }, loaded)
    assert.same({ "healthy" }, loadedEvents)
    assert.matches("failures/syntax_error/plugin.lua:4: unexpected symbol near '='", failed.syntax_error, 1, true)
    assert.matches("failures/setup_error/plugin.lua:4: setup went wrong", failed.setup_error, 1, true)
    assert.equal("plugin 'needs_ghost' requires 'ghost', which is not installed", failed.needs_ghost)
    assert.equal("plugin 'needs_needs_ghost' requires 'needs_ghost', which cannot load", failed.needs_needs_ghost)
    assert.equal("dependency cycle: cyc_a → cyc_b → cyc_a", failed.cyc_a)
    assert.equal("dependency cycle: cyc_b → cyc_a → cyc_b", failed.cyc_b)
    local broken = record("setup_error")
    assert.equal("failed", broken.state)
    assert.equal("1.0.0", broken.version)
    assert.equal(failed.setup_error, broken.error)
    -- the healthy one works
    local popup = scrim.menu("healthy_menu"):create()
    scrim.settle()
    popup:select("ok")
    assert.is_true(popup.delegate.picked)
  end)

  it("validates manifests: name, semver version, permissions, export types; unknown fields are warnings", function()
    local loaded = scrim.plugins.load(fixtures .. "manifests")
    assert.same({ "unknown_field" }, loaded)
    assert.matches("manifests/bad_version/plugin.lua: version '1.0' is not a semantic version", record("bad_version").error, 1, true)
    assert.matches("name 'another_name' does not match its folder 'wrong_name'", record("wrong_name").error, 1, true)
    assert.matches("plugin.lua must return a manifest table, got number", record("not_a_table").error, 1, true)
    assert.matches("plugin 'bad_permission': unknown permission 'net' (io, os, native, plugins)", record("bad_permission").error, 1, true)
    assert.matches("the manifest has no 'version'", record("no_version").error, 1, true)
    assert.matches("plugin 'bad_export': menu 'broken' must be a table or a function, got number", record("bad_export").error, 1, true)
    assert.same({ "plugin 'unknown_field': unknown manifest field 'colour' (ignored)" }, record("unknown_field").warnings)
  end)

  it("refuses a path without plugins", function()
    local ok, err = pcall(scrim.plugins.load, fixtures .. "does-not-exist")
    assert.is_false(ok)
    assert.matches("no plugin in '.*does%-not%-exist'", err)
  end)
end)

describe("export names", function()
  setup(function() scrim.plugins.load(fixtures .. "names") end)

  it("are 'export' when unique and 'plugin.export' otherwise; ambiguous and unknown names list the candidates", function()
    assert.same({ "y" }, scrim.menu("only_alpha").items)
    assert.same({ "z" }, scrim.menu("beta.shared").items)
    local ok, err = pcall(scrim.menu, "shared")
    assert.is_false(ok)
    assert.matches("menu 'shared' is ambiguous: alpha.shared, beta.shared", err, 1, true)
    ok, err = pcall(scrim.menu, "nothing")
    assert.is_false(ok)
    assert.matches("no menu 'nothing' (menus: alpha.only_alpha, alpha.shared, beta.shared", err, 1, true)
    ok, err = pcall(scrim.transition, "nothing")
    assert.is_false(ok)
    assert.matches("no transition 'nothing'", err, 1, true)
  end)

  it("scrim.plugins.get describes a plugin and its exports", function()
    local alpha = scrim.plugins.get("alpha")
    assert.equal("1.0.0", alpha.version)
    assert.equal("loaded", alpha.state)
    assert.same({ menus = { "only_alpha", "shared" }, transitions = {}, controllers = {} }, alpha.exports)
    assert.is_nil(scrim.plugins.get("zzz"))
  end)
end)

describe("both binding styles", function()
  local log
  setup(function() scrim.plugins.load(fixtures .. "styles") end)
  before_each(function() log = logOf("styles.log") end)
  after_each(function() scrim.off("spec") scrim.settle() end)

  it("menus: a protocol-style table is the popup's delegate (options are its own fields)", function()
    local popup = scrim.menu("proto_menu", { tag = "T" }):create()
    scrim.settle()
    popup:select("open")
    popup:create()
    scrim.settle()
    popup:select("close")
    assert.same({ "proto open T", "proto didSelectItem close 2" }, log)
    assert.equal("proto_menu", popup.name)
  end)

  it("menus: a closure-style function configures the popup", function()
    local popup = scrim.menu("closure_menu", { tag = "Q" }):create()
    scrim.settle()
    popup:select("two")
    assert.same({ "closure two 2 Q" }, log)
    assert.is_false(popup.isShowing)
  end)

  local function present(transition)
    local vc = scrim.ViewController{ name = "styled" }
    vc.modalPresentationStyle = "custom"
    vc.transitioningDelegate = transition
    scrim.present(vc)
    return vc
  end

  it("transitions: a protocol-style table is the DimmingTransitioning's delegate", function()
    local t = scrim.transition("proto_fade", { tag = "P" })
    present(t)
    assert.near(0.5, scrim.settle(), 1e-9)
    scrim.tap(195, 100)
    scrim.settle()
    assert.same({ "proto present P", "proto tapped", "proto dismiss" }, log)
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("transitions: a closure-style function sets the members on the DimmingTransitioning", function()
    local t = scrim.transition("closure_fade")
    local vc = present(t)
    assert.near(0.2, scrim.settle(), 1e-9)
    scrim.tap(195, 100)
    scrim.settle()
    assert.equal(vc, scrim.rootViewController.presentedViewController) -- allowTapDimmingViewToDismiss = false
    vc:dismiss()
    scrim.settle()
    assert.same({ "closure present", "closure tapped", "closure dismiss" }, log)
  end)
end)

describe("controllers", function()
  setup(function() scrim.plugins.load(fixtures .. "controllers") end)

  it("come from a scrim.class, an options table over a base class, or a factory", function()
    assert.equal("banner v1", scrim.controller("banner").view.name)
    local panel = scrim.controller("panel")
    assert.equal("panel", panel.name)
    assert.equal("panel view", panel.view.name)
    assert.equal("m", scrim.controller("made", { name = "m" }).name)
  end)
end)

describe("a plugin that loads plugins", function()
  it("leaves each record with its own plugin when the list changes under its reload", function()
    local folder = fixtures .. "nested/"
    assert.same({}, scrim.plugins.load(folder .. "f_bad"))
    assert.same({ "z_loader" }, scrim.plugins.load(folder .. "z_loader"))
    assert.same({ true }, { scrim.plugins.reload("z_loader") })
    local states = {}
    for _, p in ipairs(scrim.plugins.list()) do
      if p.name == "f_bad" or p.name == "z_loader" then states[#states + 1] = p.name .. " " .. p.state end
    end
    table.sort(states)
    assert.same({ "f_bad failed", "z_loader loaded" }, states)
    assert.equal(2, scrim.plugins.state("z_loader").loads)
  end)
end)

describe("plugin events", function()
  it("let their handlers reload the plugin whose load or reload just ended", function()
    local results, reloads = {}, 0
    local hook = scrim.on("plugin.didLoad", function(ev)
      if ev.plugin == "echo" then
        local result = { scrim.plugins.reload("echo") }
        results[#results + 1] = result
      end
    end)
    local again = scrim.on("plugin.didReload", function(ev)
      if ev.plugin ~= "echo" then return end
      reloads = reloads + 1
      if reloads == 1 then
        local result = { scrim.plugins.reload("echo") }
        results[#results + 1] = result
      end
    end)
    scrim.plugins.load(fixtures .. "events/echo")
    hook:remove()
    again:remove()
    assert.same({ { true }, { true } }, results)
    assert.equal(2, reloads)
  end)
end)

describe("a plugin's hooks", function()
  setup(function() scrim.plugins.load(fixtures .. "hooks") end)

  it("take scrim.on's options, checked as scrim.on checks them, at the plugin's line", function()
    assert.equal("failed", scrim.plugins.get("on_options").state)
    assert.matches("on_options/plugin.lua:5: bad argument #3 to 'on' (unknown option 'prio' (once, priority, group))",
      scrim.plugins.get("on_options").error, 1, true)
    assert.equal("failed", scrim.plugins.get("hook_options").state)
    assert.matches("plugin 'hook_options': hook 'popup.didShow': field 'priority': integer expected",
      scrim.plugins.get("hook_options").error, 1, true)
  end)

  it("may subscribe to any event (a typo in Scrim's own events is a warning)", function()
    assert.equal("loaded", scrim.plugins.get("on_typo").state)
  end)
end)
