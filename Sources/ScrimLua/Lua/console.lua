-- The REPL's helpers (Sources/ScrimLua/Runtime/Console.swift): how results are shown and what Tab completes.
-- Loaded once per console, before any user code runs, so that redefining `tostring` or `next` later does not change
-- how results look; every call that could raise (a metamethod) is under `pcall`.
local members = ...
local G = _ENV
local next, type, tostring, pcall, getmetatable, rawget, select = next, type, tostring, pcall, getmetatable, rawget, select
local sort, concat = table.sort, table.concat
local format, match, gsub, gmatch, find, sub = string.format, string.match, string.gsub, string.gmatch, string.find, string.sub
local mathType = math.type

local keywords = {}
for word in gmatch("and break do else elseif end false for function goto if in local nil not or repeat return then true until while", "%a+") do
  keywords[word] = true
end

local function isName(k)
  return type(k) == "string" and match(k, "^[%a_][%w_]*$") ~= nil and not keywords[k]
end

local function index(t, k) return t[k] end

local function text(v)
  local ok, s = pcall(tostring, v)
  if ok and type(s) == "string" then return s end
  return type(v) .. " (its __tostring failed)"
end

local function hasToString(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

-- A value inside a table or object: one line, not expanded.
local function brief(v)
  local t = type(v)
  if t == "string" then return (gsub(format("%q", v), "\\\n", "\\n")) end
  if t == "function" then return "function" end
  if t == "table" and not hasToString(v) then return next(v) == nil and "{}" or "{…}" end
  return text(v)
end

local function key(k)
  if isName(k) then return k end
  return "[" .. brief(k) .. "]"
end

local rank = { number = 1, string = 2 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then
    local ra, rb = rank[ta] or 3, rank[tb] or 3
    if ra ~= rb then return ra < rb end
    return ta < tb
  end
  if ta == "number" or ta == "string" then return a < b end
  return text(a) < text(b)
end

local limit = 200

local function showTable(t)
  local keys, n = {}, 0
  for k in next, t do n = n + 1; keys[n] = k end
  if n == 0 then return "{}" end
  sort(keys, before)
  local parts, sequence = {}, 0
  while rawget(t, sequence + 1) ~= nil do
    sequence = sequence + 1
    parts[#parts + 1] = brief(rawget(t, sequence))
  end
  for i = 1, n do
    local k = keys[i]
    if not (mathType(k) == "integer" and k >= 1 and k <= sequence) then
      parts[#parts + 1] = key(k) .. " = " .. brief(rawget(t, k))
    end
  end
  if #parts > limit then
    local more = #parts - limit
    for i = #parts, limit + 1, -1 do parts[i] = nil end
    parts[#parts + 1] = "… (" .. more .. " more)"
  end
  return "{ " .. concat(parts, ", ") .. " }"
end

local function showObject(u)
  local list, isView, fields = members(u)
  if list == nil or isView then return text(u) end
  local names, seen = {}, {}
  for k, kind in next, list do
    if kind == "property" then names[#names + 1] = k; seen[k] = true end
  end
  if fields then
    for k, v in next, fields do
      if isName(k) and not seen[k] and type(v) ~= "function" then names[#names + 1] = k end
    end
  end
  sort(names)
  local parts = {}
  for i = 1, #names do
    local ok, v = pcall(index, u, names[i])
    if ok then parts[#parts + 1] = key(names[i]) .. " = " .. brief(v) end
  end
  if #parts == 0 then return text(u) end
  return text(u) .. " { " .. concat(parts, ", ") .. " }"
end

local function showOne(v)
  local t = type(v)
  if t == "table" and not hasToString(v) then return showTable(v) end
  if t == "userdata" then return showObject(v) end
  return text(v)
end

local function show(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = showOne((select(i, ...))) end
  return concat(parts, "\t")
end

-- Names a value offers after '.' (or, for ':', its methods): table keys, Scrim object members and
-- fields, what an __index table adds (string methods, class tables), and the fields an __index function computes
-- that its metatable lists as `__fields` (the scrim module's `screen`, `frameRate`).
local function collect(v, methods, found, depth)
  if depth > 4 then return end
  local t = type(v)
  if t == "table" then
    for k, x in next, v do
      if isName(k) and (not methods or type(x) == "function") then found[k] = true end
    end
  elseif t == "userdata" then
    local list, _, fields = members(v)
    if list then
      for k, kind in next, list do
        if not methods or kind == "method" then found[k] = true end
      end
      if fields then collect(fields, methods, found, depth + 1) end
      return
    end
  end
  local mt = getmetatable(v)
  if type(mt) == "table" then
    local super = rawget(mt, "__index")
    if type(super) == "table" then collect(super, methods, found, depth + 1) end
    local computed = rawget(mt, "__fields")
    if type(computed) == "table" and not methods then
      for _, k in next, computed do
        if isName(k) then found[k] = true end
      end
    end
  end
end

local function complete(word)
  local result = {}
  local prefix, separator, partial = match(word, "^(.*)([.:])([%w_]*)$")
  local found = {}
  if prefix == nil then
    if word ~= "" and not match(word, "^[%a_][%w_]*$") then return result end
    prefix, separator, partial = "", "", word
    collect(G, false, found, 0)
    for k in next, keywords do found[k] = true end
  else
    if not match(prefix, "^[%a_][%w_.]*$") or find(prefix, "..", 1, true) or sub(prefix, -1) == "." then
      return result
    end
    local v = G
    for name in gmatch(prefix, "[^.]+") do
      if not match(name, "^[%a_]") then return result end
      local ok, x = pcall(index, v, name)
      if not ok or x == nil then return result end
      v = x
    end
    collect(v, separator == ":", found, 0)
  end
  for k in next, found do
    if sub(k, 1, #partial) == partial then result[#result + 1] = prefix .. separator .. k end
  end
  sort(result)
  return result
end

return { show = show, complete = complete }
