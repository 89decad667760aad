-- The plugin sandbox (docs/API.md §9): text chunks only, no io / os (but time, clock, date) / debug / package.loadlib / C modules
-- unless `permissions` grants them; every escape is refused naming the permission; one environment per plugin.
local root = debug.getinfo(1, "S").source:match("^@(.-)Tests/lua/[^/]+$") or ""
local fixtures = root .. "Tests/fixtures/plugins/"

local function record(name)
  for _, p in ipairs(scrim.plugins.list()) do
    if p.name == name then return p end
  end
end

describe("the plugin sandbox", function()
  local reports, path = {}, os.tmpname()
  setup(function()
    for _, event in ipairs({ "granted.report", "helpers.report", "native_c.report" }) do
      scrim.on(event, function(ev) reports[event] = ev.fields end)
    end
    scrim.plugins.load(fixtures .. "sandbox", { granted = { path = path } })
  end)
  teardown(function() os.remove(path) end)

  local refusals = {
    esc_io = [[esc_io/plugin.lua:4: plugin 'esc_io': io is not permitted (add "io" to permissions)]],
    esc_os_execute = [[esc_os_execute/plugin.lua:4: plugin 'esc_os_execute': os.execute is not permitted (add "os" to permissions)]],
    esc_loadlib = [[esc_loadlib/plugin.lua:4: plugin 'esc_loadlib': package.loadlib is not permitted (add "native" to permissions)]],
    esc_debug = [[esc_debug/plugin.lua:4: plugin 'esc_debug': debug is not permitted (add "native" to permissions)]],
    esc_string_dump = [[esc_string_dump/plugin.lua:4: plugin 'esc_string_dump': string.dump is not permitted (add "native" to permissions)]],
    esc_loadfile = [[esc_loadfile/plugin.lua:4: plugin 'esc_loadfile': loadfile is not permitted (add "io" to permissions)]],
    esc_require_c = [[esc_require_c/plugin.lua:4: plugin 'esc_require_c': module 'lfs' not found in ]],
    esc_binary = [[esc_binary/plugin.lua:4: plugin 'esc_binary': binary chunks are not permitted (plugins load Lua source text only)]],
    esc_chunk_io = [[esc_chunk_io/plugin.lua:1: plugin 'esc_chunk_io': io is not permitted while plugin.lua runs (add "io" to permissions and use it from setup on)]],
  }
  for name, message in pairs(refusals) do
    it("refuses " .. name .. ", naming the permission", function()
      local p = record(name)
      assert.equal("failed", p.state)
      assert.matches(message, p.error, 1, true)
    end)
  end

  it("names 'native' for C modules", function()
    assert.matches([[(modules from elsewhere and C modules need "native" in permissions)]], record("esc_require_c").error, 1, true)
  end)

  it("grants io and os through permissions; os.time, os.clock and os.date are always there", function()
    assert.equal("loaded", record("granted").state)
    local f = assert(io.open(path))
    assert.equal("written by a plugin granted io", f:read("a"))
    f:close()
    assert.same({ home = true, time = true }, reports["granted.report"])
    assert.not_equal("the plugin's getenv", os.getenv("HOME"))
    assert.is_truthy(io.open(path)):close()
  end)

  it("lets a plugin granted native require a C module", function()
    assert.equal("loaded", record("native_c").state)
    assert.same({ mode = "directory", dir = "string" }, reports["native_c.report"])
  end)

  it("finds a plugin's own modules with require, in the plugin's environment", function()
    assert.equal("loaded", record("helpers").state)
    assert.same({ double = 42, sameScrim = true, utilGlobal = "in the plugin's environment" }, reports["helpers.report"])
    assert.is_nil(rawget(_G, "UTIL_LOADED"))
  end)
end)

describe("plugin environments", function()
  it("keep each plugin's globals (and its library tables) to itself, away from other plugins and scripts", function()
    local seen = {}
    local h = scrim.on("iso.report", function(ev) seen[ev.plugin] = ev.fields end)
    assert.same({ "iso_a", "iso_b" }, scrim.plugins.load(fixtures .. "isolation"))
    h:remove()
    assert.same({ plugin = "iso_a", sees = "set by iso_a", upper = "nil" }, seen.iso_a)
    assert.same({ plugin = "iso_b", sees = "nil", viaG = "nil", viaLoad = "nil", upper = "B" }, seen.iso_b)
    assert.is_nil(rawget(_G, "shared"))
    assert.is_nil(rawget(_G, "alsoShared"))
    assert.equal("X", string.upper("x"))
    assert.equal("x", ("X"):lower())
  end)
end)

describe("a plugin's math.random", function()
  it("is a generator of its own: seeding and drawing in a plugin leaves the scripts' sequence as it was", function()
    local report
    local hook = scrim.on("random_seed.report", function(ev) report = ev.fields end)
    math.randomseed(7)
    local expected = { math.random(), math.random(1, 1000) }
    math.randomseed(7)
    local first = math.random()
    assert.same({ "random_seed" }, scrim.plugins.load(fixtures .. "random"))
    hook:remove()
    assert.same(expected, { first, math.random(1, 1000) })
    math.randomseed(42)
    assert.same({ first = math.random(1, 100), big = tostring(math.random(0)), float = math.random() }, report)
  end)
end)
