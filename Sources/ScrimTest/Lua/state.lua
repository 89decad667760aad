-- The assert library's state in layers (luassert's snapshots): each layer holds the formatters, parameters and
-- spies added while it was the newest. `snapshot()` starts a new layer; reverting a layer drops it and every
-- newer one, removes their formatters and parameters and reverts their spies. Looking a formatter or a
-- parameter up goes from the newest layer down. The layers' fields (formatters newest first, parameters,
-- spies, previous, next) are luassert's, which suites read.
local lib = ...
local error, setmetatable, getmetatable, next = error, setmetatable, getmetatable, next

local state = {}
lib.state = state

local layerMeta = { __call = function(layer) layer:revert() end }
-- Stands for a parameter set to nil, which hides the value of an older layer.
local setToNil = {}
local newest

function state.revert(layer)
  if layer == nil then
    layer = newest
    if layer.previous == nil then return end
  end
  if getmetatable(layer) ~= layerMeta then error("Value provided is not a valid snapshot", 2) end
  if layer.next then layer.next:revert() end
  layer.formatters, layer.parameters = {}, {}
  for spy in next, layer.spies do
    layer.spies[spy] = nil
    spy:revert()
  end
  setmetatable(layer, nil)
  newest = layer.previous
  newest.next = nil
end

function state.snapshot()
  local layer = setmetatable({
    formatters = {}, parameters = {}, spies = setmetatable({}, { __mode = "kv" }),
    previous = newest, revert = state.revert,
  }, layerMeta)
  if newest then newest.next = layer end
  newest = layer
  return layer
end

function state.add_formatter(formatter) table.insert(newest.formatters, 1, formatter) end

-- Removes `formatter` from `layer` (the newest by default) and every older layer.
function state.remove_formatter(formatter, layer)
  layer = layer or newest
  while layer do
    local list = layer.formatters
    for i = 1, #list do
      if list[i] == formatter then
        table.remove(list, i)
        break
      end
    end
    layer = layer.previous
  end
end

-- The first text a formatter gives `value`, from `layer` (the newest by default) down; nil when none does.
function state.format_argument(value, layer, extra)
  layer = layer or newest
  while layer do
    for _, formatter in ipairs(layer.formatters) do
      local text = formatter(value, extra)
      if text ~= nil then return text end
    end
    layer = layer.previous
  end
  return nil
end

function state.set_parameter(name, value)
  if value == nil then value = setToNil end
  newest.parameters[name] = value
end

function state.get_parameter(name, layer)
  layer = layer or newest
  while layer do
    local value = layer.parameters[name]
    if value == setToNil then return nil end
    if value ~= nil then return value end
    layer = layer.previous
  end
  return nil
end

function state.add_spy(spy) newest.spies[spy] = true end

-- The bottom layer, which holds the library's own formatters and parameters.
state.snapshot()
