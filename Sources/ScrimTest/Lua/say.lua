-- `say`, the store of message texts that assertions name by key ("assertion.equals.positive"): texts live in
-- language namespaces, a key missing from the current one is looked up in the fallback one. It is what
-- `require("say")` gives a spec unless the suite ships its own.
local lib = ...
local type, tostring, error, setmetatable = type, tostring, error, setmetatable

local languages = {}
local current, fallback

local function language(name)
  local texts = languages[name]
  if texts == nil then
    texts = {}
    languages[name] = texts
  end
  return texts
end

local say = { _VERSION = "Say 1.3 (scrim)", _registry = languages }

function say:set_namespace(name)
  current = name
  language(name)
end

function say:set_fallback(name)
  fallback = name
  language(name)
end

function say:set(key, text)
  languages[current][key] = text
end

-- The text of `key` with its `%s` filled from `values` (each through tostring, as many as values.n or its length
-- says); nil for a key neither namespace has. With no values the text comes back as it is written.
local function render(_, key, values)
  if values ~= nil and type(values) ~= "table" then
    error(("expected parameter table to be a table, got '%s'"):format(type(values)), 2)
  end
  local text = languages[current][key]
  if not text then text = languages[fallback][key] end
  if text == nil then return nil end
  text = tostring(text)
  values = values or {}
  local count = values.n or 0
  if #values > count then count = #values end
  if count == 0 then return text end
  local shown = {}
  for i = 1, count do shown[i] = tostring(values[i]) end
  return text:format(table.unpack(shown, 1, count))
end

-- `say.en` is the table of a namespace's texts.
setmetatable(say, { __call = render, __index = function(_, name) return languages[name] end })

say:set_fallback("en")
say:set_namespace("en")
lib.say = say
