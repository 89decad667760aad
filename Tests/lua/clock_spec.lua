-- docs/API.md §1: the virtual clock.
describe("the virtual clock", function()
  it("starts at 0 in every runtime and moves only when told", function()
    assert.equal(0, scrim.now())
    scrim.advance(1.5)
    assert.equal(1.5, scrim.now())
  end)

  it("runs timers in time order, ties in scheduling order", function()
    local order = {}
    local start = scrim.now()
    scrim.after(0.2, function() order[#order + 1] = "b" end)
    scrim.after(0.1, function() order[#order + 1] = "a" end)
    scrim.after(0.2, function() order[#order + 1] = "c" end)
    scrim.after(0.2, function() order[#order + 1] = ("at %.1f"):format(scrim.now() - start) end)
    scrim.advance(0.15)
    assert.same({"a"}, order)
    scrim.settle()
    assert.same({"a", "b", "c", "at 0.2"}, order)
  end)

  it("cancels timers", function()
    local fired = false
    local t = scrim.after(1, function() fired = true end)
    assert.is_true(t.isPending)
    t:cancel()
    assert.is_false(t.isPending)
    scrim.advance(2)
    assert.is_false(fired)
  end)

  it("interleaves timers and animation completions by time", function()
    local v = scrim.View{ frame = {0, 0, 10, 10} }
    scrim.window:addSubview(v)
    local order = {}
    scrim.animate(0.5, function() v.alpha = 0 end, function() order[#order + 1] = "animation" end)
    scrim.after(0.4, function() order[#order + 1] = "early timer" end)
    scrim.after(0.6, function() order[#order + 1] = "late timer" end)
    scrim.settle()
    assert.same({"early timer", "animation", "late timer"}, order)
  end)

  it("settles and returns the seconds advanced", function()
    local start = scrim.now()
    scrim.after(3, function() end)
    assert.near(3, scrim.settle(), 1e-9)
    assert.near(start + 3, scrim.now(), 1e-9)
  end)

  it("raises past its timeout, naming what is pending", function()
    local v = scrim.View{ name = "spinner", frame = {0, 0, 10, 10} }
    scrim.window:addSubview(v)
    scrim.animate(100, function() v.alpha = 0 end)
    scrim.after(50, function() end)
    local ok, err = pcall(scrim.settle, 2)
    assert.is_false(ok)
    assert.truthy(err:find("settle: still busy after 2 s: ", 1, true))
    assert.truthy(err:find('"spinner"', 1, true))
    assert.truthy(err:find("alpha", 1, true))
    assert.truthy(err:find("timer", 1, true))
    v:removeAllAnimations()
  end)

  it("refuses negative or missing durations", function()
    assert.has_error(function() scrim.advance(-1) end)
    assert.has_error(function() scrim.after(-1, function() end) end)
    assert.has_error(function() scrim.after(1) end)
  end)

  it("exposes the screen, the window and the frame rate", function()
    assert.same({width = 390, height = 844, scale = 3}, scrim.screen)
    assert.same({x = 0, y = 0, width = 390, height = 844}, scrim.window.frame)
    assert.equal(60, scrim.frameRate)
    scrim.frameRate = 30
    assert.equal(30, scrim.frameRate)
    assert.has_error(function() scrim.frameRate = -5 end)
    assert.equal(30, scrim.frameRate)
  end)

  it("gives the screen as a copy: a non-finite size never reaches another reader", function()
    local copy = scrim.screen
    copy.width, copy.height = 0 / 0, 1 / 0
    assert.same({width = 390, height = 844, scale = 3}, scrim.screen)
    assert.has_error(function() scrim.screen = {width = 0 / 0, height = 1, scale = 1} end,
      "scrim.screen is read-only (the screen is chosen with --screen WxH[@S])")
    assert.equal(390, scrim.screen.width)
  end)
end)
