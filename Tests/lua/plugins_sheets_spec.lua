-- The bundled sheets plugin: bottom, top, right and center dimming transitions for a content view.

-- Instances of a scrim.class may keep fields of their own (here the transition, which the controller holds weakly).
local Presented = scrim.class("Presented", scrim.ViewController)

local function presented(edge, options)
  local vc = Presented{ name = edge }
  local content = scrim.View{ name = "content", backgroundColor = "white" }
  vc.view:addSubview(content)
  options = options or {}
  options.view = content
  local t = scrim.transition(edge, options)
  vc.modalPresentationStyle = "custom"
  vc.transitioningDelegate = t
  vc.keep = t
  scrim.present(vc)
  return vc, content
end

describe("plugins/sheets", function()
  setup(function() assert.same({ "sheets" }, scrim.plugins.load("@sheets")) end)
  after_each(function()
    local top = scrim.rootViewController.presentedViewController
    if top then top:dismiss(false) end
    scrim.settle()
  end)

  it("bottom slides the content up from below the screen over a dimming view, and back on a tap outside", function()
    local vc, content = presented("bottom", { height = 300 })
    assert.rect_near({ 0, 844, 390, 300 }, content:presentation().frame)
    scrim.advance(0.15)
    assert.near(844 - 150, content:presentation().frame.y, 1e-6)
    assert.near(0.5, vc.presentationController.dimmingView:presentation().alpha, 1e-6)
    assert.near(0.15, scrim.settle(), 1e-9)
    assert.rect_near({ 0, 544, 390, 300 }, content.frame)
    scrim.tap(195, 100)
    scrim.settle()
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("top slides down from above, right slides in from the right", function()
    local _, banner = presented("top", { height = 120 })
    assert.rect_near({ 0, -120, 390, 120 }, banner:presentation().frame)
    scrim.settle()
    assert.rect_near({ 0, 0, 390, 120 }, banner.frame)
    scrim.rootViewController.presentedViewController:dismiss()
    scrim.settle()
    local _, drawer = presented("right", { width = 300, duration = 0.5 })
    assert.rect_near({ 390, 0, 300, 844 }, drawer:presentation().frame)
    assert.near(0.5, scrim.settle(), 1e-9)
    assert.rect_near({ 90, 0, 300, 844 }, drawer.frame)
  end)

  it("center fades and grows the content in the middle of the screen", function()
    local _, card = presented("center", { width = 300, height = 200 })
    assert.rect_near({ 45, 322, 300, 200 }, card.frame)
    assert.near(0, card:presentation().alpha, 1e-9)
    assert.near(0.8, card:presentation().transform.scaleX, 1e-9)
    scrim.settle()
    assert.equal(1, card.alpha)
    assert.near(1, card.transform.scaleX, 1e-9)
  end)

  it("keeps the sheet when tapToDismiss is false, calling onDimmingTapped", function()
    local taps = 0
    local vc = presented("bottom", { tapToDismiss = false, onDimmingTapped = function() taps = taps + 1 end })
    scrim.settle()
    scrim.tap(195, 100)
    scrim.settle()
    assert.equal(1, taps)
    assert.equal(vc, scrim.rootViewController.presentedViewController)
  end)

  it("makes the whole controller with scrim.controller('sheet')", function()
    local sheet = scrim.controller("sheet", { edge = "bottom", height = 300 })
    assert.equal("custom", sheet.modalPresentationStyle)
    scrim.present(sheet)
    collectgarbage()                        -- the controller keeps its (weakly held) transitioning delegate
    scrim.settle()
    assert.rect_near({ 0, 544, 390, 300 }, sheet.content.frame)
  end)
end)
