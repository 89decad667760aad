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

  it("runs a handler added during an emission from the next one, and skips one removed before its turn", function()
    local ran = {}
    local later
    scrim.on("t.change", function()
      ran[#ran + 1] = "first"
      later:remove()
      scrim.on("t.change", function() ran[#ran + 1] = "added" end)
    end)
    later = scrim.on("t.change", function() ran[#ran + 1] = "removed" end)
    scrim.emit("t.change")
    assert.same({"first"}, ran)
    scrim.emit("t.change")
    assert.same({"first", "first", "added"}, ran)
    assert.is_false(later.isActive)
  end)

  it("skips handlers of a group turned off by an earlier handler, and a handler that removed itself", function()
    local ran = {}
    local self
    self = scrim.on("t.off", function() ran[#ran + 1] = "self"; self:remove() end, { priority = 2 })
    scrim.on("t.off", function() ran[#ran + 1] = "off"; scrim.off("later") end, { priority = 1 })
    scrim.on("t.off", function() ran[#ran + 1] = "later" end, { group = "later" })
    scrim.emit("t.off")
    scrim.emit("t.off")
    assert.same({"self", "off", "off"}, ran)
  end)

  it("gives every handler the fields as they were at the emission, numbers as Swift keeps them", function()
    local seen = {}
    local fields = { n = 2.0, f = 2.5, big = 2^60, target = 1.0, list = { 1 }, name = "ignored" }
    for i = 1, 2 do
      scrim.on("t.snapshot", function(ev)
        seen[i] = { math.type(ev.n), math.type(ev.f), math.type(ev.big), math.type(ev.target), ev.list, ev.name, ev.extra }
        fields.extra = "added by a handler"
      end)
    end
    scrim.emit("t.snapshot", fields)
    for i = 1, 2 do
      assert.same({ "integer", "float", "float", "float" }, { table.unpack(seen[i], 1, 4) })
      assert.equal(fields.list, seen[i][5])
      assert.equal("t.snapshot", seen[i][6])
      assert.is_nil(seen[i][7])
    end
  end)

  it("cancels through the handler's own table only while it runs; events emitted as not cancellable refuse", function()
    local kept, flags = nil, {}
    scrim.on("t.cancel2", function(ev)
      flags[#flags + 1] = tostring(ev.isCancellable) .. "/" .. tostring(ev.isCancelled)
      kept = ev
      assert.is_true(ev:cancel())
      flags[#flags + 1] = tostring(ev.isCancelled)
    end)
    scrim.on("t.cancel2", function(ev) flags[#flags + 1] = "next " .. tostring(ev.isCancelled) end)
    assert.is_false(scrim.emit("t.cancel2"))
    assert.same({ "true/false", "true", "next false" }, flags)
    local ok, err = pcall(kept.cancel, kept)
    assert.is_false(ok)
    assert.truthy(err:find("the event is over", 1, true))
    local refused
    scrim.on("t.fixed", function(ev) refused = select(2, pcall(ev.cancel, ev)) end)
    assert.is_true(scrim.emit("t.fixed", nil, false))
    assert.truthy(refused:find("event 't.fixed' cannot be cancelled", 1, true))
  end)

  it("cancels an outer event from a nested emission's handler, and not after a handler's error", function()
    local outer, afterError
    scrim.on("t.outer", function(ev)
      outer = ev
      scrim.emit("t.inner")
    end)
    scrim.on("t.inner", function(ev)
      assert.is_true(outer:cancel()) -- the outer emission is still under way
      assert.is_true(ev:cancel())
    end)
    assert.is_false(scrim.emit("t.outer"))
    assert.is_true(outer.isCancelled)
    scrim.on("t.failing", function(ev)
      afterError = ev
      error("handler fails")
    end)
    scrim.on("error", function() end, { group = "t.failing" })
    assert.is_true(scrim.emit("t.failing"))
    scrim.off("t.failing")
    local ok, err = pcall(afterError.cancel, afterError)
    assert.is_false(ok)
    assert.truthy(err:find("the event is over", 1, true))
  end)

  it("cancels the same way when Swift dispatches (a once handler), across nested emissions from C", function()
    local kept, outer, flags = nil, nil, {}
    scrim.on("t.swiftcancel", function(ev)
      kept, outer = ev, ev
      flags[#flags + 1] = tostring(ev.isCancellable) .. " " .. ev.name
      scrim.emit("t.cinner") -- dispatched from C, inside the Swift dispatch
    end, { once = true })
    scrim.on("t.cinner", function(ev)
      assert.is_true(outer:cancel())
      flags[#flags + 1] = "inner " .. tostring(ev.isCancelled)
    end)
    scrim.on("t.swiftcancel", function(ev) flags[#flags + 1] = "next " .. tostring(ev.isCancelled) end)
    assert.is_false(scrim.emit("t.swiftcancel"))
    assert.same({ "true t.swiftcancel", "inner false", "next false" }, flags)
    assert.is_true(kept.isCancelled)
    local ok, err = pcall(kept.cancel, kept)
    assert.is_false(ok)
    assert.truthy(err:find("the event is over", 1, true))
    local refused
    scrim.on("t.swiftfixed", function(ev) refused = select(2, pcall(ev.cancel, ev)) end, { once = true })
    assert.is_true(scrim.emit("t.swiftfixed", nil, false))
    assert.truthy(refused:find("event 't.swiftfixed' cannot be cancelled", 1, true))
  end)

  it("reports a handler's error with its place and the emitting line in the traceback", function()
    local report
    scrim.on("error", function(ev) report = ev end)
    scrim.on("t.trace", function() error("deep") end)
    scrim.emit("t.trace")
    assert.truthy(report.message:find("hooks_spec.lua:%d+: deep"))
    assert.equal('hook handler for "t.trace"', report.context)
    assert.truthy(report.traceback:find("in function 'scrim.emit'", 1, true))
    assert.truthy(report.traceback:find("hooks_spec.lua:%d+: in function"))
  end)

  it("does not let a handler yield across the emission", function()
    scrim.on("t.yield", function() coroutine.yield(1) end)
    local report
    scrim.on("error", function(ev) report = ev.message end)
    local co = coroutine.create(function() return scrim.emit("t.yield") end)
    assert.same({ true, true }, { coroutine.resume(co) })
    assert.truthy(report:find("attempt to yield", 1, true))
  end)

  it("checks its arguments", function()
    assert.has_error(function() scrim.on("x") end)
    assert.has_error(function() scrim.on(1, function() end) end)
    assert.has_error(function() scrim.emit("x", 5) end)
    scrim.on("x", function() end)
    assert.has_error(function() scrim.emit("x", { [1] = true }) end, "bad argument #2 to 'emit' (event fields need string keys)")
    assert.has_error(function() scrim.emit("x", {}, "yes") end)
    assert.has_error(function() scrim.emit() end, "bad argument #1 to 'emit' (string expected, got no value)")
  end)
end)
