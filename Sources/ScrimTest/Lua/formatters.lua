-- How a failure message shows values (luassert's formatters): "(string) 'text'", "(number) 0.5", "(nil)", tables
-- written out with their keys sorted and the path to a difference starred, functions with where they are
-- defined, matchers and argument lists with their values. The table parameters: TableFormatLevel (how deep, 3;
-- -1 for all), TableFormatShowRecursion, TableErrorHighlightCharacter ("*"), TableErrorHighlightColor ("none").
local lib = ...
local assert, state = lib.assert, lib.state
local type, tostring, next, pcall, format, concat = type, tostring, next, pcall, string.format, table.concat
local getmetatable, setmetatable = getmetatable, setmetatable
local mathType, floor, huge = math.type, math.floor, math.huge

-- A number written in full: 20 significant digits, NaN and infinities by name, a float that looks whole with ".0".
local function numberText(value)
  if type(value) ~= "number" then return tostring(value) end
  if value ~= value then return "NaN" end
  if value == huge then return "Inf" end
  if value == -huge then return "-Inf" end
  local text = format("%.20g", value)
  if mathType(value) == "float" and not text:find("[%.,]") then text = text:gsub("%d+", "%0.0", 1) end
  return text
end
lib.numberText = numberText

-- Keys in the order a table is written out: its sequence first, then by type (numbers, booleans, strings, tables,
-- functions, userdata, threads); numbers and strings in order, true before false.
local typeRank = { number = 1, boolean = 2, string = 3, table = 4, ["function"] = 5, userdata = 6, thread = 7 }

local function sortedKeys(t)
  local keys, length = {}, #t
  for key in next, t do keys[#keys + 1] = key end
  local function rank(key)
    if type(key) == "number" and key >= 1 and key <= length and floor(key) == key then return 0 end
    return typeRank[type(key)] or 8
  end
  table.sort(keys, function(a, b)
    local rankA, rankB = rank(a), rank(b)
    if rankA ~= rankB then return rankA < rankB end
    local kind = type(a)
    if kind == "number" or kind == "string" then return a < b end
    return kind == "boolean" and a
  end)
  return keys
end

-- TableErrorHighlightColor names ANSI attributes joined by dots ("red", "bright.red"), as the term module does.
local ansi = {
  reset = 0, clear = 0, default = 0, bright = 1, dim = 2, underscore = 4, blink = 5, reverse = 7, hidden = 8,
  black = 30, red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36, white = 37,
  onblack = 40, onred = 41, ongreen = 42, onyellow = 43, onblue = 44, onmagenta = 45, oncyan = 46, onwhite = 47,
}
local function colored(color, text)
  if color == nil or color == "none" then return text end
  for name in tostring(color):gmatch("[^%.]+") do
    local code = ansi[name]
    if code then text = "\27[" .. code .. "m" .. text .. "\27[0m" end
  end
  return text
end

-- "(table: 0x…) " with the table's own address, even under a __tostring; "(table) " when its metatable is
-- protected and cannot be set aside.
local function tableLabel(t)
  local meta = getmetatable(t)
  if meta == nil then return "(" .. tostring(t) .. ") " end
  if not pcall(setmetatable, t, meta) then return "(table) " end
  setmetatable(t, nil)
  local label = "(" .. tostring(t) .. ") "
  setmetatable(t, meta)
  return label
end

-- `t` written out under `label`: nested tables indented two spaces a level, down to TableFormatLevel. The keys
-- of `path` (innermost first, from a deep comparison) are marked, each at its level.
local function writeTable(label, t, path)
  local deepest = assert:get_parameter("TableFormatLevel")
  local markRecursion = assert:get_parameter("TableFormatShowRecursion")
  local mark = assert:get_parameter("TableErrorHighlightCharacter") or ""
  local color = assert:get_parameter("TableErrorHighlightColor")
  local open = {}
  local function write(value, level, onPath)
    if markRecursion and (open[value] or 0) > 0 then return "{ ... recursive }" end
    if next(value) == nil then return "{ }" end
    if deepest >= 0 and level > deepest then return "{ ... more }" end
    open[value] = (open[value] or 0) + 1
    local marked = path[#path - level + 1]
    local lines = { "{" }
    for _, key in ipairs(sortedKeys(value)) do
      local item = value[key]
      local starred = onPath and key == marked
      if type(item) == "table" then
        item = write(item, level + 1, starred)
      elseif type(item) == "string" then
        item = "'" .. item .. "'"
      end
      local star = starred and mark or ""
      local indent = (" "):rep(level * 2 - #star)
      lines[#lines + 1] = format("\n%s%s[%s] = %s", indent, #star > 0 and colored(color, star) or "", numberText(key), numberText(item))
    end
    open[value] = open[value] - 1
    return concat(lines) .. " }"
  end
  return label .. write(t, 1, true)
end

local function formatTable(value, extra)
  if type(value) ~= "table" then return nil end
  return writeTable(tableLabel(value), value, extra and extra.crumbs or {})
end

-- A failure that has_error caught is shown as busted's failure objects are: a table of the message with its place.
local function formatFailure(value, extra)
  if getmetatable(value) ~= lib.Failure then return nil end
  return writeTable(tableLabel(value), { message = tostring(value) }, extra and extra.crumbs or {})
end

local function formatFunction(value)
  if type(value) ~= "function" then return nil end
  local info = debug.getinfo(value, "S")
  return format("%s @ line %s in %s", tostring(value), tostring(info.linedefined), tostring(info.source))
end

-- Each value of a list as it would be shown alone.
local function eachShown(list, count)
  local shown = {}
  for i = 1, count do shown[i] = assert:format({ list[i], n = 1 })[1] end
  return concat(shown, ", ")
end

local function formatMatcher(value)
  if not lib.isMatcher(value) then return nil end
  if value.name == "_" then return "(matcher) _ *anything*" end
  return format("(matcher) %s%s(%s)", value.mod and "is." or "no.", tostring(value.name), eachShown(value.arguments, value.arguments.n))
end

local function formatList(value)
  if not lib.arglist.isList(value) then return nil end
  return "(values list) (" .. eachShown(value, value.n) .. ")"
end

-- A formatter added later is asked first: the matcher's and the list's before the table's.
for _, formatter in ipairs({
  function(value) if type(value) == "string" then return format("(string) '%s'", value) end end,
  function(value) if type(value) == "number" then return "(number) " .. numberText(value) end end,
  function(value) if type(value) == "boolean" then return "(boolean) " .. tostring(value) end end,
  function(value) if value == nil then return "(nil)" end end,
  formatTable,
  formatFunction,
  function(value) if type(value) == "userdata" then return format("(userdata) '%s'", tostring(value)) end end,
  function(value) if type(value) == "thread" then return format("(thread) '%s'", tostring(value)) end end,
  formatFailure,
  formatMatcher,
  formatList,
}) do
  state.add_formatter(formatter)
end

assert:set_parameter("TableFormatLevel", 3)
assert:set_parameter("TableFormatShowRecursion", false)
assert:set_parameter("TableErrorHighlightCharacter", "*")
assert:set_parameter("TableErrorHighlightColor", "none")
