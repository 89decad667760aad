-- Chains of words: `assert.is_not.equal(…)`, `assert.spy(s).was.called_with(…)`, `match.no.string()`. A chain
-- gathers the words it is indexed with (lower-cased, split at "_"); calling it reads them as registered names —
-- modifiers, and the names of the chain's kind (assertions or matchers) — and acts on them. The registered names
-- live in `lib.namespaces` (luassert's namespaces: assertion, modifier, matcher, and any a suite registers).
local lib = ...
local rawget, setmetatable, insert = rawget, setmetatable, table.insert

local namespaces = { assertion = {}, modifier = {}, matcher = {} }
lib.namespaces = namespaces

-- The names `words` make, in order. Words are read from the last one back; at each step as many of the words
-- before are taken in as keep making a longer name of `kind` (so a suite's "has_property" wins over has + property),
-- and a word that makes no name is carried on to the word before it ("is_shiny" is one unknown name).
-- A word left over at the start is reported.
function lib.readWords(kind, words)
  local names, known, modifiers = {}, namespaces[kind], namespaces.modifier
  local carried
  local at = #words
  while at > 0 do
    local name = carried and (words[at] .. "_" .. carried) or words[at]
    while at > 1 and known[words[at - 1] .. "_" .. name] do
      at = at - 1
      name = words[at] .. "_" .. name
    end
    if modifiers[name] or known[name] then
      insert(names, 1, name)
      carried = nil
    else
      carried = name
    end
    at = at - 1
  end
  if carried then lib.raise("luassert: unknown modifier/" .. kind .. ": '" .. carried .. "'") end
  return names
end

-- Every word of the key is another word of the chain; the chain itself is what indexing gives.
local function gather(chain, key)
  if type(key) ~= "string" then return nil end
  local words = rawget(chain, "tokens")
  for word in key:lower():gmatch("[^_]+") do words[#words + 1] = word end
  return chain
end

-- A call reads the words. With a name of the chain's kind among them, the modifiers apply (without arguments) and
-- `finish(chain, entry, arguments, ...)` does what the last such name registered; with modifiers only, each takes
-- the arguments (assert.spy(s), assert.message(text)) and the chain goes on with no words.
-- Callbacks get 2 as their error level: tail calls leave the spec's frame right above this one.
local function act(kind, finish, chain, ...)
  local names = lib.readWords(kind, chain.tokens)
  local entries, modifiers = namespaces[kind], namespaces.modifier
  local entry
  for _, name in ipairs(names) do entry = entries[name] or entry end
  local arguments = lib.arglist.new(...)
  if entry == nil then
    chain.tokens = {}
    for _, name in ipairs(names) do
      local modifier = modifiers[name]
      if modifier then modifier.callback(chain, arguments, 2) end
    end
    return chain
  end
  for _, name in ipairs(names) do
    local modifier = modifiers[name]
    if modifier then modifier.callback(chain) end
  end
  return finish(chain, entry, arguments, ...)
end

-- A new chain of `kind` (luassert's state object: `mod` is false while negated; modifiers may keep more fields).
function lib.chainMaker(kind, finish)
  local meta = { __index = gather }
  function meta.__call(chain, ...) return act(kind, finish, chain, ...) end
  return function() return setmetatable({ mod = true, tokens = {} }, meta) end
end

-- Registers a callback under `name` in `kind`'s namespace (made on first use), with its message keys.
function lib.register(kind, name, callback, positive, negative)
  local lower = name:lower()
  namespaces[kind] = namespaces[kind] or {}
  namespaces[kind][lower] = { callback = callback, name = lower, positive_message = positive, negative_message = negative }
end

function lib.unregister(kind, name)
  namespaces[kind] = namespaces[kind] or {}
  namespaces[kind][name:lower()] = nil
end
