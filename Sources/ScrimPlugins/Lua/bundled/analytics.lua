-- The seed's 埋点 (analytics) use of dimmingViewTapped, as a plugin: every `dimming.tapped` and `popup.didSelect`
-- becomes an event `{ event =, at =, … }`. Events are kept in memory, in order, readable by the host as
--   scrim.plugins.state("analytics").events
-- and, only when the options give a path, also appended to that file as JSON lines:
--   scrim.plugins.load("@analytics", { path = "/tmp/events.jsonl" })
local config = {}
local state

local ESCAPES = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ["\b"] = "\\b",
                  ["\f"] = "\\f" }

local function escape(c)
  return ESCAPES[c] or string.format("\\u%04x", c:byte())
end

-- JSON text is UTF-8: a string that is not (Lua strings are bytes) has its bytes above 127 written as U+0080–U+00FF.
local function encodeString(value)
  local pattern = utf8.len(value) and '[%c"\\]' or '[%c"\\\128-\255]'
  return '"' .. value:gsub(pattern, escape) .. '"'
end

-- JSON has no NaN or infinity: they are null, as JSON encoders write them. Integral values are written as integers
-- while they fit one (%d would fail beyond 2^63); other numbers in the fewest digits that read back the same.
local function encodeNumber(value)
  if math.type(value) == "integer" then return string.format("%d", value) end
  if value ~= value or value == math.huge or value == -math.huge then return "null" end
  if value == math.floor(value) and value >= -2.0 ^ 63 and value < 2.0 ^ 63 then
    return string.format("%d", value)
  end
  local text = string.format("%.15g", value)
  if tonumber(text) ~= value then text = string.format("%.17g", value) end
  return text
end

local encode

-- A table with the keys 1…n and no others is an array; any other table an object with its keys as strings, sorted.
local function encodeTable(value, seen)
  if seen[value] then return "null" end
  seen[value] = true
  local count, length = 0, #value
  for _ in pairs(value) do count = count + 1 end
  local parts = {}
  if count == length and length > 0 then
    for i = 1, length do parts[i] = encode(value[i], seen) end
    seen[value] = nil
    return "[" .. table.concat(parts, ",") .. "]"
  end
  local keys = {}
  for k in pairs(value) do keys[#keys + 1] = { text = tostring(k), key = k } end
  table.sort(keys, function(a, b) return a.text < b.text end)
  for i, entry in ipairs(keys) do parts[i] = encodeString(entry.text) .. ":" .. encode(value[entry.key], seen) end
  seen[value] = nil
  return "{" .. table.concat(parts, ",") .. "}"
end

function encode(value, seen)
  local kind = type(value)
  if kind == "string" then return encodeString(value) end
  if kind == "number" then return encodeNumber(value) end
  if kind == "boolean" then return tostring(value) end
  if kind == "table" then return encodeTable(value, seen or {}) end
  return "null"
end

local function record(fields)
  fields.at = scrim.now()
  state.events[#state.events + 1] = fields
  if config.path then
    local file = assert(io.open(config.path, "a"))
    file:write(encode(fields), "\n")
    file:close()
  end
end

return {
  name = "analytics",
  version = "1.1.0",
  description = "Records dimming taps and popup selections (the seed's analytics), in memory or as JSON lines",
  permissions = { "io" },
  hooks = {
    ["dimming.tapped"] = function(ev)
      record{ event = "dimming.tapped", viewController = tostring(ev.viewController), willDismiss = ev.willDismiss }
    end,
    ["popup.didSelect"] = function(ev)
      record{ event = "popup.didSelect", item = ev.item, index = ev.index, popup = ev.popup and ev.popup.name or nil }
    end,
  },
  setup = function(ctx)
    config.path = ctx.options.path
    if config.path ~= nil and (type(config.path) ~= "string" or config.path == "") then
      error("analytics: options.path must be a file name, got " .. tostring(config.path), 0)
    end
    state = ctx.state
    state.events = state.events or {}
  end,
}
