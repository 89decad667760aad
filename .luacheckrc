-- luacheck's settings for Scrim's Lua (run by `make test` over scripts/, examples/, Tests/lua/, types/ and
-- Sources/*/Lua/, the bundled plugins included). The `scrim` module's names are read from types/scrim.lua, so a misspelt `scrim.advnce` is
-- reported here as it is in an editor.
std = "lua54"
-- Specs' tables of cases (expected messages) and protocol signatures run long.
max_line_length = 170
-- A delegate method, an animator or a handler takes its protocol's whole signature, used or not.
unused_args = false
-- `not (a <= b)` is how NaN-aware comparisons are written (it is not `a > b` when either side is NaN).
ignore = { "581" }

-- The module's fields as types/scrim.lua declares them: `function scrim.x`, `scrim.x =`, `function scrim.a.b`, and the
-- `---@field`s of the `scrim` class. Classes and constructors may have fields of their own (`scrim.View.x` is not
-- checked); `scrim.frameRate` may be set.
local function scrimModule()
  -- Run from elsewhere than the repository's root (an editor's luacheck), the module is taken as it comes.
  local file = io.open("types/scrim.lua")
  if not file then return { other_fields = true } end
  local fields, inModuleClass = {}, false
  local function field(path)
    local node = fields
    for name in path:gmatch("[%w_]+") do
      node[name] = node[name] or { other_fields = true, fields = {} }
      node = node[name].fields
    end
  end
  for line in file:lines() do
    local path = line:match("^function scrim%.([%w_%.]+)[%(:]") or line:match("^scrim%.([%w_%.]+)%s*=")
    if path then field(path) end
    if line:match("^%-%-%-@class scrim%s*$") then
      inModuleClass = true
    elseif inModuleClass then
      local name = line:match("^%-%-%-@field%s+([%w_]+)")
      if name then field(name) else inModuleClass = false end
    end
  end
  file:close()
  fields.plugins.other_fields = false
  fields.frameRate.read_only = false
  return { fields = fields }
end

read_globals = { scrim = scrimModule() }

-- The spec globals of `scrim test`: busted's, and luassert's assert with Scrim's additions.
local specs = {
  std = "+busted",
  read_globals = { assert = { other_fields = true }, spy = { other_fields = true }, match = { other_fields = true },
                   "mock", "stub", "finally", "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown" },
}
files["Tests/lua"] = specs
files["**/*_spec.lua"] = specs

-- The embedding example's host adds `scrim.Toast` to the module (examples/embedding); its script leaves globals the
-- host reads back.
local hosted = { other_fields = true, fields = read_globals.scrim.fields }
files["examples/embedding/lua"] = { read_globals = { scrim = hosted }, globals = { "tapped", "keep" } }
local hostedSpecs = { scrim = hosted }
for key, value in pairs(specs.read_globals) do hostedSpecs[key] = value end
files["examples/embedding/spec"] = { std = specs.std, read_globals = hostedSpecs }

-- The spec library makes os.exit an error inside specs.
files["Sources/ScrimTest/Lua/spec.lua"] = { globals = { os = { fields = { exit = { read_only = false } } } } }

-- Declarations for editors: every function is a stub, the test globals are defined here, and a class's methods hang
-- off a local table that nothing reads.
files["types"] = { allow_defined_top = true, max_line_length = false, ignore = { "131", "241" } }
