-- Failures and where they are reported. A failed assertion raises a Failure, which the runner tells apart from
-- an error (busted's "failure" against "error"); a misused assertion raises an error. Both are placed at the
-- spec's own line: the first frame that is neither the test library's (chunks named "[scrim]/…") nor the
-- runtime's own Lua (`lib.runtimeChunks`, set by the runner: "@class.lua" = true, …), so that an error raised
-- through `scrim.class` is placed at the spec's line, not inside Scrim.
local lib = ...
local getinfo, traceback = debug.getinfo, debug.traceback
local error, setmetatable, concat = error, setmetatable, table.concat

local function ours(source)
  if source:sub(1, 8) == "@[scrim]" then return true end
  local runtime = lib.runtimeChunks
  return runtime ~= nil and runtime[source] == true
end

-- A chunk's name as a location shows it: "@file.lua" and "=name" without their mark, loaded text as "[string]".
local function shownName(source)
  local mark = source:sub(1, 1)
  if mark == "@" or mark == "=" then return source:sub(2) end
  return "[string]"
end

-- The file and line of the first Lua frame outside the library, from `level` up (1: the caller's frame).
function lib.userFrame(level)
  local at = level + 1
  local frame = getinfo(at, "Sl")
  while frame ~= nil do
    if frame.what ~= "C" and not ours(frame.source) then return shownName(frame.source), frame.currentline or 0 end
    at = at + 1
    frame = getinfo(at, "Sl")
  end
  return nil
end

function lib.userLocation(level)
  local file, line = lib.userFrame(level + 1)
  return file and (file .. ":" .. line) or nil
end

-- The place of the frame `count` frames above `level` (1: the caller's frame), as error(text, count + 1) called
-- there would name it; nil for a C function or past the stack's end.
function lib.frameLocation(level, count)
  local frame = getinfo(level + count + 1, "Sl")
  if frame == nil or frame.what == "C" then return nil end
  return shownName(frame.source) .. ":" .. (frame.currentline or 0)
end

-- Whether a traceback line ("class.lua:105: in function <class.lua:100>") is a frame the spec need not see.
local function hidden(frame)
  if frame:find("^%[C%]") or frame:find("^%[scrim%]") or frame:find("^%(%.%.%.tail calls%.%.%.%)") then return true end
  local file = frame:match("^([^:]+):%d+:")
  return file ~= nil and ours("@" .. file)
end

-- The traceback from `level` up, with only the spec's own frames.
function lib.userTraceback(level)
  local kept = {}
  for line in traceback("", level + 1):gmatch("[^\n]+") do
    local frame = line:match("^%s+(.*)")
    if frame and not hidden(frame) then kept[#kept + 1] = "\t" .. frame end
  end
  if #kept == 0 then return nil end
  return "stack traceback:\n" .. concat(kept, "\n")
end

-- Whether the first frame above `level` that is not the library's is a C function: Lua's error() names no place
-- for a caller in C, so `pcall(assert.is_true, false)` gets a text without one, as under busted.
local function calledFromC(level)
  local at = level + 1
  local frame = getinfo(at, "S")
  while frame ~= nil and frame.what ~= "C" and ours(frame.source) do
    at = at + 1
    frame = getinfo(at, "S")
  end
  return frame ~= nil and frame.what == "C"
end

-- A failed assertion: `message` is its text, `where` the spec's line it is reported at. Its own text has the place
-- in front, as the failures busted makes from luassert's errors do, unless it was raised for a caller in C
-- (those are kept aside, so that the failure's fields stay what the runner reads).
local Failure = {}
local unplaced = setmetatable({}, { __mode = "k" })
function Failure.__tostring(failure)
  if failure.where and not unplaced[failure] then return failure.where .. ": " .. failure.message end
  return failure.message
end
lib.Failure = Failure

-- Raises a failure with `text`, at `where` or else at the spec's line.
function lib.fail(text, where)
  local failure = setmetatable({ message = text, where = where or lib.userLocation(2) }, Failure)
  if where == nil and calledFromC(2) then unplaced[failure] = true end
  error(failure, 0)
end

-- Raises an error (not a failure) with `text`, placed at the spec's line as Lua's error(text, level) places it.
function lib.raise(text)
  local where = not calledFromC(2) and lib.userLocation(2)
  error(where and (where .. ": " .. text) or text, 0)
end

-- A check of what an assertion was given: a failure when it does not hold, as luassert's own checks are.
function lib.check(condition, text)
  if not condition then lib.fail(text) end
end
