-- docs/API.md §2: views, hierarchy, fields, errors.
describe("View", function()
  it("builds from a table of fields and reads them back", function()
    local v = scrim.View{ name = "card", frame = {10, 20, 100, 50}, backgroundColor = "#336699", alpha = 0.5,
                          hidden = true, userInteractionEnabled = false, cornerRadius = 8, text = "hi" }
    assert.are.same({x = 10, y = 20, width = 100, height = 50}, v.frame)
    assert.are.same({x = 0, y = 0, width = 100, height = 50}, v.bounds)
    assert.are.same({x = 60, y = 45}, v.center)
    assert.equal("#336699ff", v.backgroundColor)
    assert.equal(0.5, v.alpha)
    assert.is_true(v.hidden)
    assert.is_false(v.userInteractionEnabled)
    assert.equal(8, v.cornerRadius)
    assert.equal("hi", v.text)
    assert.equal("View(card) {10, 20, 100, 50}", tostring(v))
  end)

  it("accepts every colour form and returns lower-case #rrggbbaa", function()
    local v = scrim.View{}
    v.backgroundColor = "orange"; assert.equal("#ff8000ff", v.backgroundColor)
    v.backgroundColor = "#FFFFFF80"; assert.equal("#ffffff80", v.backgroundColor)
    v.backgroundColor = {r = 1, g = 0, b = 0, a = 0.5}; assert.equal("#ff000080", v.backgroundColor)
    v.backgroundColor = "clear"; assert.equal("#00000000", v.backgroundColor)
  end)

  it("returns a fresh rect table each time", function()
    local v = scrim.View{ frame = {0, 0, 10, 10} }
    local f = v.frame
    f.x = 99
    assert.equal(0, v.frame.x)
    assert.is_not.equal(v.frame, v.frame)
  end)

  it("keeps identity: the same view is the same Lua value", function()
    local v = scrim.View{ name = "a" }
    scrim.window:addSubview(v)
    assert.equal(v, scrim.window.subviews[#scrim.window.subviews])
    assert.is_true(rawequal(v, scrim.find("a")))
    v:removeFromSuperview()
  end)

  it("orders subviews back to front and moves views between superviews", function()
    local parent, other = scrim.View{ name = "parent" }, scrim.View{ name = "other" }
    local a, b, c = scrim.View{ name = "a" }, scrim.View{ name = "b" }, scrim.View{ name = "c" }
    parent:addSubview(a); parent:addSubview(b); parent:addSubview(c)
    local function names(v) local t = {} for i, s in ipairs(v.subviews) do t[i] = s.name end return table.concat(t, ",") end
    assert.equal("a,b,c", names(parent))
    parent:bringSubviewToFront(a); assert.equal("b,c,a", names(parent))
    parent:sendSubviewToBack(c); assert.equal("c,b,a", names(parent))
    parent:insertSubview(a, 1); assert.equal("a,c,b", names(parent))
    other:addSubview(c)
    assert.equal("a,b", names(parent))
    assert.equal(other, c.superview)
  end)

  it("finds descendants by name, front to back, depth first", function()
    local root = scrim.View{ name = "root" }
    local back, front = scrim.View{ name = "x" }, scrim.View{ name = "holder" }
    local inner = scrim.View{ name = "x", text = "front one" }
    root:addSubview(back); root:addSubview(front); front:addSubview(inner)
    assert.equal("front one", root:find("x").text)
    assert.is_nil(root:find("nothing"))
  end)

  it("lists the window's hierarchy in scrim.tree()", function()
    local v = scrim.View{ name = "treeView", frame = {1, 2, 3, 4} }
    scrim.window:addSubview(v)
    local tree = scrim.tree()
    assert.truthy(tree:find("window Window {0, 0, 390, 844}", 1, true))
    assert.truthy(tree:find("  treeView View {1, 2, 3, 4} alpha=1", 1, true))
    v:removeFromSuperview()
  end)

  it("reports bad arguments by function and argument, at the caller's line", function()
    local v = scrim.View{}
    local ok, err = pcall(function() v:addSubview(42) end)
    assert.is_false(ok)
    assert.truthy(err:find("views_spec.lua:%d+: bad argument #1 to 'addSubview' %(View expected, got number%)"))
    ok, err = pcall(function() v.frame = "wide" end)
    assert.is_false(ok)
    assert.truthy(err:find("bad value for field 'frame' %(rect expected, got string%)"))
    ok, err = pcall(function() v.backgroundColor = "#12" end)
    assert.is_false(ok)
    assert.truthy(err:find('invalid color "#12"', 1, true))
    ok, err = pcall(function() v.colour = "red" end)
    assert.is_false(ok)
    assert.truthy(err:find("View has no field 'colour'", 1, true))
    ok, err = pcall(function() v.bounds = {0, 0, 1, 1} end)
    assert.is_false(ok)
    assert.truthy(err:find("field 'bounds' of View is read-only", 1, true))
    ok, err = pcall(function() v:insertSubview(scrim.View{}, 0) end)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #2 to 'insertSubview' (index must be 1 or more, got 0)", 1, true))
  end)

  it("half-applies nothing when the constructor raises", function()
    local before = #scrim.window.subviews
    local ok, err = pcall(scrim.View, { name = "bad", frame = {0, 0, 1, 1}, alpha = "opaque" })
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'View' (field 'alpha': number expected, got string)", 1, true))
    ok, err = pcall(scrim.View, { nmae = "typo" })
    assert.is_false(ok)
    assert.truthy(err:find("View has no field 'nmae'", 1, true))
    assert.equal(before, #scrim.window.subviews)
  end)

  it("refuses a view inside itself", function()
    local a, b = scrim.View{ name = "a" }, scrim.View{ name = "b" }
    a:addSubview(b)
    local ok = pcall(b.addSubview, b, a)
    assert.is_false(ok)
    assert.equal(a, b.superview)
    assert.is_nil(a.superview)
  end)
end)

describe("loading in a spec (trusted code, as in lua5.4)", function()
  it("keeps load, loadfile and dofile working with their default environment and Lua's modes", function()
    assert.equal(3, load("return 1 + 2")())
    assert.equal(print, load("return print")())
    local env = { x = 7 }
    assert.equal(7, load("return x", "chunk", "bt", env)())
    local dumped = string.dump(function() return 42 end)
    assert.equal(42, load(dumped)())                           -- default mode "bt"
    local f, err = load(dumped, "dumped", "t")
    assert.is_nil(f)
    assert.truthy(err:find("attempt to load a binary chunk", 1, true))
    f, err = load("return 1", "text", "b")
    assert.is_nil(f)
    assert.truthy(err:find("attempt to load a text chunk", 1, true))
  end)
end)
