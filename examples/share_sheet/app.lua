-- A small app: a feed with a Share button. Tapping it presents a share sheet — a BottomPresentViewController
-- sliding up over a dimming view — with three targets and a "More…" button; "More…" opens the PopupWindow
-- menu that the share_actions plugin provides. Choosing a target or a menu item closes what is open and
-- records the action; a tap on the dimming view dismisses the sheet.
--   local app = require("app").start()   -- builds the screen; app.actions lists what was chosen
local App = {}

local TARGETS = { "Messages", "Mail", "Notes" }

local ShareSheet = scrim.class("ShareSheet", scrim.BottomPresentViewController)

function ShareSheet:viewDidLoad()
  local content = scrim.View{ name = "shareContent", backgroundColor = "white", cornerRadius = 16 }
  self.view:addSubview(content)
  scrim.constrain(content, "leading", "==", self.view, "leading")
  scrim.constrain(content, "trailing", "==", self.view, "trailing")
  scrim.constrain{ item = content, attribute = "height", constant = self.sheetHeight }
  self.contentBottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
  for index, target in ipairs(TARGETS) do
    local button = scrim.View{ name = target, text = target, backgroundColor = "#eef2f8", cornerRadius = 8,
                               frame = { 16 + (index - 1) * 122, 24, 110, 80 } }
    button:onTap(function() self.app:record("share:" .. target) end)
    content:addSubview(button)
  end
  local more = scrim.View{ name = "moreButton", text = "More…", backgroundColor = "#dde3ec", cornerRadius = 8,
                           frame = { 16, 128, 358, 56 } }
  more:onTap(function() self.app:openMenu() end)
  content:addSubview(more)
end

ShareSheet.sheetHeight = 240
ShareSheet.animatedHeight = 240
function ShareSheet:animatedBottomConstraint() return self.contentBottom end
function ShareSheet:dimmingViewTapped() self.app.actions[#self.app.actions + 1] = "dismissed by tapping the dimming view" end

--- Builds the feed and its Share button in the window; returns the app.
function App.start()
  local app = setmetatable({ actions = {} }, { __index = App })
  local feed = scrim.View{ name = "feed", frame = { 0, 0, scrim.screen.width, scrim.screen.height },
                           backgroundColor = "#e8eef7" }
  feed:addSubview(scrim.View{ name = "header", text = "Photos", backgroundColor = "#3a6ea5",
                              frame = { 0, 0, scrim.screen.width, 100 } })
  local share = scrim.View{ name = "shareButton", text = "Share", backgroundColor = "#3a6ea5", cornerRadius = 22,
                            frame = { scrim.screen.width - 116, 120, 100, 44 } }
  share:onTap(function() app:presentSheet() end)
  feed:addSubview(share)
  scrim.window:addSubview(feed)
  return app
end

function App:presentSheet()
  self.sheet = ShareSheet()
  self.sheet.app = self
  scrim.present(self.sheet, true)
end

function App:openMenu()
  self.menu = scrim.menu("share_more", {
    onAction = function(item) self:record("menu:" .. item) end,
  })
  self.menu:create()
end

--- Records an action and dismisses the sheet (the menu closes itself after its handler).
function App:record(action)
  self.actions[#self.actions + 1] = action
  if self.sheet and self.sheet.presentingViewController then self.sheet:dismiss(true) end
end

return App
