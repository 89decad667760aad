-- What `make demo` films: the seed's bottom sheet (a BottomPresentViewController) sliding up over a dimming view
-- that fades in, then a tap on the dimming view dismissing it.
--   scrim snapshot scripts/film_bottom_sheet.lua --film 8 -o out/bottom-sheet-film.png
local app = scrim.View{ name = "app", frame = {0, 0, 390, 844}, backgroundColor = "#e8eef7" }
app:addSubview(scrim.View{ name = "header", frame = {0, 0, 390, 100}, backgroundColor = "#3a6ea5", text = "Feed" })
scrim.window:addSubview(app)

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

scrim.present(Sheet(), true)
scrim.settle()
scrim.advance(0.2)
scrim.tap(195, 100)                        -- the dimming view: the sheet goes down again
