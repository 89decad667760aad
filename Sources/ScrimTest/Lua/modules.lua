-- The modules a spec can require, as busted's suites do: `busted` (the DSL, its event bus, `fail`), luassert's,
-- and `say` (the suite's own, found first on package.path, else Scrim's). Run once per spec file's runtime with the
-- test library and the runner's DSL.
local lib, dsl = ...
local Failure, userLocation = lib.Failure, lib.userLocation
local type, tostring, error, setmetatable, next, ipairs = type, tostring, error, setmetatable, next, ipairs
local concat = table.concat

-- busted's event bus, for the events a spec publishes itself: channels are lists of names, and a publication
-- also reaches the subscribers of the channel's prefixes (mediator's namespaces).
local subscribers, nextSubscriber = {}, 0
local function channelKey(channel)
  return type(channel) == "table" and concat(channel, "\0") or tostring(channel)
end

local api = {
  version = "2.1.1 (scrim)",
  assert = lib.assert, spy = lib.spy, stub = lib.stub, mock = lib.mock, match = lib.match,
  subscribe = function(channel, fn, subscriberOptions)
    local key = channelKey(channel)
    local list = subscribers[key] or {}
    subscribers[key] = list
    nextSubscriber = nextSubscriber + 1
    local subscriber = { id = nextSubscriber, fn = fn, options = subscriberOptions or {}, channel = key }
    list[#list + 1] = subscriber
    return subscriber
  end,
  unsubscribe = function(id, channel)
    if type(id) == "table" then id, channel = id.id, channel or id.channel end
    local list = subscribers[type(channel) == "string" and channel or channelKey(channel)] or {}
    for i, s in ipairs(list) do
      if s.id == id then table.remove(list, i); break end
    end
  end,
  publish = function(channel, ...)
    local names = type(channel) == "table" and { table.unpack(channel) } or { channel }
    while #names > 0 do
      for _, s in ipairs({ table.unpack(subscribers[channelKey(names)] or {}) }) do
        local predicate = s.options.predicate
        if predicate == nil or predicate(...) then s.fn(...) end
      end
      names[#names] = nil
    end
  end,
  parent = function(element) return element and element.parent end,
  children = function(element) return element and element.children or {} end,
  gettime = os.time,
  monotime = os.clock,
}
for name, fn in next, dsl do api[name] = fn end
-- busted's `fail(message)` (in the module only, not a global): a failure at the caller's line.
api.fail = function(message)
  error(setmetatable({ message = tostring(message), where = userLocation(2) }, Failure), 2)
end
local busted = setmetatable({}, {
  __index = api,
  __newindex = function() error("Attempt to modify busted", 2) end,
})
package.loaded.busted = busted
package.loaded.luassert = lib.assert
package.loaded["luassert.assert"] = lib.assert
package.loaded["luassert.spy"] = lib.spy
package.loaded["luassert.stub"] = lib.stub
package.loaded["luassert.mock"] = lib.mock
package.loaded["luassert.match"] = lib.match
package.loaded["luassert.util"] = lib.util
package.loaded["luassert.state"] = lib.state
package.loaded["luassert.namespaces"] = lib.namespaces

-- `require("say")` finds the suite's own say first (package.path), else Scrim's.
table.insert(package.searchers, function(name)
  if name == "say" then return function() return lib.say end, ":scrim:" end
  return nil
end)
