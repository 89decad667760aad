-- Golden snapshots of the seed flows (issue 10): what the screen shows, compared with the pictures in
-- __snapshots__/snapshot_spec/. Record them again with `scrim test --update-snapshots Tests/lua/snapshot_spec.lua`
-- and look at them before committing.
local function app_screen()
  local app = scrim.View{ name = "app", frame = {0, 0, 390, 844}, backgroundColor = "#e8eef7" }
  app:addSubview(scrim.View{ name = "header", frame = {0, 0, 390, 100}, backgroundColor = "#3a6ea5", text = "Files" })
  for i = 1, 3 do
    app:addSubview(scrim.View{ name = "row " .. i, frame = {16, 100 + i * 76, 358, 60}, backgroundColor = "white",
                               cornerRadius = 8, text = "document " .. i })
  end
  scrim.window:addSubview(app)
  return app
end

describe("snapshots of the seed flows", function()
  local app
  before_each(function() app = app_screen() end)
  after_each(function()
    scrim.settle()
    app:removeFromSuperview()
  end)

  it("seed 1: the PopupWindow, shown", function()
    local popup = scrim.PopupWindow{ items = {"attach", "detach", "rename", "delete", "control"} }
    popup.dismissView.backgroundColor = "#00000055"
    popup.collectionView.backgroundColor = "white"
    popup:create()
    scrim.settle()
    assert.snapshot("popup-shown")
    popup:cancel()
  end)

  it("seed 2: the bottom sheet, halfway through its presentation", function()
    local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
    function Sheet:viewDidLoad()
      local content = scrim.View{ name = "content", backgroundColor = "white", cornerRadius = 12 }
      self.view:addSubview(content)
      scrim.constrain(content, "leading", "==", self.view, "leading")
      scrim.constrain(content, "trailing", "==", self.view, "trailing")
      scrim.constrain{ item = content, attribute = "height", constant = 300 }
      self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
      for i, title in ipairs({"Share", "Copy link", "Report"}) do
        content:addSubview(scrim.View{ name = title, text = title, frame = {0, (i - 1) * 56, 390, 56} })
      end
    end
    function Sheet:animatedBottomConstraint() return self.bottom end
    Sheet.animatedHeight = 300             -- starts just off screen (the seed's default is 0.8 × the screen)
    local sheet = Sheet()
    scrim.present(sheet)
    scrim.advance(0.125)                   -- half of the 0.25 s transition: content and dimming halfway
    assert.snapshot("bottom-sheet-mid-transition")
    scrim.settle()
    sheet:dismiss()
  end)
end)
