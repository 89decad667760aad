-- The seed's 埋点 (analytics) use of dimmingViewTapped, as a plugin: every `dimming.tapped` and `popup.didSelect`
-- becomes an event `{ event =, at =, … }`. Events are kept in memory, in order, readable by the host as
--   scrim.plugins.state("analytics").events
-- and, only when the options give a path, also appended to that file as JSON lines (written by scrim.json):
--   scrim.plugins.load("@analytics", { path = "/tmp/events.jsonl" })
local config = {}
local state

local function record(fields)
  fields.at = scrim.now()
  state.events[#state.events + 1] = fields
  if config.path then
    local file = assert(io.open(config.path, "a"))
    file:write(scrim.json(fields), "\n")
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
