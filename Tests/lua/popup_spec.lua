-- docs/API.md §7 and seed 1: the PopupWindow, in both binding styles.
local ITEMS = {"attach", "detach", "rename", "delete", "control"}

local function recorder()
  local log = {}
  for _, name in ipairs({"popup.willShow", "popup.didShow", "popup.willSelect", "popup.didSelect", "popup.willCancel", "popup.didCancel"}) do
    scrim.on(name, function(ev) log[#log + 1] = ev.item and (name .. " " .. ev.item .. " " .. ev.index) or name end, { group = "recorder" })
  end
  return log
end

describe("PopupWindow", function()
  after_each(function() scrim.off("recorder") scrim.settle() end)

  it("slides up from the bottom of the screen in 0.3 s, ease-in-out, in front of everything", function()
    local other = scrim.View{ name = "content", frame = {0, 0, 390, 844} }
    scrim.window:addSubview(other)
    local popup = scrim.PopupWindow{ items = ITEMS }
    assert.equal(popup, popup:create())
    local subviews = scrim.window.subviews
    assert.equal(popup.view, subviews[#subviews])
    assert.equal(0, popup.view.frame.y)                      -- the model is final at once
    assert.equal(844, popup.view:presentation().frame.y)
    scrim.advance(0.15)
    assert.near(422, popup.view:presentation().frame.y, 1e-6) -- halfway on the symmetric curve
    scrim.advance(0.15)
    assert.equal(0, popup.view:presentation().frame.y)
    assert.is_true(popup.isShowing)
    assert.equal("#00000000", popup.view.backgroundColor)
    other:removeFromSuperview()
  end)

  it("calls the delegate's method named after the item, with self, then cancels (protocol style)", function()
    local log = recorder()
    local delegate = {}
    function delegate:rename(popup) log[#log + 1] = "rename called with the popup: " .. tostring(popup == self.popup) end
    local popup = scrim.PopupWindow{ items = ITEMS, delegate = delegate }
    delegate.popup = popup
    popup:create()
    scrim.settle()
    popup:select("rename")
    assert.is_false(popup.isShowing)
    scrim.advance(0.29)
    assert.equal(scrim.window, popup.view.superview)         -- still sliding down
    scrim.advance(0.02)
    assert.is_nil(popup.view.superview)                       -- removed 0.3 s after cancel
    assert.same({"popup.willShow", "popup.didShow", "popup.willSelect rename 3",
                 "rename called with the popup: true", "popup.didSelect rename 3",
                 "popup.willCancel", "popup.didCancel"}, log)
  end)

  it("prefers a per-item closure, then the setItems closure, then the delegate, then didSelectItem", function()
    local calls = {}
    local delegate = {
      delete = function(self, p) calls[#calls + 1] = "delegate delete" end,
      didSelectItem = function(self, p, item, index) calls[#calls + 1] = "didSelectItem " .. item .. " " .. index end,
    }
    local popup = scrim.PopupWindow{ items = ITEMS, delegate = delegate }
    local function pick(item) popup:create() scrim.settle() popup:select(item) scrim.settle() end
    pick("delete")
    pick("control")
    popup:setItems(ITEMS, function(item, index, p) calls[#calls + 1] = "list " .. item .. " " .. index .. " " .. tostring(p == popup) end)
    pick("delete")
    popup:on("delete", function(p) calls[#calls + 1] = "item closure " .. tostring(p == popup) end)
    pick("delete")
    pick("attach")
    assert.same({"delegate delete", "didSelectItem control 5", "list delete 4 true", "item closure true", "list attach 1 true"}, calls)
  end)

  it("stays open when a handler returns false; an item nothing handles closes it, as the seed's delegate?.x(); cancel()", function()
    local popup = scrim.PopupWindow{ items = {"keep", "idle"} }
    popup:on("keep", function() return false end)
    popup:create()
    scrim.settle()
    popup:select("keep")
    assert.is_true(popup.isShowing)
    assert.is_true(popup:select("idle"))
    assert.is_false(popup.isShowing)
    popup:cancel()                                            -- a second cancel is a no-op
    scrim.settle()
    assert.is_nil(popup.view.superview)
  end)

  it("closes even when the handler raises, and reports the error", function()
    local errors = {}
    scrim.on("error", function(ev) errors[#errors + 1] = ev.message end, { group = "recorder" })
    local popup = scrim.PopupWindow{ items = {"boom"} }
    popup:on("boom", function() error("handler exploded") end)
    popup:create()
    scrim.settle()
    popup:select("boom")
    assert.is_false(popup.isShowing)
    assert.equal(1, #errors)
    assert.truthy(errors[1]:find("handler exploded", 1, true))
  end)

  it("selects by tapping a cell and cancels by tapping the dismissView, but not while sliding", function()
    local chosen
    local popup = scrim.PopupWindow{ items = ITEMS }
    popup:setItems(ITEMS, function(item) chosen = item end)
    popup:create()
    scrim.advance(0.1)
    scrim.tap(popup:cell("detach"))                           -- mid-slide: ignored (rule 5)
    assert.is_nil(chosen)
    scrim.settle()
    assert.equal("detach", popup:cell("detach").name)
    assert.equal("detach", popup:cell("detach").text)
    scrim.tap(popup:cell("detach"))
    assert.equal("detach", chosen)
    scrim.settle()
    popup:create()
    scrim.settle()
    scrim.tap(popup.dismissView)
    assert.is_false(popup.isShowing)
  end)

  it("lets hooks veto a selection and a cancel", function()
    local selected = false
    local popup = scrim.PopupWindow{ items = {"x"} }
    popup:on("x", function() selected = true end)
    popup:create()
    scrim.settle()
    local h = scrim.on("popup.willSelect", function(ev) ev:cancel() end)
    popup:select("x")
    assert.is_false(selected)
    h:remove()
    h = scrim.on("popup.willCancel", function(ev) ev:cancel() end)
    popup:cancel()
    assert.is_true(popup.isShowing)
    h:remove()
    popup:cancel()
    assert.is_false(popup.isShowing)
  end)

  it("is held by the runtime while shown, and then released with its delegate, even in a cycle", function()
    local weak = setmetatable({}, {__mode = "v"})
    do
      local delegate = {}
      local popup = scrim.PopupWindow{ items = ITEMS, delegate = delegate }
      delegate.popup = popup                                  -- the delegate refers back to the popup
      function delegate:attach(p) self.done = true end
      weak.popup, weak.delegate = popup, delegate
      popup:create()
    end
    collectgarbage() collectgarbage()
    assert.is_not_nil(weak.popup)                             -- shown: the runtime holds it
    weak.popup:select("attach")
    assert.is_true(weak.delegate.done)
    scrim.settle()
    collectgarbage() collectgarbage()
    assert.is_nil(weak.popup)
    assert.is_nil(weak.delegate)
  end)

  it("reports bad arguments", function()
    local popup = scrim.PopupWindow{ items = ITEMS }
    local ok, err = pcall(function() popup:setItems(42) end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'setItems' (table of strings expected, got number)", 1, true))
    ok, err = pcall(function() popup:on("x", "nope") end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #2 to 'on' (function expected, got string)", 1, true))
    ok, err = pcall(function() popup:select("unknown") end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'select'", 1, true))
    assert.truthy(err:find("unknown", 1, true))
    ok, err = pcall(scrim.PopupWindow, { itms = {} })
    assert.is_false(ok)
    assert.truthy(err:find("unknown option 'itms'", 1, true))
    ok, err = pcall(function() popup:setItems({"a", true}) end)
    assert.is_false(ok)
    assert.truthy(err:find("item #2", 1, true))
    assert.same(ITEMS, popup.items)                           -- unchanged
  end)

  it("takes {id=, title=} items", function()
    local popup = scrim.PopupWindow{ items = {{id = "rename", title = "Rename…"}, "delete"} }
    popup:create()
    assert.equal("Rename…", popup:cell("rename").text)
    assert.same({"rename", "delete"}, popup.items)
  end)

  it("can be subclassed with scrim.class to replace the content", function()
    local Sheet = scrim.class("Sheet", scrim.PopupWindow)
    function Sheet:makeContentView()
      local content = scrim.View{ name = "custom", frame = {0, 644, 390, 200}, backgroundColor = "white" }
      self.custom = content
      return content
    end
    local sheet = Sheet{ items = {"ok"} }
    sheet:create()
    scrim.settle()
    assert.equal(sheet.custom, sheet.view:find("custom"))
    assert.equal("Sheet(Sheet)", tostring(sheet))
  end)

  it("ships a centred ConfirmDialog built the same way", function()
    local confirmed = false
    local dialog = scrim.ConfirmDialog{ title = "Delete?", message = "This cannot be undone." }
    dialog:on("confirm", function() confirmed = true end)
    dialog:create()
    scrim.settle()
    assert.equal("Delete?", dialog.title)
    scrim.tap(dialog:cell("confirm"))
    assert.is_true(confirmed)
    scrim.settle()
    assert.is_nil(dialog.view.superview)
  end)
end)

describe("a hook assigned to a plain popup", function()
  it("replaces the slide unless it runs self.super's", function()
    local function slidingAfterCreate(hook)
      local popup = scrim.PopupWindow{ items = { "a" } }
      popup.showAnimation = hook
      popup:create()
      scrim.advance(0.1)
      local sliding = popup.view:presentation().frame.y > popup.view.frame.y + 1
      popup:cancel()
      scrim.settle()
      return sliding
    end
    assert.is_false(slidingAfterCreate(function() end))
    assert.is_true(slidingAfterCreate(function(self) self.super:showAnimation() end))
  end)
end)
