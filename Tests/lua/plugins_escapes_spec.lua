-- A plugin without permissions reads the host's state but changes none of it: each plugin in
-- Tests/fixtures/plugins/escapes tries one way out from its setup, is refused with an error naming it, and the host
-- is checked to be as it was.
local root = debug.getinfo(1, "S").source:match("^@(.-)Tests/lua/[^/]+$") or ""
local escapes = root .. "Tests/fixtures/plugins/escapes"

local function record(name)
  for _, p in ipairs(scrim.plugins.list()) do
    if p.name == name then return p end
  end
end

local function read(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- Hosts set this field; luacheck's standard of the module takes its fields for read-only.
local function setOutputFolder(folder)
  scrim.plugins.outputFolder = folder -- luacheck: ignore 122
end

describe("plugin escapes", function()
  local before = {}
  local reports = {}
  local victim = os.tmpname()           -- a file of the host's, holding data
  local target = os.tmpname()           -- where a plugin wants the analytics plugin to write
  local output = os.tmpname()           -- the host's folder for plugins' pictures
  setup(function()
    write(victim, "the host's data")
    os.remove(target)
    os.remove(output)
    for _, name in ipairs({ "tap", "View", "on", "off", "snapshot" }) do before[name] = scrim[name] end
    before.load, before.list = scrim.plugins.load, scrim.plugins.list
    before.popupNew, before.controllerNew = scrim.PopupWindow.__new, scrim.ViewController.__new
    before.bottomFactory = scrim.BottomPresentViewController.__factory
    before.centerNew = scrim.CenterPresentViewController.__new
    for _, event in ipairs({ "probe.report", "snapshot_ok.report", "plugins_ok.report", "warn_off.done",
                            "instance_super.report" }) do
      scrim.on(event, function(ev) reports[event] = ev.fields end)
    end
    assert.same({ "analytics" }, scrim.plugins.load("@analytics"))
    before.stringIndex = getmetatable("").__index
    setOutputFolder(output)
    local options = { path = target }
    scrim.plugins.load(escapes, {
      snapshot_anywhere = { path = victim },
      plugins_load = options, plugins_reload = options, options_reload = options, options_load = options,
      options_new = options,
    })
  end)
  teardown(function()
    os.remove(victim)
    os.execute("rm -rf '" .. output .. "'")
  end)

  local refusals = {
    scrim_assign = "plugin 'scrim_assign': scrim.tap is read-only (a plugin cannot change the host's scrim module)",
    scrim_rawset = "plugin 'scrim_rawset': scrim.View is read-only",
    scrim_metatable = "plugin 'scrim_metatable': cannot change the metatable of scrim",
    scrim_index = "attempt to index a boolean value",
    frame_rate = "plugin 'frame_rate': scrim.frameRate is read-only",
    class_assign = "plugin 'class_assign': scrim.ViewController.evil is read-only",
    class_rawset = "plugin 'class_rawset': scrim.PopupWindow.__new is read-only",
    class_super = "done overwriting its own copies",
    plugins_assign = "plugin 'plugins_assign': scrim.plugins.load is read-only",
    plugins_rawset = "plugin 'plugins_rawset': scrim.plugins.list is read-only",
    screen_write = "plugin 'screen_write': scrim.screen.width is read-only",
    screen_rawset = "plugin 'screen_rawset': scrim.screen.height is read-only",
    string_dump = "plugin 'string_dump': string.dump is not reachable through a string value",
    string_metatable = [[plugin 'string_metatable': string.dump is not permitted (add "native" to permissions)]],
    string_methods = "changed its own string metatable only",
    os_metatable = "plugin 'os_metatable': cannot change a metatable it did not set",
    snapshot_anywhere = "plugin 'snapshot_anywhere': scrim.snapshot(",
    snapshot_outside = "plugin 'snapshot_outside': scrim.snapshot(\"../escaped.png\"): '..' leaves scrim.plugins.outputFolder",
    plugins_load = [[plugin 'plugins_load': scrim.plugins.load is not permitted (add "plugins" to permissions)]],
    plugins_reload = [[plugin 'plugins_reload': scrim.plugins.reload is not permitted (add "plugins" to permissions)]],
    options_reload = [[plugin 'options_reload': options for plugin 'analytics' are refused (it is granted "io", which 'options_reload' is not)]],
    options_load = [[plugin 'options_load': options for plugin 'analytics' are refused (it is granted "io", which 'options_load' is not)]],
    require_outside = [[plugin 'require_outside': module '../probe/plugin' not found in ]],
    options_new = [[plugin 'options_new': options for plugin 'granted' are refused (it is granted "io", which 'options_new' is not)]],
    load_self = [[plugin 'load_self' is being loaded or reloaded: a plugin cannot load or reload itself]],
    reload_self = [[plugin 'reload_self' is being loaded or reloaded: a plugin cannot load or reload itself]],
    off_prefix = [[plugin 'off_prefix': scrim.off("plugin:off_prefix#2#1") is not permitted]],
    off_other = [[plugin 'off_other': scrim.off("plugin:analytics#1") is not permitted (a plugin removes only its own hooks]],
  }
  for name, message in pairs(refusals) do
    it("refuses " .. name .. " at the plugin's line", function()
      local p = record(name)
      assert.equal("failed", p.state)
      assert.matches(message, p.error, 1, true)
      assert.matches("^[^\n]*" .. name .. "/plugin.lua:%d+: ", p.error)
    end)
  end

  it("leaves the host's module, classes, screen and string methods as they were", function()
    for _, name in ipairs({ "tap", "View", "on", "off", "snapshot" }) do assert.equal(before[name], scrim[name]) end
    assert.equal(before.load, scrim.plugins.load)
    assert.equal(before.list, scrim.plugins.list)
    assert.equal(before.popupNew, scrim.PopupWindow.__new)
    assert.equal(before.controllerNew, scrim.ViewController.__new)
    assert.equal(before.bottomFactory, scrim.BottomPresentViewController.__factory)
    assert.is_nil(rawget(scrim.ViewController, "evil"))
    assert.equal(60, scrim.frameRate)
    assert.same({ width = 390, height = 844, scale = 3 }, scrim.screen)
    assert.equal("host", scrim.View{ name = "host" }.name)
    assert.equal("sheet", scrim.BottomPresentViewController{ name = "sheet" }.name)
    local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
    assert.equal("derived", Sheet{ name = "derived" }.name)
    assert.is_true(scrim.PopupWindow{ items = { "a" } }.items[1] == "a")
    assert.equal(before.stringIndex, getmetatable("").__index)
    assert.equal("X", ("x"):upper())
    assert.equal("x", ("X"):lower())
    assert.equal("function", type(string.dump))
  end)

  it("keeps string methods working for scripts, string.dump included, but not through a string value", function()
    function string.shout(text) return text:upper() .. "!" end -- luacheck: ignore 142
    assert.equal("HEY!", ("hey"):shout())
    string.shout = nil -- luacheck: ignore 142
    assert.is_nil(("hey").shout)
    assert.equal("string", type(string.dump(function() end)))
    local ok, err = pcall(function() return ("").dump(function() end) end)
    assert.is_false(ok)
    assert.matches("string.dump is not reachable through a string value (call string.dump", err, 1, true)
  end)

  it("writes no file: the host's file keeps its data, the refused options wrote nothing", function()
    assert.equal("the host's data", read(victim))
    assert.is_nil(read(target))
    assert.is_nil(read(output .. "/../escaped.png"))
  end)

  it("keeps one record a plugin, also for those that tried to load themselves", function()
    local seen = {}
    for _, p in ipairs(scrim.plugins.list()) do
      assert.is_nil(seen[p.name], p.name)
      seen[p.name] = true
    end
  end)

  it("refuses options before the plugin they are for is touched, or before it loads", function()
    local analytics = record("analytics")
    assert.equal("loaded", analytics.state)
    assert.is_nil(analytics.error)
    assert.equal("failed", record("granted").state)
    assert.is_nil(read(target))
  end)

  it("keeps other plugins' hooks and options: analytics still records, in memory only", function()
    local events = scrim.plugins.state("analytics").events
    local count = #events
    local popup = scrim.PopupWindow{ name = "after", items = { "share" } }
    popup:on("share", function() end)
    popup:create()
    scrim.settle()
    popup:select("share")
    scrim.settle()
    assert.equal(count + 1, #events)
    assert.is_nil(read(target))
  end)

  it("gives a plugin handed the host's controller no way to the host's classes", function()
    local Card = scrim.class("Card", scrim.CenterPresentViewController)
    function Card:viewDidLoad()
      self.card = scrim.View{ name = "card", frame = { 45, 322, 300, 200 } }
      self.view:addSubview(self.card)
    end
    function Card:animatedContentView() return self.card end
    local HostCard = scrim.class("HostCard", Card)
    local vc = HostCard{ name = "card" }
    scrim.present(vc)
    scrim.settle()
    assert.same({ aboveIsClass = false, aboveNew = "function", written = false, err = "self.super is read-only",
                  options = "nil", superOptions = "nil", method = "function" }, reports["instance_super.report"])
    assert.equal(before.controllerNew, scrim.ViewController.__new)
    assert.equal(before.centerNew, scrim.CenterPresentViewController.__new)
    vc:dismiss(false)
    scrim.settle()
  end)

  it("gives a plugin nothing usable from getmetatable, its own hook group, its own string table", function()
    assert.same({
      scrimMetatable = "false", windowMetatable = "View", classMetatable = "false", stringIndexIsOwnString = true,
      foreignGroup = "plugin:probe#1", removedMine = 1, labelledActive = false, foreignActive = true,
      screenWidth = 390, rawNext = "nil", listsTap = true, readsOutputFolder = "string", ownState = true,
      otherState = false,
    }, reports["probe.report"])
  end)

  it("lets a plugin without io write snapshots below the host's output folder only", function()
    assert.equal("loaded", record("snapshot_ok").state)
    local report = reports["snapshot_ok.report"]
    assert.equal(output .. "/shots/probe.png", report.named)
    assert.equal(output .. "/snapshot_ok-snapshot-1.png", report.unnamed)
    assert.equal("\137PNG", read(report.named):sub(1, 4))
    assert.equal("\137PNG", read(report.unnamed):sub(1, 4))
  end)

  it("refuses snapshots altogether while the host names no output folder", function()
    setOutputFolder(nil)
    local ok, err = scrim.plugins.reload("snapshot_ok")
    assert.is_false(ok)
    assert.matches([[plugin 'snapshot_ok': scrim.snapshot is not permitted (add "io" to permissions, or the host names a folder]], err, 1, true)
    setOutputFolder(output)
  end)

  it("lets a plugin granted plugins load one granted nothing, with options", function()
    assert.equal("loaded", record("plugins_ok").state)
    assert.same({ loaded = { "popup_menu" } }, reports["plugins_ok.report"])
  end)

  it("switches only the plugin's own warnings off", function()
    assert.equal("loaded", record("warn_off").state)
    assert.same({}, reports["warn_off.done"])
  end)
end)
