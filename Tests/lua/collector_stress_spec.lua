-- What a view, a recognizer, a popup or a transitioning keeps from Lua survives the incremental collector running at
-- every allocation (pause 0, a large step multiplier) while the script builds and links the objects: the collector may
-- finish a cycle between any two steps of linking a userdata to its owner's, and a userdata that only the weak object
-- cache held then was taken with its closures (a tap that reached its view and ran nothing).
local function collect()
  collectgarbage()
  collectgarbage()
end

local function step(n)
  for _ = 1, n or 3 do collectgarbage("step") end
end

describe("the collector running while objects are linked", function()
  local pause, stepmul
  before_each(function()
    collect()
    pause = collectgarbage("setpause", 0)
    stepmul = collectgarbage("setstepmul", 1000)
  end)
  after_each(function()
    collectgarbage("setpause", pause)
    collectgarbage("setstepmul", stepmul)
    local top = scrim.rootViewController.presentedViewController
    if top then
      top:dismiss(false)
      scrim.settle()
    end
    collect()
  end)

  -- A content view in the controller's view, a button with a tap in the content view: nothing in Lua holds either.
  local function build(self, log, tag)
    local content = scrim.View{ name = tag .. "-content", frame = { 0, 0, 300, 300 } }
    self.view:addSubview(content)
    step()
    local button = scrim.View{ name = tag .. "-button", frame = { 10, 10, 100, 50 } }
    button:onTap(function() log[#log + 1] = tag end)
    step()
    content:addSubview(button)
  end

  it("keeps the taps of views a scrim.class controller builds in viewDidLoad", function()
    local log = {}
    local Sheet = scrim.class("StressedSheet", scrim.ViewController)
    function Sheet:viewDidLoad() build(self, log, "class") end
    local holder = { sheet = Sheet() }
    scrim.present(holder.sheet, false)
    scrim.settle()
    collect()
    assert.equal("class-button", scrim.tap("class-button").name)
    assert.same({ "class" }, log)
  end)

  it("keeps the taps of views a controller builds in a viewDidLoad closure", function()
    local log = {}
    local vc = scrim.ViewController{ viewDidLoad = function(self) build(self, log, "direct") end }
    scrim.present(vc, false)
    scrim.settle()
    collect()
    scrim.tap("direct-button")
    assert.same({ "direct" }, log)
  end)

  it("keeps the taps of a scrim.class controller's views across presentations made in a loop", function()
    local log = {}
    local Sheet = scrim.class("LoopedSheet", scrim.ViewController)
    function Sheet:viewDidLoad() build(self, log, self.tag) end
    for i = 1, 4 do
      do
        scrim.present(Sheet{ tag = "loop" .. i }, false)
      end
      step(5)
      scrim.settle()
      collect()
      scrim.tap("loop" .. i .. "-button")
      scrim.rootViewController.presentedViewController:dismiss(false)
      scrim.settle()
    end
    assert.same({ "loop1", "loop2", "loop3", "loop4" }, log)
  end)

  it("keeps every tap of a tree built top-down and bottom-up with the collector stepping between", function()
    local log = {}
    local root = scrim.View{ frame = { 0, 0, 200, 200 } }
    scrim.window:addSubview(root)
    do
      -- Top-down: each level is added before the next is made.
      local parent = root
      for depth = 1, 4 do
        local child = scrim.View{ name = "down" .. depth, frame = { 20, 0, 100 - depth * 20, 100 - depth * 20 } }
        parent:addSubview(child)
        step()
        child:onTap(function() log[#log + 1] = "down" .. depth end)
        step()
        parent = child
      end
      -- Bottom-up: the tap is set on a detached leaf, its ancestors are made and linked after it.
      local leaf = scrim.View{ name = "up", frame = { 0, 0, 5, 5 } }
      leaf:onTap(function() log[#log + 1] = "up" end)
      for _ = 1, 4 do
        step()
        local above = scrim.View{ frame = { 0, 0, 20, 20 } }
        above:addSubview(leaf)
        leaf = above
      end
      step()
      leaf.frame = { 150, 150, 20, 20 }
      root:addSubview(leaf)
    end
    root = nil -- luacheck: ignore 311
    collect()
    -- Each level shows a strip of its own right of its child's: the window x of level d is 20 * d .. 100.
    local fired = {}
    for depth = 1, 4 do
      scrim.tap(20 * depth + 10, 5)
      fired[log[#log]] = true
    end
    scrim.tap(152, 152)
    fired[log[#log]] = true
    assert.same({ down1 = true, down2 = true, down3 = true, down4 = true, up = true }, fired)
    scrim.window:find("down1").superview:removeFromSuperview()
  end)

  it("keeps a recognizer's delegate and action added in viewDidLoad", function()
    local log = {}
    local Sheet = scrim.class("DelegatedSheet", scrim.ViewController)
    function Sheet:viewDidLoad()
      local content = scrim.View{ frame = { 0, 0, 300, 300 } }
      self.view:addSubview(content)
      step()
      local button = scrim.View{ name = "delegated", frame = { 10, 10, 100, 50 } }
      local recognizer = scrim.TapGestureRecognizer(function() log[#log + 1] = "action" end)
      step()
      recognizer.delegate = {
        gestureRecognizerShouldReceiveTouch = function() log[#log + 1] = "asked" return true end,
      }
      step()
      button:addGestureRecognizer(recognizer)
      step()
      content:addSubview(button)
    end
    scrim.present(Sheet(), false)
    scrim.settle()
    collect()
    scrim.tap("delegated")
    assert.same({ "asked", "action" }, log)
  end)

  it("keeps a popup's delegate and closures the script dropped", function()
    local log = {}
    local popup
    do
      local delegate = { rename = function() log[#log + 1] = "delegate" end }
      popup = scrim.PopupWindow{ items = { "rename", "delete" }, delegate = delegate }
      step()
      popup:on("delete", function() log[#log + 1] = "closure" end)
    end
    step(5)
    collect()
    for _, item in ipairs({ "rename", "delete" }) do
      popup:create()
      scrim.settle()
      step()
      collect()
      popup:select(item)
      scrim.settle()
    end
    assert.same({ "delegate", "closure" }, log)
  end)

  it("keeps a dimming sheet's transitioning closures and content taps set in viewDidLoad", function()
    local log = {}
    local Sheet = scrim.class("StressedDimmingSheet", scrim.BottomPresentViewController)
    function Sheet:viewDidLoad()
      local content = scrim.View{ name = "dimming-content" }
      self.view:addSubview(content)
      step()
      scrim.constrain(content, "leading", "==", self.view, "leading")
      scrim.constrain(content, "trailing", "==", self.view, "trailing")
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
      local button = scrim.View{ name = "dimming-button", frame = { 10, 10, 100, 50 } }
      button:onTap(function() log[#log + 1] = "button" end)
      step()
      content:addSubview(button)
      step()
      self.dimmingTransitioning.allowTapDimmingViewToDismiss = function() log[#log + 1] = "allow" return false end
      step()
      self.dimmingTransitioning.dimmingViewTapped = function() log[#log + 1] = "dimming" end
    end
    function Sheet:animatedBottomConstraint() return self.bottom end
    scrim.present(Sheet())
    scrim.settle()
    collect()
    scrim.tap("dimming-button")
    scrim.tap(195, 100)
    scrim.settle()
    assert.same("button", log[1])
    assert.truthy(#log >= 3, "the dimming closures ran: " .. table.concat(log, ", "))
    assert.is_not_nil(scrim.rootViewController.presentedViewController, "allowTapDimmingViewToDismiss kept it")
  end)
end)
