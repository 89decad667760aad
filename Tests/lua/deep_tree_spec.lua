-- Deep view trees: every walk keeps its own stack (issue 13), and building one top-down is linear.
describe("a deep view tree", function()
  local depth = 40000

  local function chain()
    local root = scrim.View{name = "root", frame = {0, 0, 100, 100}}
    scrim.window:addSubview(root)
    local view = root
    for i = 1, depth do
      local child = scrim.View{name = "v" .. i, frame = {0, 0, 100, 100}}
      view:addSubview(child)
      view = child
    end
    return root, view
  end

  it("is searched, hit-tested, laid out, tapped and printed at any depth", function()
    local root, innermost = chain()
    assert.are.equal(innermost, root:find("v" .. depth))
    assert.are.equal(innermost, scrim.window:hitTest(5, 5))
    local tapped = false
    innermost:onTap(function() tapped = true end)
    scrim.tap(5, 5)
    assert.is_true(tapped)
    innermost:setNeedsLayout()
    root:layoutIfNeeded()
    local lines = select(2, scrim.tree():gsub("\n", "\n")) + 1
    assert.are.equal(depth + 2, lines) -- the window, the root view, the chain
    root:removeFromSuperview()
    assert.has_error(function() innermost:addSubview(root) end)
  end)

  it("leaves the window and is freed without recursion", function()
    local before = #scrim.window.subviews
    do
      local root, innermost = chain()
      assert.are.equal(before + 1, #scrim.window.subviews)
      root:removeFromSuperview()
      assert.is_nil(innermost.window)
    end
    collectgarbage()
    collectgarbage()
    assert.are.equal(before, #scrim.window.subviews)
  end)
end)
