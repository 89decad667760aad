-- `say`, the namespaced message store luassert's assertions take their texts from: what `require("say")`
-- gives a spec unless the suite ships its own. Keys resolve in the current namespace, then the fallback one.
local registry = {}
local currentNamespace, fallbackNamespace

local say = {
  _VERSION = "Say 1.3 (scrim)",
  _registry = registry,
}

function say:set_namespace(namespace)
  currentNamespace = namespace
  registry[namespace] = registry[namespace] or {}
end

function say:set_fallback(namespace)
  fallbackNamespace = namespace
  registry[namespace] = registry[namespace] or {}
end

function say:set(key, value)
  registry[currentNamespace][key] = value
end

setmetatable(say, {
  -- say(key, {values…}): the text formatted with the values (each through tostring), nil for an unknown key.
  __call = function(_, key, values)
    if values ~= nil and type(values) ~= "table" then
      error(("expected parameter table to be a table, got '%s'"):format(type(values)), 2)
    end
    values = values or {}
    local count = math.max(values.n or 0, #values)
    local text = registry[currentNamespace][key]
    if text == nil then text = registry[fallbackNamespace][key] end
    if text == nil then return nil end
    text = tostring(text)
    if count == 0 then return text end
    local strings = {}
    for i = 1, count do strings[i] = tostring(values[i]) end
    return text:format(table.unpack(strings, 1, count))
  end,
  __index = function(_, namespace) return registry[namespace] end,
})

say:set_fallback("en")
say:set_namespace("en")

return say
