-- Argument lists: values kept with their count `n`, so that trailing nils count (an assertion's arguments, a
-- spy's call, what a function returned) and stay counted as an assertion edits the list for its message; and
-- the records a spy keeps of each call, matched against what a test expects.
local lib = ...
local select, setmetatable, getmetatable, next = select, setmetatable, getmetatable, next

local arglist = {}
lib.arglist = arglist

-- Marks the lists made by `arglist.new`, which the formatter shows as "(values list) (…)".
local listMeta = {}

function arglist.pack(...) return { n = select("#", ...), ... } end

function arglist.unpack(list, first, last) return table.unpack(list, first or 1, last or list.n or #list) end

function arglist.new(...) return setmetatable({ n = select("#", ...), ... }, listMeta) end

function arglist.isList(value) return getmetatable(value) == listMeta end

-- Puts `value` at `position`, moving what is there and after it up by one; past the end, the list grows to it.
function arglist.insert(list, position, value)
  local count = (list.n or #list) + 1
  if position > count then count = position end
  for i = count, position + 1, -1 do list[i] = list[i - 1] end
  list[position] = value
  list.n = count
end

-- Takes the value at `position` (the last one when nil) out, moving what follows down by one.
function arglist.remove(list, position)
  local count = list.n or #list
  list.n = count
  position = position or count
  local value = list[position]
  if position > count then
    list[position] = nil
    return value
  end
  for i = position, count - 1 do list[i] = list[i + 1] end
  list[count] = nil
  list.n = count - 1
  return value
end

-- Empties the list, count included.
function arglist.clear(list)
  for i = 1, list.n do list[i] = nil end
  list.n = nil
end

-- What a spy keeps of one call (or of what it returned): the values as they were then (deep copies; matchers
-- and spies as themselves) and the values themselves (for match.is_ref).
function arglist.record(list)
  local copies = setmetatable({}, getmetatable(list))
  for key, value in next, list do
    copies[key] = (lib.isMatcher(value) or lib.isSpy(value)) and value or lib.deepCopy(value)
  end
  return { vals = copies, refs = lib.shallowCopy(list) }
end

-- Whether one recorded list (its copies and, for match.is_ref, its references) is what `expected` describes:
-- every position, the count `n` included, alike or accepted by a matcher, and nothing missing on either side.
function arglist.matches(copies, refs, expected)
  for key, value in next, copies do
    local wanted = expected[key]
    if lib.isMatcher(wanted) then
      if not wanted(wanted.name == "ref" and refs[key] or value) then return false end
    elseif wanted == nil or not lib.same(value, wanted) then
      return false
    end
  end
  for key, wanted in next, expected do
    if copies[key] == nil and not (lib.isMatcher(wanted) and wanted(nil)) then return false end
  end
  return true
end

-- The newest of `records` that matches `expected`, or nil.
function arglist.lastMatch(records, expected)
  for i = #records, 1, -1 do
    local record = records[i]
    if arglist.matches(record.vals, record.refs, expected) then return record end
  end
  return nil
end
