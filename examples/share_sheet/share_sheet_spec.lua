-- The share sheet app's spec: `scrim test examples/share_sheet`. The file runs in a fresh runtime (clock at 0, empty
-- window) that its tests share, so each test builds the app and takes it down again. The app and its plugin load
-- from this folder, wherever the spec is run from.
local here = debug.getinfo(1, "S").source:match("^@(.*)/[^/]*$") or "."
package.path = here .. "/?.lua;" .. package.path
scrim.plugins.load(here .. "/plugins")
local App = require("app")

describe("the share sheet", function()
  local app
  before_each(function() app = App.start() end)
  after_each(function()
    local presented = scrim.rootViewController.presentedViewController
    if presented then presented:dismiss(false) end
    if app.menu and app.menu.isShowing then app.menu:cancel() end
    scrim.settle()
    scrim.find("feed"):removeFromSuperview()
  end)

  local function sheetContent() return scrim.find("shareContent") end

  it("slides up over a dimming view when Share is tapped", function()
    scrim.tap("shareButton")
    scrim.advance(0.125)
    local dimming = app.sheet.presentationController.dimmingView
    local halfway = dimming:presentation().alpha
    assert.is_true(halfway > 0.05 and halfway < 0.95)
    scrim.settle()
    assert.are.equal(1, dimming:presentation().alpha)
    assert.rect_near(sheetContent().frame, { 0, scrim.screen.height - 240, scrim.screen.width, 240 })
    assert.are.equal(app.sheet, scrim.rootViewController.presentedViewController)
  end)

  it("records a target and goes down again", function()
    scrim.tap("shareButton")
    scrim.settle()
    scrim.tap("Mail")
    scrim.settle()
    assert.are.same({ "share:Mail" }, app.actions)
    assert.is_nil(scrim.rootViewController.presentedViewController)
    assert.is_nil(scrim.find("dimmingView"))
  end)

  it("opens the plugin's menu from More… and acts on its choice", function()
    local selected = spy.new(function() end)
    scrim.on("popup.didSelect", function(ev) selected(ev.item) end)
    scrim.tap("shareButton")
    scrim.settle()
    scrim.tap("moreButton")
    scrim.settle()
    assert.are.same({ "copyLink", "addToFavorites", "report" }, app.menu.items)
    assert.is_true(app.menu.isShowing)
    assert.snapshot("menu over the sheet")
    scrim.tap(app.menu:cell("addToFavorites"))
    scrim.settle()
    assert.spy(selected).was.called_with("addToFavorites")
    assert.are.same({ "menu:addToFavorites" }, app.actions)
    assert.is_false(app.menu.isShowing)
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)

  it("is dismissed by a tap on the dimming view, which it records", function()
    scrim.tap("shareButton")
    scrim.settle()
    scrim.tap(scrim.screen.width / 2, 200)
    scrim.settle()
    assert.are.same({ "dismissed by tapping the dimming view" }, app.actions)
    assert.is_nil(scrim.rootViewController.presentedViewController)
  end)
end)
