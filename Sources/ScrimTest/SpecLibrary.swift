/// busted's describe/it vocabulary and the step-by-step plan the Swift runner drives;
/// Lua source kept in the binary so `scrim` needs no files beside it.
enum SpecLibrary {
    static let chunkName = "=[scrim busted]"
    static let source = #"""
-- busted's vocabulary for `scrim test`: describe/it/pending and the hooks, collected into a tree
-- while the spec file loads, then run one step at a time by the Swift runner (each step is its own
-- entry into Lua, so each test gets the whole time budget and a runaway test stops alone).
local lib = ...
local Failure = lib.Failure
local debug_getinfo = debug.getinfo
local type, tostring, error, xpcall, setmetatable, getmetatable = type, tostring, error, xpcall, setmetatable, getmetatable
local concat, insert = table.concat, table.insert

local runner = {}

local function new_block(name, parent, source, line)
  return {
    kind = "describe", name = name, parent = parent, children = {}, source = source, line = line,
    setup = {}, teardown = {}, before_each = {}, after_each = {},
    names = parent and parent.names and { table.unpack(parent.names) } or {},
  }
end

local root = new_block(nil, nil, nil, 0)
local current = root
local running = nil -- the test whose body runs now, for pending() and finally()

-- The spec's file and line of the call to a DSL function.
local function caller()
  local source, line = lib.user_frame(2)
  return source or "?", line or 0
end

local Pending = {}
Pending.__tostring = function(p) return "pending: " .. tostring(p.message) end

local function error_message(err)
  if type(err) == "string" then return err end
  if type(err) == "number" then return tostring(err) end
  local mt = getmetatable(err)
  if mt and mt.__tostring then return tostring(err) end
  return "(error object is a " .. type(err) .. " value)"
end

-- The xpcall handler: what went wrong, where in the spec, and the trimmed traceback.
local function capture(err)
  local mt = getmetatable(err)
  if mt == Pending then return { status = "pending", message = err.message } end
  local result
  if mt == Failure then
    result = { status = "failed", message = err.message, where = err.where, expected = err.expected, actual = err.actual }
  else
    result = { status = "error", message = error_message(err), where = lib.user_location(2) }
  end
  result.traceback = lib.user_traceback(2)
  return result
end

-- Runs fn protected; nil when it returned, else the captured result. Memory errors skip the
-- handler, so a plain message is wrapped here.
local function protect(fn, ...)
  local ok, result = xpcall(fn, capture, ...)
  if ok then return nil end
  if type(result) ~= "table" then return { status = "error", message = error_message(result) } end
  return result
end

local function check_name(fn_name, name, level)
  if type(name) ~= "string" then
    error("bad argument #1 to '" .. fn_name .. "' (string expected, got " .. type(name) .. ")", level + 1)
  end
end

local describe
function describe(name, fn)
  check_name("describe", name, 2)
  if fn == nil then return function(body) return describe(name, body) end end
  if running then error("describe inside a running test", 2) end
  if type(fn) ~= "function" then error("bad argument #2 to 'describe' (function expected, got " .. type(fn) .. ")", 2) end
  local source, line = caller()
  local block = new_block(name, current, source, line)
  block.names[#block.names + 1] = name
  insert(current.children, block)
  local outer = current
  current = block
  local failure = protect(fn)
  current = outer
  if failure then
    failure.kind = "error"
    failure.status = "error"
    failure.names = block.names
    failure.source, failure.line = source, line
    insert(block.children, failure)
  end
end

local function add_test(name, fn, pending_message)
  local source, line = caller()
  local names = { table.unpack(current.names) }
  names[#names + 1] = name
  insert(current.children, {
    kind = "test", name = name, fn = fn, parent = current, names = names, source = source, line = line,
    pending = pending_message,
  })
end

local it
function it(name, fn)
  check_name("it", name, 2)
  if running then error("it inside a running test", 2) end
  -- busted's curried form, it "name" (function() … end); alone it declares nothing.
  if fn == nil then return function(body) return it(name, body) end end
  if type(fn) ~= "function" then error("bad argument #2 to 'it' (function expected, got " .. type(fn) .. ")", 2) end
  add_test(name, fn)
end

-- Outside a test: registers a pending test. Inside one: stops it as pending.
local function pending(name)
  if running then error(setmetatable({ message = name }, Pending)) end
  add_test(name or "pending", nil, name or "pending")
end

local function hook(list_name)
  return function(fn)
    if type(fn) ~= "function" then
      error("bad argument #1 to '" .. list_name .. "' (function expected, got " .. type(fn) .. ")", 2)
    end
    if running then error(list_name .. " inside a running test", 2) end
    insert(current[list_name], fn)
  end
end

local function finally(fn)
  if not running then error("finally outside a test", 2) end
  insert(running.finally, fn)
end

_G.describe, _G.context, _G.insulate, _G.expose = describe, describe, describe, describe
_G.it, _G.spec, _G.test = it, it, it
_G.pending = pending
_G.before_each, _G.after_each = hook("before_each"), hook("after_each")
_G.setup, _G.teardown = hook("setup"), hook("teardown")
_G.lazy_setup, _G.lazy_teardown = _G.setup, _G.teardown
_G.strict_setup, _G.strict_teardown = _G.setup, _G.teardown
_G.finally = finally
_G.assert, _G.spy, _G.stub, _G.mock, _G.match = lib.assert, lib.spy, lib.stub, lib.mock, lib.match

-- Planning ----------------------------------------------------------------------------------------

-- busted's tags: "#word" anywhere in the full name.
local function has_tag(full, tags)
  for _, tag in ipairs(tags) do
    local escaped = tag:gsub("%W", "%%%0")
    if full:find("#" .. escaped .. "%f[^%w_%-]") then return true end
  end
  return false
end

local function selected(item, filter, tags)
  if item.kind == "error" then return true end
  local full = concat(item.names, " ")
  if filter and not full:find(filter) then return false end
  if tags and not has_tag(full, tags) then return false end
  return true
end

-- splitmix64: the same order for the same seed on every machine (math.random's state is the spec's).
local function generator(seed)
  local state = seed
  return function(n)
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    z = z ~ (z >> 31)
    return (z >> 1) % n + 1
  end
end

local steps = {}

-- Depth first: a block's setup before its first chosen test, teardown after its last; blocks with
-- nothing chosen are skipped entirely (busted's lazy setup).
local function plan_block(block, filter, tags, random)
  local chosen = {}
  for _, child in ipairs(block.children) do
    if child.kind == "describe" then
      local before = #steps
      plan_block(child, filter, tags, random)
      if #steps > before then chosen[#chosen + 1] = { block = child, steps = { table.unpack(steps, before + 1) } } end
      for i = #steps, before + 1, -1 do steps[i] = nil end
    elseif selected(child, filter, tags) then
      chosen[#chosen + 1] = { item = child }
    end
  end
  if #chosen == 0 then return end
  if random then
    for i = #chosen, 2, -1 do
      local j = random(i)
      chosen[i], chosen[j] = chosen[j], chosen[i]
    end
  end
  if #block.setup > 0 then steps[#steps + 1] = { kind = "setup", block = block } end
  for _, entry in ipairs(chosen) do
    if entry.item then
      steps[#steps + 1] = entry.item
    else
      for _, step in ipairs(entry.steps) do steps[#steps + 1] = step end
    end
  end
  if #block.teardown > 0 then steps[#steps + 1] = { kind = "teardown", block = block } end
end

-- Called once after the spec file has loaded; returns the number of steps.
function runner.plan(filter, tags, seed)
  local tag_list
  if tags and tags ~= "" then
    tag_list = {}
    for tag in tags:gmatch("[^,%s]+") do tag_list[#tag_list + 1] = tag end
  end
  if filter == "" then filter = nil end
  plan_block(root, filter, tag_list, seed and generator(seed) or nil)
  return #steps
end

-- Running -----------------------------------------------------------------------------------------

local function blocked(block)
  while block do
    if block.failed then return true end
    block = block.parent
  end
  return false
end

local function chain_of(block)
  local list = {}
  while block do
    insert(list, 1, block)
    block = block.parent
  end
  return list
end

-- after_each (innermost first), then the test's finally handlers, then the spies it installed.
local function wind_down(test, result)
  local blocks = chain_of(test.parent)
  for i = #blocks, 1, -1 do
    for _, fn in ipairs(blocks[i].after_each) do
      local failure = protect(fn)
      if failure and not result then result = failure end
    end
  end
  local handlers = test.finally or {}
  for i = #handlers, 1, -1 do
    local failure = protect(handlers[i])
    if failure and not result then result = failure end
  end
  test.finally = nil
  running = nil
  lib.revert_tracked()
  return result
end

local function describe_result(item, result)
  result.names, result.source, result.line = item.names, item.source, item.line
  return result
end

local function run_test(test)
  if test.pending then return describe_result(test, { status = "pending", message = test.pending }) end
  test.finally = {}
  running = test
  local result
  for _, block in ipairs(chain_of(test.parent)) do
    for _, fn in ipairs(block.before_each) do
      result = protect(fn)
      if result then break end
    end
    if result then break end
  end
  if not result then result = protect(test.fn) end
  result = wind_down(test, result)
  return describe_result(test, result or { status = "passed" })
end

local function run_hooks(step)
  local block = step.block
  local list = block[step.kind]
  for _, fn in ipairs(list) do
    local failure = protect(fn)
    if failure then
      if step.kind == "setup" then block.failed = true end
      failure.status = "error"
      local names = { table.unpack(block.names) }
      names[#names + 1] = step.kind
      failure.names, failure.source, failure.line = names, block.source, block.line
      return failure
    end
  end
  return nil
end

-- Runs step i; returns a result table for tests, pending tests and failed hooks, else nil.
function runner.step(i)
  local step = steps[i]
  if step.kind == "error" then return step end
  if step.kind == "setup" then
    if blocked(step.block.parent) then return nil end
    return run_hooks(step)
  end
  if step.kind == "teardown" then return run_hooks(step) end
  if blocked(step.parent) then return nil end
  return run_test(step)
end

-- After step i was stopped from outside (time budget): its after_each hooks still run, and its
-- name and line come back so the stop can be reported against it.
function runner.abort(i)
  local step = steps[i]
  if step.kind == "test" then
    if running == step then wind_down(step, nil) end
    return describe_result(step, { status = "error" })
  end
  running = nil
  if step.kind == "setup" then step.block.failed = true end
  local names = step.names or { table.unpack(step.block.names) }
  if step.block then names[#names + 1] = step.kind end
  return { status = "error", names = names, source = step.source or step.block.source, line = step.line or step.block.line }
end

function runner.set_update_snapshots(flag)
  lib.update_snapshots = flag
end

return runner
"""#
}
