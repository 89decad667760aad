-- What `make demo` films: the seed's PopupWindow sliding up over an app screen, then a tap on an item.
--   scrim snapshot scripts/film_popup.lua --film 8 -o out/popup-film.png
local app = scrim.View{ name = "app", frame = {0, 0, 390, 844}, backgroundColor = "#e8eef7" }
app:addSubview(scrim.View{ name = "header", frame = {0, 0, 390, 100}, backgroundColor = "#3a6ea5",
                           text = "Files" })
for i = 1, 4 do
  app:addSubview(scrim.View{ name = "row " .. i, frame = {16, 100 + i * 76, 358, 60}, backgroundColor = "white",
                             cornerRadius = 8, text = "document " .. i })
end
scrim.window:addSubview(app)

local popup = scrim.PopupWindow()
popup:setItems({"attach", "detach", "rename", "delete", "control"}, function() end)
-- The seed leaves the popup's colours to the app: a shade over the screen and white cells.
popup.view:find("dismissView").backgroundColor = "#00000055"
popup.view:find("collectionView").backgroundColor = "white"
popup:create()
scrim.settle()
scrim.advance(0.2)
scrim.tap(popup:cell("rename"))           -- the handler runs and the popup slides down again
