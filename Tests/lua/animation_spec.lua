-- docs/API.md §3 and docs/DESIGN.md rules 1–4: model at once, presentation exact, curves, additive, flags.

-- An independent cubic Bézier solver (bisection on the parametric curve), to check the engine against.
local function bezier(x1, y1, x2, y2)
  local function coord(t, p1, p2) local u = 1 - t return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t end
  return function(x)
    local lo, hi = 0, 1
    for _ = 1, 200 do
      local mid = (lo + hi) / 2
      if coord(mid, x1, x2) < x then lo = mid else hi = mid end
    end
    return coord((lo + hi) / 2, y1, y2)
  end
end
local curves = {
  easeInOut = bezier(0.42, 0, 0.58, 1), easeIn = bezier(0.42, 0, 1, 1),
  easeOut = bezier(0, 0, 0.58, 1), linear = function(x) return x end,
}

local function box(name)
  local v = scrim.View{ name = name or "box", frame = {0, 0, 100, 100}, backgroundColor = "red" }
  scrim.window:addSubview(v)
  return v
end

describe("scrim.animate", function()
  it("sets the model at once and interpolates the presentation exactly, for every curve", function()
    for name, f in pairs(curves) do
      local v = box(name)
      local start = scrim.now()
      scrim.animate{ duration = 2, curve = name, animations = function() v.frame = {200, 0, 100, 100}; v.alpha = 0 end }
      assert.equal(200, v.frame.x)
      assert.equal(0, v.alpha)
      for _, t in ipairs({0.1, 0.37, 0.5, 1.3, 1.99}) do
        scrim.advance(start + t - scrim.now())
        local p = v:presentation()
        assert.near(200 * f(t / 2), p.frame.x, 1e-6)
        assert.near(1 - f(t / 2), p.alpha, 1e-6)
      end
      scrim.settle()
      assert.equal(200, v:presentation().frame.x)
      v:removeFromSuperview()
    end
  end)

  it("accepts control points as a curve", function()
    local v = box()
    local f = bezier(0.25, 0.1, 0.25, 1)
    scrim.animate{ duration = 1, curve = {0.25, 0.1, 0.25, 1}, animations = function() v.center = {150, 50} end }
    scrim.advance(0.3)
    assert.near(50 + 100 * f(0.3), v:presentation().frame.x + 50, 1e-6)
    scrim.settle()
    v:removeFromSuperview()
  end)

  it("is additive: a second animation of the same property keeps the first, both finish true", function()
    local v = box()
    local flags = {}
    scrim.animate(1, function() v.frame = {100, 0, 100, 100} end, function(f) flags[#flags + 1] = "first " .. tostring(f) end)
    scrim.advance(0.5)
    scrim.animate(1, function() v.frame = {300, 0, 100, 100} end, function(f) flags[#flags + 1] = "second " .. tostring(f) end)
    -- presentation = model + each animation's remaining offset
    local e = curves.easeInOut
    scrim.advance(0.25)
    local expected = 300 + (0 - 100) * (1 - e(0.75)) + (100 - 300) * (1 - e(0.25))
    assert.near(expected, v:presentation().frame.x, 1e-6)
    scrim.settle()
    assert.same({"first true", "second true"}, flags)
    v:removeFromSuperview()
  end)

  it("replaces with beginFromCurrentState: the old completion gets false", function()
    local v = box()
    local flags = {}
    scrim.animate(1, function() v.frame = {100, 0, 100, 100} end, function(f) flags[#flags + 1] = f end)
    scrim.advance(0.5)
    local from = v:presentation().frame.x
    scrim.animate{ duration = 1, curve = "linear", beginFromCurrentState = true,
                   animations = function() v.frame = {300, 0, 100, 100} end,
                   completion = function(f) flags[#flags + 1] = f end }
    scrim.advance(0.5)
    assert.near(from + (300 - from) * 0.5, v:presentation().frame.x, 1e-6)
    scrim.settle()
    assert.same({false, true}, flags)
    v:removeFromSuperview()
  end)

  it("applies zero duration at once and completes on the next turn, with true", function()
    local v = box()
    local finished
    scrim.animate(0, function() v.alpha = 0.25 end, function(f) finished = f end)
    assert.equal(0.25, v:presentation().alpha)
    assert.is_nil(finished)
    scrim.advance(0)
    assert.is_true(finished)
    v:removeFromSuperview()
  end)

  it("honours delay", function()
    local v = box()
    scrim.animate{ duration = 1, delay = 0.5, curve = "linear", animations = function() v.alpha = 0 end }
    scrim.advance(0.4)
    assert.equal(1, v:presentation().alpha)
    scrim.advance(0.6)
    assert.near(0.5, v:presentation().alpha, 1e-9)
    scrim.settle()
    v:removeFromSuperview()
  end)

  it("cancels with false, and removeAllAnimations jumps to the model", function()
    local v = box()
    local flags = {}
    local a = scrim.animate(1, function() v.alpha = 0 end, function(f) flags[#flags + 1] = f end)
    scrim.advance(0.5)
    a:cancel()
    scrim.animate(1, function() v.frame = {50, 0, 100, 100} end, function(f) flags[#flags + 1] = f end)
    scrim.advance(0.2)
    v:removeAllAnimations()
    assert.equal(50, v:presentation().frame.x)
    scrim.settle()
    assert.same({false, false}, flags)
    v:removeFromSuperview()
  end)

  it("springs end exactly on target and overshoot when underdamped", function()
    local v = box()
    scrim.animate{ duration = 1, spring = {damping = 0.3, velocity = 0}, animations = function() v.frame = {100, 0, 100, 100} end }
    local max = 0
    for _ = 1, 60 do
      scrim.advance(1 / 60)
      max = math.max(max, v:presentation().frame.x)
    end
    assert.is_true(max > 100)
    scrim.settle()
    assert.equal(100, v:presentation().frame.x)
    v:removeFromSuperview()
  end)

  it("rejects bad options with clear errors", function()
    assert.has_error(function() scrim.animate{ animations = function() end } end)
    local ok, err = pcall(function() scrim.animate{ duration = 1, curve = "bouncy", animations = function() end } end)
    assert.is_false(ok)
    assert.truthy(err:find("unknown curve 'bouncy'", 1, true))
    ok, err = pcall(function() scrim.animate(1, "not a function") end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #2 to 'animate' (function expected, got string)", 1, true))
  end)
  it("an animation started while a longer one runs still ends on time", function()
    -- Nothing observes frames here, so the clock looks ahead to the frame where the 3 s animation ends; an
    -- animation started before then (a timer, a touch) must not wait for that frame.
    local long, short = scrim.View{}, scrim.View{}
    scrim.window:addSubview(long)
    scrim.window:addSubview(short)
    scrim.animate(3, function() long.alpha = 0 end)
    scrim.advance(0.5)
    local startedAt, finishedAt = scrim.now(), nil
    scrim.animate(0.25, function() short.alpha = 0 end, function() finishedAt = scrim.now() end)
    scrim.advance(0.3)
    assert.is_not_nil(finishedAt)
    assert.near(startedAt + 0.25, finishedAt, 1 / 60 + 1e-9)
    assert.are.equal(0, short:presentation().alpha)
  end)
end)
