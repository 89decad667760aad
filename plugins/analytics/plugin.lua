-- The seed's 埋点 (analytics) use of dimmingViewTapped, as a plugin: every `dimming.tapped` and
-- `popup.didSelect` becomes one JSON line appended to a file. Granted "io" for that file only by convention.
-- options: path (default "scrim-analytics.jsonl" in the current folder), e.g.
--   scrim.plugins.load("plugins/analytics", { path = "/tmp/events.jsonl" })
local config = { path = "scrim-analytics.jsonl" }
local state

local function encode(value)
  local kind = type(value)
  if kind == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c)
      local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
      return named[c] or string.format("\\u%04x", c:byte())
    end) .. '"'
  elseif kind == "number" then
    return value == math.floor(value) and string.format("%d", value) or string.format("%.6g", value)
  elseif kind == "boolean" then
    return tostring(value)
  elseif kind == "table" then
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = encode(k) .. ":" .. encode(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  return "null"
end

local function record(fields)
  fields.at = scrim.now()
  local file = assert(io.open(config.path, "a"))
  file:write(encode(fields), "\n")
  file:close()
  state.recorded = state.recorded + 1
end

return {
  name = "analytics",
  version = "1.0.0",
  description = "Records dimming taps and popup selections as JSON lines (the seed's analytics)",
  permissions = { "io" },
  options = { path = "scrim-analytics.jsonl" },
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
    state = ctx.state
    state.recorded = state.recorded or 0
  end,
}
