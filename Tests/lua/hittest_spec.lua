-- docs/DESIGN.md rule 5 and docs/API.md §2: hit-testing and taps.
local function add(props, parent)
  local v = scrim.View(props)
  ;(parent or scrim.window):addSubview(v)
  return v
end

describe("hit-testing", function()
  local root
  before_each(function() root = add{ name = "root", frame = {0, 0, 300, 300} } end)
  after_each(function() root:removeFromSuperview() end)

  it("tests subviews front to back", function()
    add({ name = "back", frame = {0, 0, 100, 100} }, root)
    add({ name = "front", frame = {50, 50, 100, 100} }, root)
    assert.equal("front", root:hitTest(60, 60).name)
    assert.equal("back", root:hitTest(10, 10).name)
    assert.equal("root", root:hitTest({x = 200, y = 200}).name)
  end)

  it("skips hidden views, views with interaction off and alpha below 0.01", function()
    local back = add({ name = "back", frame = {0, 0, 100, 100} }, root)
    local front = add({ name = "front", frame = {0, 0, 100, 100} }, root)
    front.hidden = true; assert.equal(back, root:hitTest(10, 10))
    front.hidden = false; front.userInteractionEnabled = false; assert.equal(back, root:hitTest(10, 10))
    front.userInteractionEnabled = true; front.alpha = 0.005; assert.equal(back, root:hitTest(10, 10))
    front.alpha = 0.01; assert.equal(front, root:hitTest(10, 10))
  end)

  it("never reaches subviews outside their superview's bounds", function()
    local small = add({ name = "small", frame = {0, 0, 50, 50} }, root)
    add({ name = "overflow", frame = {60, 60, 50, 50} }, small)
    assert.equal(root, root:hitTest(70, 70))
  end)

  it("reads the model, not the presentation", function()
    local v = add({ name = "mover", frame = {0, 0, 50, 50} }, root)
    scrim.animate{ duration = 1, allowUserInteraction = true, animations = function() v.frame = {200, 200, 50, 50} end }
    scrim.advance(0.1)
    assert.equal(v, root:hitTest(210, 210))
    assert.equal(root, root:hitTest(10, 10))
    scrim.settle()
  end)

  it("lets animating views ignore touches unless allowUserInteraction", function()
    local behind = add({ name = "behind", frame = {0, 0, 100, 100} }, root)
    local v = add({ name = "animating", frame = {0, 0, 100, 100} }, root)
    local taps = {}
    behind:onTap(function() taps[#taps + 1] = "behind" end)
    v:onTap(function() taps[#taps + 1] = "animating" end)
    scrim.animate(1, function() v.alpha = 0.5 end)
    assert.equal(behind, scrim.tap(50, 50))
    scrim.settle()
    assert.equal(v, scrim.tap(50, 50))
    scrim.animate{ duration = 1, allowUserInteraction = true, animations = function() v.alpha = 1 end }
    assert.equal(v, scrim.tap(50, 50))
    scrim.settle()
    assert.same({"behind", "animating", "animating"}, taps)
  end)
end)

describe("scrim.tap", function()
  it("accepts a view, a point, x and y, or a name, and goes to the nearest ancestor with a recognizer", function()
    local card = add{ name = "card", frame = {10, 10, 200, 200} }
    local label = add({ name = "label", frame = {0, 0, 50, 20} }, card)
    local count = 0
    local recognizer = card:onTap(function(r) count = count + 1; assert.equal(card, r.view) end)
    assert.equal(card, scrim.tap(label))
    assert.equal(card, scrim.tap({x = 100, y = 100}))
    assert.equal(card, scrim.tap(100, 100))
    assert.equal(card, scrim.tap("label"))
    assert.equal(4, count)
    recognizer.enabled = false
    assert.is_nil(scrim.tap("card"))
    assert.equal(4, count)
    card:removeFromSuperview()
  end)

  it("asks the recognizer's delegate (protocol style)", function()
    local v = add{ name = "guarded", frame = {0, 0, 100, 100} }
    local taps = 0
    local r = scrim.TapGestureRecognizer(function() taps = taps + 1 end)
    local asked = {}
    r.delegate = { gestureRecognizerShouldReceiveTouch = function(self, recognizer, point)
      asked[#asked + 1] = point.x
      return point.x < 50
    end }
    v:addGestureRecognizer(r)
    scrim.tap(20, 20)
    scrim.tap(80, 20)
    assert.equal(1, taps)
    assert.same({20, 80}, asked)
    v:removeFromSuperview()
  end)

  it("names what is wrong with a bad target", function()
    local ok, err = pcall(scrim.tap, "no-such-view")
    assert.is_false(ok)
    assert.truthy(err:find("no view named 'no-such-view'", 1, true))
    ok, err = pcall(function() scrim.tap(true) end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'tap'", 1, true))
  end)

  it("reports an error raised in a tap handler and stays usable", function()
    local v = add{ name = "faulty", frame = {0, 0, 100, 100} }
    local errors = {}
    scrim.on("error", function(ev) errors[#errors + 1] = ev.message end)
    v:onTap(function() error("tap handler failed") end)
    scrim.tap(v)
    assert.equal(1, #errors)
    assert.truthy(errors[1]:find("tap handler failed", 1, true))
    v:removeFromSuperview()
  end)
end)
