-- busted's runner for `scrim test`: describe/it/pending and the hooks, run in busted's order. A block's body
-- runs when the run reaches the block (after the tests before it and their hooks), registering its children;
-- then its setup, its children, its teardown. The order is kept by a scheduler coroutine that never runs spec
-- code itself: it asks the Swift runner to invoke each body or hook as its own entry into Lua (so each gets
-- the whole time budget, and a stopped one leaves the scheduler intact), and carries on with the outcome.
local lib = ...
local Failure, userFrame, userLocation, userTraceback = lib.Failure, lib.userFrame, lib.userLocation, lib.userTraceback
local type, tostring, error, xpcall, pcall = type, tostring, error, xpcall, pcall
local setmetatable, getmetatable, next, rawget, rawset = setmetatable, getmetatable, next, rawget, rawset
local concat = table.concat
local getinfo, debugTraceback = debug.getinfo, debug.traceback
local json = scrim.json
local yield, resume, status = coroutine.yield, coroutine.resume, coroutine.status

local runner = {}

-- What `configure` sets: busted's filters and options.
local options = {
  filter = {}, filterOut = {}, tags = {}, excludeTags = {},
  shuffle = false, seed = 0, list = false, keepGoing = true, traces = false, internals = false,
}

-- The element whose code runs now: what a global of the spec resolves against, and where `describe`, `it`
-- and the hooks register.
local current
local skipAll = false
local results = {}

-- Elements --------------------------------------------------------------------------------------------

local blockKinds = { file = true, describe = true, insulate = true, expose = true }
local hookKinds = {
  before_each = true, after_each = true, lazy_setup = true, lazy_teardown = true,
  strict_setup = true, strict_teardown = true,
}

-- Each element has its own globals (busted's environments): reads fall through to the enclosing block's,
-- writes stay in the element, except a hook's, which go to its block (and an expose block's, to the block
-- around its block).
local suiteEnv = setmetatable({}, { __index = _G })

local function makeEnv(element)
  local parent = element.parent
  local outer = parent and parent.env or suiteEnv
  local meta = { __index = outer }
  if hookKinds[element.descriptor] then
    meta.__newindex = outer
  elseif element.descriptor == "expose" then
    local grand = parent and parent.parent
    meta.__newindex = grand and grand.env or suiteEnv
  end
  element.env = setmetatable({}, meta)
  return element.env
end

-- The spec file's globals: what its chunk gets as _ENV.
local proxy = setmetatable({}, {
  __index = function(_, key) return current.env[key] end,
  __newindex = function(_, key, value) current.env[key] = value end,
})

local function fullNames(element)
  local names = {}
  local e = element
  while e and e.descriptor ~= "file" do
    table.insert(names, 1, tostring(e.name or e.descriptor))
    e = e.parent
  end
  return names
end

-- busted's full name (names joined by spaces) and the name the reports show (joined by " › ").
local function fullName(element, name)
  local names = fullNames(element)
  if name ~= nil then names[#names + 1] = name end
  return concat(names, " "), concat(names, " › ")
end

-- Whether a Lua pattern matches either form of a test's name.
local function matchesName(full, shown, pattern)
  return full:find(pattern) ~= nil or shown:find(pattern) ~= nil
end

-- busted's registration filters (--tags, --exclude-tags, --filter, --filter-out): a test or block that does
-- not pass is never registered.
local function hasTag(name, tag) return name:find("#" .. tag) ~= nil end

local function accepted(descriptor, name)
  if type(name) ~= "string" then name = tostring(name) end
  local isTest = descriptor == "it" or descriptor == "pending"
  if not (isTest or blockKinds[descriptor]) then return true end
  for _, tag in ipairs(options.excludeTags) do
    if hasTag(name, tag) then return false end
  end
  local full, shown = fullName(current, name)
  if isTest and #options.tags > 0 then
    local found = false
    for _, tag in ipairs(options.tags) do
      if hasTag(full, tag) then found = true; break end
    end
    if not found then return false end
  end
  for _, pattern in ipairs(options.filterOut) do
    if matchesName(full, shown, pattern) then return false end
  end
  if isTest and #options.filter > 0 then
    local found = false
    for _, pattern in ipairs(options.filter) do
      if matchesName(full, shown, pattern) then found = true; break end
    end
    if not found then return false end
  end
  return true
end

local function noop() end

-- Whether a chunk is Scrim's (the test library's, the runtime's), not the spec's.
local function isLibrary(source)
  return source:sub(1, 8) == "@[scrim]" or (lib.runtimeChunks ~= nil and lib.runtimeChunks[source] == true)
end

-- busted's trace of a place in the spec, for the JSON report (nil unless it is wanted): debug.getinfo's fields of
-- the first frame of the spec's own code from `level` up, its traceback from there, and `message`.
local function traceAt(level, message)
  if not options.traces then return nil end
  level = level + 1
  local info = getinfo(level, "Sl")
  while info and (info.what == "C" or isLibrary(info.source)) do
    level = level + 1
    info = getinfo(level, "Sl")
  end
  if not info then return nil end
  local traceback = userTraceback(level)
  return {
    source = info.source, short_src = info.short_src, currentline = info.currentline,
    linedefined = info.linedefined, lastlinedefined = info.lastlinedefined, what = info.what,
    traceback = traceback and ("\n" .. traceback .. "\n") or "", message = message,
  }
end

local function attach(descriptor, name, fn, source, line, trace)
  if skipAll or not accepted(descriptor, name) then return end
  if options.list and (hookKinds[descriptor] or descriptor == "it") then fn = noop end
  local parent = current
  local element = {
    descriptor = descriptor, name = name, run = fn, parent = parent, source = source, line = line, trace = trace,
  }
  if blockKinds[descriptor] then element.children = {} end
  parent.children[#parent.children + 1] = element
  if hookKinds[descriptor] then
    local list = parent[descriptor]
    if not list then list = {}; parent[descriptor] = list end
    list[#list + 1] = element
  end
end

-- The DSL: busted's publishers. `describe(name, fn)`, `describe(fn)` (named after the alias, as busted's hooks
-- are) and the curried `describe "name" (fn)`; inside a test or a hook they are refused, as in busted.
local function refuse(name)
  error("'" .. name .. "' not supported inside current context block", 0)
end

local function publisher(alias, descriptor, defaultFn)
  return function(name, fn)
    if not blockKinds[current.descriptor] then refuse(alias) end
    if fn == nil and type(name) == "function" then
      fn, name = name, alias
    elseif fn == nil then
      fn = defaultFn
    end
    local source, line = userFrame(2)
    local trace = traceAt(2, name)
    if fn ~= nil then
      attach(descriptor, name, fn, source, line, trace)
      return
    end
    return function(body) attach(descriptor, name, body, source, line, trace) end
  end
end

local dsl = {
  describe = publisher("describe", "describe"),
  context = publisher("context", "describe"),
  insulate = publisher("insulate", "insulate"),
  expose = publisher("expose", "expose"),
  it = publisher("it", "it"),
  spec = publisher("spec", "it"),
  test = publisher("test", "it"),
  before_each = publisher("before_each", "before_each"),
  after_each = publisher("after_each", "after_each"),
  lazy_setup = publisher("lazy_setup", "lazy_setup"),
  lazy_teardown = publisher("lazy_teardown", "lazy_teardown"),
  strict_setup = publisher("strict_setup", "strict_setup"),
  strict_teardown = publisher("strict_teardown", "strict_teardown"),
  setup = publisher("setup", "strict_setup"),
  teardown = publisher("teardown", "strict_teardown"),
}

local Pending = { __tostring = function(p) return tostring(p.message) end }

local registerPending = publisher("pending", "pending", noop)
-- In a block, registers a pending test; in a test, stops it as pending.
function dsl.pending(...)
  if current.descriptor == "it" and not current.finishing then
    error(setmetatable({ message = (...) }, Pending), 2)
  end
  return registerPending(...)
end

-- Only the last `finally` of a test runs, as in busted.
function dsl.finally(fn)
  if current.descriptor ~= "it" then refuse("finally") end
  current.finallyFn = fn
end

-- randomize([seed]) in a block shuffles its children, as --shuffle does for all.
function dsl.randomize(...)
  if not blockKinds[current.descriptor] then refuse("randomize") end
  local count = select("#", ...)
  local on = count == 0 or (...)
  current.randomize = on and true or false
  if on then
    local values = { ... }
    current.randomseed = tonumber(values[1]) or tonumber(values[2]) or current.randomseed
  end
end


-- Outcomes ---------------------------------------------------------------------------------------------

-- An error value that is not text, written out as busted writes it (Penlight's pretty.write).
local function prettyWrite(value, indent, seen)
  if type(value) == "string" then return ("%q"):format(value) end
  if type(value) ~= "table" then return tostring(value) end
  if seen[value] then return "<cycle>" end
  seen[value] = true
  local inner, parts, count = indent .. "  ", {}, #value
  for i = 1, count do parts[#parts + 1] = inner .. prettyWrite(value[i], inner, seen) end
  local keys = {}
  for k in next, value do
    if not (math.type(k) == "integer" and k >= 1 and k <= count) then keys[#keys + 1] = k end
  end
  local function identifier(k) return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil end
  table.sort(keys, function(a, b)
    if identifier(a) ~= identifier(b) then return identifier(a) end
    return tostring(a) < tostring(b)
  end)
  for _, k in ipairs(keys) do
    local key = identifier(k) and k or ("[" .. prettyWrite(k, inner, seen) .. "]")
    parts[#parts + 1] = inner .. key .. " = " .. prettyWrite(value[k], inner, seen)
  end
  seen[value] = nil
  if #parts == 0 then return "{}" end
  return "{\n" .. concat(parts, ",\n") .. "\n" .. indent .. "}"
end

lib.prettyWrite = prettyWrite

local function errorText(err)
  if type(err) == "string" then return err end
  if type(err) == "number" then return tostring(err) end
  local meta = getmetatable(err)
  if meta and meta.__tostring then return tostring(err) end
  if err == nil then return "Nil error" end
  return prettyWrite(err, "", {})
end

-- The xpcall handler: what went wrong, where in the spec, the trimmed traceback.
local function capture(err)
  local meta = getmetatable(err)
  if meta == Pending then
    local message = err.message
    return { status = "pending", message = message, where = userLocation(2), raised = traceAt(2, { message = message }) }
  end
  local outcome
  if meta == Failure then
    outcome = { status = "failed", message = err.message, where = err.where }
  else
    outcome = { status = "error", message = errorText(err), where = userLocation(2) }
  end
  -- With --trace-internals (or --verbose), every frame; else the spec's.
  outcome.traceback = options.internals and debugTraceback("", 2):sub(2) or userTraceback(2)
  -- busted's trace.message: the failure as luassert raised it (a table with its located message), else the
  -- error's text.
  local raisedMessage = outcome.message
  if meta == Failure then
    raisedMessage = { message = err.where and (err.where .. ": " .. tostring(err.message)) or err.message }
  elseif type(err) == "table" and not (meta and meta.__tostring) then
    -- The value itself, as JSON, when it can be written as JSON.
    local ok, text = pcall(json, err)
    if ok then raisedMessage = { json = text } end
  end
  outcome.raised = traceAt(2, raisedMessage)
  return outcome
end

local SUCCESS = { status = "passed" }

-- What the runtime reported while the code ran (an error in a timer, a hook handler, a delegate method): the
-- first one becomes the outcome, when the code itself did not fail.
local function withReports(outcome)
  local take = lib.takeReports
  if not take then return outcome end
  local reports = take()
  if not reports or #reports == 0 or outcome ~= SUCCESS then return outcome end
  local first = reports[1]
  local text = "error in " .. first.context .. ": " .. first.message
  if #reports > 1 then text = text .. " (and " .. (#reports - 1) .. " more reported errors)" end
  return { status = "failed", message = text, traceback = first.traceback }
end

-- Scheduler side: ask for `fn` to be invoked as `element`, get its outcome.
local request = {}
local function safe(element, fn, descriptor)
  request.element, request.fn = element, fn
  local outcome = yield()
  if outcome.status == "failed" and (descriptor or element.descriptor) ~= "it" then
    -- Only a test fails; a failed assertion anywhere else is an error, as in busted.
    outcome.status = "error"
  end
  return outcome
end

-- Runner side (called from Swift): invoke what the scheduler asked for.
local lastOutcome
function runner.invoke()
  local element, fn = request.element, request.fn
  current = element
  if not element.env then makeEnv(element) end
  local ok, outcome = xpcall(fn, capture)
  if ok then
    outcome = SUCCESS
  elseif type(outcome) ~= "table" then
    -- A memory error skips the handler.
    outcome = { status = "error", message = errorText(outcome) }
  end
  lastOutcome = withReports(outcome)
end

-- After an invoke was stopped from outside (time budget, interrupt): its outcome is that error.
function runner.aborted(message, where, traceback)
  if lib.takeReports then lib.takeReports() end
  lastOutcome = { status = "error", message = message, where = where, traceback = traceback }
end

local function report(element, outcome, names)
  local line = element.line
  -- The file itself has no line of its own: its error's line stands for it.
  if element.descriptor == "file" then line = tonumber(outcome.where and outcome.where:match(":(%d+)$")) end
  local parent = element.parent
  local result = {
    status = outcome.status, message = outcome.message, where = outcome.where, traceback = outcome.traceback,
    names = names or fullNames(element), line = line or 0, descriptor = element.descriptor,
    declared = element.trace, raised = outcome.raised,
    randomseed = parent and parent.randomize and parent.randomseed or nil,
  }
  results[#results + 1] = result
  if outcome.status == "failed" or outcome.status == "error" then
    if not options.keepGoing then skipAll = true end
  end
end

-- An error outside a test (a block's body, a hook): reported against that element.
local function reportError(element, outcome)
  local names
  if element.descriptor == "file" then names = {} end
  report(element, outcome, names)
end

-- The order of execution ------------------------------------------------------------------------------

local function exec(hook)
  local outcome = safe(hook, hook.run)
  if outcome.status ~= "passed" then
    reportError(hook, outcome)
    return false
  end
  return true
end

-- lazy_setup: once per block, outermost first, when its first test runs; a failure skips the block's tests.
local function execAllOnce(descriptor, block)
  if block.parent and not execAllOnce(descriptor, block.parent) then return false end
  local list = block[descriptor]
  if not list then list = {}; block[descriptor] = list end
  if list.success ~= nil then return list.success end
  local success = true
  for _, hook in ipairs(list) do
    if not exec(hook) then success = false end
  end
  list.success = success
  return success
end

-- before_each: outermost first; returns whether all passed and the block where it stopped.
local function execAll(descriptor, block, propagate)
  if propagate and block.parent then
    local success, ancestor = execAll(descriptor, block.parent, propagate)
    if not success then return success, ancestor end
  end
  local success = true
  for _, hook in ipairs(block[descriptor] or {}) do
    if not exec(hook) then success = nil end
  end
  return success, block
end

-- after_each and teardowns: innermost first.
local function dexecAll(descriptor, block, propagate)
  local success = true
  for _, hook in ipairs(block[descriptor] or {}) do
    if not exec(hook) then success = nil end
  end
  if propagate and block.parent then
    if not dexecAll(descriptor, block.parent, propagate) then success = nil end
  end
  return success
end

-- Lua 5.4's generator seeded as busted seeds it, so a seed gives busted's order.
local function shuffle(list, seed)
  math.randomseed(seed)
  local n = #list
  while n >= 2 do
    local k = math.random(n)
    list[n], list[k] = list[k], list[n]
    n = n - 1
  end
end

-- insulate: the globals and loaded modules as they were before the block, put back after it; expose hands
-- its changes to the insulating block around it.
local savedStates = {}
local function saveState()
  local globals = {}
  for k, v in next, _G do globals[k] = v end
  local loaded = {}
  for k, v in next, package.loaded do loaded[k] = v end
  return { globals = globals, loaded = loaded, meta = getmetatable(_G) }
end

local function restoreState(saved)
  setmetatable(_G, saved.meta)
  for k in next, _G do rawset(_G, k, saved.globals[k]) end
  for k, v in next, saved.globals do
    if rawget(_G, k) == nil then rawset(_G, k, v) end
  end
  for k in next, package.loaded do package.loaded[k] = saved.loaded[k] end
end

local executeChildren

local function executeBlock(block)
  block.randomize = options.shuffle
  block.randomseed = options.seed
  local outcome = safe(block, block.run)
  if outcome.status ~= "passed" then
    reportError(block, outcome)
    return
  end
  if block.randomize then shuffle(block.children, block.randomseed) end
  if execAll("strict_setup", block) then executeChildren(block) end
  if block.lazy_setup and block.lazy_setup.success ~= nil then
    dexecAll("lazy_teardown", block)
    block.lazy_setup.success = nil
  end
  dexecAll("strict_teardown", block)
end

local function describeBlock(block)
  local insulated = block.descriptor == "insulate"
  if insulated then savedStates[#savedStates + 1] = saveState() end
  executeBlock(block)
  if insulated then restoreState(table.remove(savedStates)) end
  if block.descriptor == "expose" and #savedStates > 0 then savedStates[#savedStates] = saveState() end
end

local function runTest(test)
  local parent = test.parent
  if not execAllOnce("lazy_setup", parent) then return end
  local passed, ancestor = execAll("before_each", parent, true)
  if passed then
    local outcome = safe(test, test.run)
    if test.finallyFn then
      test.finishing = true
      -- A failed assertion in `finally` is an error of the test, as in busted.
      local after = safe(test, test.finallyFn, "finally")
      -- A failure or error stays; a pending test that then fails is failed.
      if outcome.status == "passed" or (outcome.status == "pending" and after.status ~= "passed") then
        outcome = after
      end
    end
    report(test, outcome)
    -- The test's globals stay with it: a callback or finalizer of the spec may still run with it current.
    test.finallyFn = nil
  end
  dexecAll("after_each", ancestor, true)
end

local function pendingTest(test)
  report(test, { status = "pending", message = test.name })
end

local executors = {
  describe = describeBlock, insulate = describeBlock, expose = describeBlock, it = runTest, pending = pendingTest,
}

function executeChildren(block)
  for _, child in ipairs(block.children) do
    if skipAll then return end
    local executor = executors[child.descriptor]
    if executor then executor(child) end
  end
end

-- Driving (called from Swift) ---------------------------------------------------------------------------

local scheduler
local fileElement

-- The spec file's chunk becomes the file block's body; its globals resolve through the current element.
function runner.load(chunk, path)
  fileElement = { descriptor = "file", name = path, run = chunk, children = {}, line = 0 }
  makeEnv(fileElement)
  current = fileElement
  if debug.getupvalue(chunk, 1) == "_ENV" then debug.setupvalue(chunk, 1, proxy) end
  scheduler = coroutine.create(function()
    executeBlock(fileElement)
  end)
end

-- Resumes the scheduler with the last outcome. Returns whether an invoke is wanted, and the results
-- reported since the last call.
function runner.next()
  local outcome = lastOutcome
  lastOutcome = nil
  request.element, request.fn = nil, nil
  local ok, err = resume(scheduler, outcome)
  if not ok then error(err, 0) end
  local done = results
  results = {}
  if status(scheduler) == "dead" then
    current = fileElement
    return false, done
  end
  return true, done
end

function runner.configure(settings)
  for k, v in next, settings do options[k] = v end
end

function runner.setUpdateSnapshots(flag)
  lib.updateSnapshots = flag
end

-- What every spec file sees besides the globals (busted's suite environment): the DSL and luassert's names.
-- They are not in _G, as in busted: there, `assert` is still Lua's.
for name, fn in next, dsl do suiteEnv[name] = fn end
suiteEnv.assert, suiteEnv.spy, suiteEnv.stub, suiteEnv.mock, suiteEnv.match = lib.assert, lib.spy, lib.stub, lib.mock, lib.match

-- The DSL, for the `busted` module (modules.lua).
runner.dsl = dsl

-- A spec cannot end the run: os.exit is an error where it is called, as a failing test or block.
os.exit = function(code)
  error("os.exit(" .. tostring(code == nil and "" or code) .. ") called: a spec cannot end the test run", 2)
end

return runner
