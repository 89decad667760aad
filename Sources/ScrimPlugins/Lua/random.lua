-- A generator of pseudo-random numbers of a plugin's own: `math.random` and `math.randomseed` as Lua 5.4 has them
-- (xoshiro256**, the same numbers for the same seed), so that a plugin's seeds and draws leave the sequence the
-- scripts see untouched. `random.new(seed)` returns the two functions.
local G = ...
local type, error, select = G.type, G.error, G.select
local mathType, ult, floor = G.math.type, G.math.ult, G.math.floor

local function rotl(x, n)
  return (x << n) | (x >> (64 - n))
end

local function nextRandom(s)
  local s0, s1, s2, s3 = s[1], s[2], s[3] ~ s[1], s[4] ~ s[2]
  local result = rotl(s1 * 5, 7) * 9
  s[1] = s0 ~ s3
  s[2] = s1 ~ s2
  s[3] = s2 ~ (s1 << 17)
  s[4] = rotl(s3, 45)
  return result
end

local function setSeed(s, n1, n2)
  s[1], s[2], s[3], s[4] = n1, 0xff, n2, 0
  for _ = 1, 16 do nextRandom(s) end
end

-- `ran` projected into [0, n] (unsigned), as Lua does: masked to the smallest 2^b - 1 ≥ n, redrawn until inside.
local function project(ran, n, s)
  if n & (n + 1) == 0 then return ran & n end
  local lim = n
  lim = lim | (lim >> 1)
  lim = lim | (lim >> 2)
  lim = lim | (lim >> 4)
  lim = lim | (lim >> 8)
  lim = lim | (lim >> 16)
  lim = lim | (lim >> 32)
  ran = ran & lim
  while ult(n, ran) do ran = nextRandom(s) & lim end
  return ran
end

-- luaL_checkinteger: an integer, or a float or numeric string with an integer value. Errors at the plugin's line.
local function integerArgument(value, position, name)
  if type(value) == "string" then value = G.tonumber(value) or value end
  if mathType(value) == "integer" then return value end
  if type(value) == "number" then
    if value == floor(value) and value >= -2.0 ^ 63 and value < 2.0 ^ 63 then return floor(value) end
    error(("bad argument #%d to '%s' (number has no integer representation)"):format(position, name), 3)
  end
  error(("bad argument #%d to '%s' (number expected, got %s)"):format(position, name,
    value == nil and "no value" or type(value)), 3)
end

local random = {}

function random.new(seed)
  local s = {}
  setSeed(s, seed, 0)
  local function draw(...)
    local rv = nextRandom(s)
    local count = select("#", ...)
    local low, up
    if count == 0 then
      return (rv >> 11) * 0x1.0p-53
    elseif count == 1 then
      low, up = 1, integerArgument((...), 1, "random")
      if up == 0 then return rv end
    elseif count == 2 then
      low, up = integerArgument((...), 1, "random"), integerArgument(select(2, ...), 2, "random")
    else
      error("wrong number of arguments", 2)
    end
    if not (low <= up) then error("bad argument #1 to 'random' (interval is empty)", 2) end
    return project(rv, up - low, s) + low
  end
  local function reseed(...)
    local n1, n2
    if select("#", ...) == 0 then
      n1, n2 = nextRandom(s), nextRandom(s)
    else
      n1 = integerArgument((...), 1, "randomseed")
      n2 = select("#", ...) > 1 and integerArgument(select(2, ...), 2, "randomseed") or 0
    end
    setSeed(s, n1, n2)
    return n1, n2
  end
  return draw, reseed
end

return random
