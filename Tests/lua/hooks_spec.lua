-- docs/API.md §8: the hook bus.
describe("hooks", function()
  it("runs higher priority first, equal priorities in registration order", function()
    local order = {}
    scrim.on("t.order", function() order[#order + 1] = "low" end, { priority = -1 })
    scrim.on("t.order", function() order[#order + 1] = "first" end)
    scrim.on("t.order", function() order[#order + 1] = "high" end, { priority = 10 })
    scrim.on("t.order", function() order[#order + 1] = "second" end)
    scrim.emit("t.order")
    assert.same({"high", "first", "second", "low"}, order)
  end)

  it("passes fields and target, and removes once-hooks after their first call", function()
    local seen = {}
    local target = scrim.View{ name = "t" }
    scrim.on("t.fields", function(ev) seen[#seen + 1] = { ev.name, ev.item, ev.index, ev.target } end, { once = true })
    scrim.emit("t.fields", { item = "rename", index = 3, target = target })
    scrim.emit("t.fields", { item = "again" })
    assert.equal(1, #seen)
    assert.same("t.fields", seen[1][1])
    assert.same("rename", seen[1][2])
    assert.same(3, seen[1][3])
    assert.equal(target, seen[1][4])
  end)

  it("removes hooks by handle and by group", function()
    local count = 0
    local h = scrim.on("t.remove", function() count = count + 1 end)
    scrim.on("t.remove", function() count = count + 10 end, { group = "g" })
    scrim.on("t.remove", function() count = count + 100 end, { group = "g" })
    h:remove()
    assert.equal(2, scrim.off("g"))
    scrim.emit("t.remove")
    assert.equal(0, count)
  end)

  it("lets a handler cancel a cancellable event", function()
    scrim.on("t.cancel", function(ev) ev:cancel() end)
    assert.is_false(scrim.emit("t.cancel", {}))
    assert.is_true(scrim.emit("t.nobody", {}))
  end)

  it("isolates an error in a handler and reports it through the error event", function()
    local ran, reported = {}, {}
    scrim.on("error", function(ev) reported[#reported + 1] = ev.message end)
    scrim.on("t.error", function() ran[#ran + 1] = 1; error("handler broke") end)
    scrim.on("t.error", function() ran[#ran + 1] = 2 end)
    scrim.emit("t.error")
    assert.same({1, 2}, ran)
    assert.equal(1, #reported)
    assert.truthy(reported[1]:find("hooks_spec.lua:%d+: handler broke"))
  end)

  it("emits animation.didStart and animation.didFinish", function()
    local v = scrim.View{ name = "animated", frame = {0, 0, 10, 10} }
    scrim.window:addSubview(v)
    local events = {}
    scrim.on("animation.didStart", function(ev) events[#events + 1] = "start " .. ev.view.name end)
    scrim.on("animation.didFinish", function(ev) events[#events + 1] = "finish " .. ev.view.name .. " " .. tostring(ev.finished) end)
    scrim.animate(0.5, function() v.alpha = 0 end)
    scrim.settle()
    assert.same({"start animated", "finish animated true"}, events)
  end)

  it("checks its arguments", function()
    assert.has_error(function() scrim.on("x") end)
    assert.has_error(function() scrim.on(1, function() end) end)
    assert.has_error(function() scrim.emit("x", 5) end)
  end)
end)
