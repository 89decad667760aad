-- A delegate given to a constructor lives in the new object's userdata; that userdata is held from the moment it is
-- made, so a collection during the constructor cannot take the delegate with it. Run under a collector that works
-- at every allocation.
local function churn()
  for _ = 1, 5 do
    local junk = {} -- luacheck: ignore 241 (garbage for the collector, never read)
    for j = 1, 1000 do junk[j] = { j } end
  end
end

describe("constructors that take a delegate", function()
  setup(function() collectgarbage("incremental", 10, 400) end)
  teardown(function() collectgarbage("incremental", 200, 100) end)

  it("keep a DimmingTransitioning's delegate table", function()
    local kept = {}
    for i = 1, 20 do kept[i] = scrim.DimmingTransitioning({ executePresentationAnimation = function() end }) end
    churn()
    for i = 1, 20 do assert.is_table(kept[i].delegate, "transitioning " .. i) end
  end)

  it("keep a ConfirmDialog's delegate table", function()
    local kept = {}
    for i = 1, 20 do kept[i] = scrim.ConfirmDialog{ title = "t", delegate = { didSelectItem = function() end } } end
    churn()
    for i = 1, 20 do assert.is_table(kept[i].delegate, "dialog " .. i) end
  end)

  it("keep the transition a bundled plugin's controller presents with", function()
    scrim.plugins.load("@sheets")
    local sheets = {}
    for i = 1, 10 do sheets[i] = scrim.controller("sheet", { edge = "bottom", height = 300, name = "s" .. i }) end
    churn()
    for i = 1, 10 do assert.is_table(sheets[i].sheetTransition.delegate, "sheet " .. i) end
    scrim.present(sheets[1])
    scrim.settle()
    assert.equal(844 - 300, sheets[1].content.frame.y)
  end)
end)
