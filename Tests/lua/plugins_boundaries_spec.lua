-- docs/API.md §9: a plugin's module search stays inside its own folder however the path is spelled (symbolic links,
-- hard links), with the "needs native" refusal; a plugin's `scrim.on` and `ctx.on` take what the host's `scrim.on`
-- takes (a callable table too).
local function shell(command) assert(os.execute(command), command) end

local function makePlugin(folder, name, source)
  shell("mkdir -p '" .. folder .. "/" .. name .. "'")
  local f = assert(io.open(folder .. "/" .. name .. "/plugin.lua", "w"))
  f:write(source)
  f:close()
end

local function record(name)
  for _, p in ipairs(scrim.plugins.list()) do
    if p.name == name then return p end
  end
end

describe("a plugin's module search", function()
  local folder = os.tmpname()
  local outside = folder .. "-outside"
  setup(function()
    os.remove(folder)
    shell("mkdir -p '" .. outside .. "/lib'")
    local f = assert(io.open(outside .. "/lib/secret.lua", "w"))
    f:write("return 'a host file'")
    f:close()
    makePlugin(folder, "linked_folder", [[
      return { name = "linked_folder", version = "1.0.0", setup = function() LEAKED = require("lib.secret") end }
    ]])
    shell("ln -s '" .. outside .. "/lib' '" .. folder .. "/linked_folder/lib'")
    makePlugin(folder, "linked_file", [[
      return { name = "linked_file", version = "1.0.0", setup = function() LEAKED = require("secret") end }
    ]])
    shell("ln -s '" .. outside .. "/lib/secret.lua' '" .. folder .. "/linked_file/secret.lua'")
    makePlugin(folder, "hard_linked", [[
      return { name = "hard_linked", version = "1.0.0", setup = function() LEAKED = require("secret") end }
    ]])
    shell("ln '" .. outside .. "/lib/secret.lua' '" .. folder .. "/hard_linked/secret.lua'")
    makePlugin(folder, "inner_link", [[
      return { name = "inner_link", version = "1.0.0", setup = function() INNER = require("alias.helper") end }
    ]])
    shell("mkdir -p '" .. folder .. "/inner_link/real' && echo \"return 'mine'\" > '" .. folder .. "/inner_link/real/helper.lua'"
      .. " && ln -s real '" .. folder .. "/inner_link/alias'")
    scrim.plugins.load(folder)
  end)
  teardown(function() shell("rm -rf '" .. folder .. "' '" .. outside .. "'") end)

  for _, name in ipairs({ "linked_folder", "linked_file", "hard_linked" }) do
    it("refuses a module that leads outside the folder: " .. name, function()
      local p = record(name)
      assert.equal("failed", p.state)
      assert.matches("plugin '" .. name .. "': module '[%w.]+' %(.-%) leads outside the plugin's folder", p.error)
      assert.matches([[(modules from elsewhere and C modules need "native" in permissions)]], p.error, 1, true)
      assert.matches(name .. "/plugin.lua:1:", p.error, 1, true)
      assert.is_nil(p.error:find(outside, 1, true))
      assert.is_nil(rawget(_G, "LEAKED"))
    end)
  end

  it("follows a link that stays inside the folder", function()
    assert.equal("loaded", record("inner_link").state)
  end)
end)

describe("a plugin's scrim.on and ctx.on", function()
  local folder = os.tmpname()
  setup(function()
    os.remove(folder)
    makePlugin(folder, "callables", [[
      local heard = {}
      local function callable(tag)
        return setmetatable({}, { __call = function(_, event) heard[#heard + 1] = tag .. ":" .. event.name end })
      end
      scrim.on("boundaries.ping", callable("module"))
      return {
        name = "callables", version = "1.0.0",
        hooks = { ["boundaries.ping"] = callable("hooks") },
        setup = function(ctx)
          ctx.on("boundaries.ping", callable("ctx"))
          scrim.on("boundaries.report", function() scrim.emit("boundaries.heard", { list = table.concat(heard, ",") }) end)
          local ok, err = pcall(ctx.on, "boundaries.ping", {})
          scrim.emit("boundaries.refused", { ok = ok, err = err })
        end,
      }
    ]])
  end)
  teardown(function() shell("rm -rf '" .. folder .. "'") end)

  it("take a callable table, as the host's scrim.on does, and refuse a plain table", function()
    local heard, refused
    scrim.on("boundaries.heard", function(ev) heard = ev.fields.list end)
    scrim.on("boundaries.refused", function(ev) refused = ev.fields end)
    scrim.plugins.load(folder)
    assert.equal("loaded", record("callables").state, record("callables").error)
    scrim.emit("boundaries.ping")
    scrim.emit("boundaries.report")
    local list = {}
    for tag in heard:gmatch("[^,]+") do list[#list + 1] = tag end
    table.sort(list)
    assert.same({ "ctx:boundaries.ping", "hooks:boundaries.ping", "module:boundaries.ping" }, list)
    assert.is_false(refused.ok)
    assert.matches("bad argument #2 to 'on' (function expected, got table)", refused.err, 1, true)
  end)
end)
