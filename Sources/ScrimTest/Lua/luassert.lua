-- What `require("luassert.util")` gives a suite: luassert's helper names for the library's own pieces (argument
-- lists, copies, deep comparison, chain reading). The other luassert modules (assert, state, namespaces, spy,
-- stub, mock, match) are the library's tables themselves; the runner puts them in package.loaded.
local lib = ...
local arglist = lib.arglist
local select, getinfo = select, debug.getinfo

local util = {
  pack = arglist.pack,
  unpack = arglist.unpack,
  make_arglist = arglist.new,
  is_arglist = arglist.isList,
  tremove = arglist.remove,
  cleararglist = arglist.clear,
  copyargs = arglist.record,
  matchargs = arglist.lastMatch,
  callable = lib.callable,
  hastostring = lib.hasText,
  shallowcopy = lib.shallowCopy,
  deepcopy = lib.deepCopy,
  extract_keys = lib.readWords,
}
lib.util = util

-- deepcompare(a, b [, ignore_mt]): luassert's further arguments carried its own bookkeeping.
function util.deepcompare(a, b, ignoreMeta) return lib.same(a, b, ignoreMeta) end

-- tinsert(list, [position,] value): without a position, at the end.
function util.tinsert(list, ...)
  if select("#", ...) < 2 then return arglist.insert(list, (list.n or #list) + 1, (...)) end
  local position, value = ...
  return arglist.insert(list, position or (list.n or #list) + 1, value)
end

-- The first of `stubbed` (records of on_call_with) whose values match the call's arguments.
function util.matchoncalls(stubbed, arguments)
  for _, record in ipairs(stubbed) do
    if arglist.matches(arguments, arguments, record.vals) then return record end
  end
  return nil
end

-- errorlevel([level]): the level, for error(), of the first frame above the caller's that is in another chunk.
function util.errorlevel(level)
  local at = (level or 1) + 1
  local frame = getinfo(at, "S")
  local source = frame and frame.source
  while frame do
    at = at + 1
    frame = getinfo(at, "S")
    if frame == nil or frame.source ~= source then break end
  end
  return at - 1
end
