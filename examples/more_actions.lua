-- Seed 2 end to end: the seed's MoreActionViewController, a BottomPresentViewController subclass whose
-- content slides up over a dimming view; tapping the dimming view dismisses it, and dimmingViewTapped
-- records an analytics event (the seed's 埋点). Prints a timeline of what happens.
--   scrim examples/more_actions.lua
local function say(text) print(("[%5.3f s] %s"):format(scrim.now(), text)) end
for _, event in ipairs({"transition.willPresent", "transition.didPresent", "dimming.tapped",
                        "transition.willDismiss", "transition.didDismiss"}) do
  scrim.on(event, function(ev) say(event .. " " .. tostring(ev.viewController)) end)
end

local analytics = {}

local MoreActionViewController = scrim.class("MoreActionViewController", scrim.BottomPresentViewController)

function MoreActionViewController:viewDidLoad()
  -- The seed's storyboard: a content view pinned to the sides and the bottom, 300 pt high.
  local content = scrim.View{ name = "content", backgroundColor = "white", cornerRadius = 12 }
  self.view:addSubview(content)
  scrim.constrain(content, "leading", "==", self.view, "leading")
  scrim.constrain(content, "trailing", "==", self.view, "trailing")
  scrim.constrain{ item = content, attribute = "height", constant = 300 }
  self.contentViewBottomConstraint = scrim.constrain(self.view, "bottom", "==", content, "bottom")
  for i, title in ipairs({"Share", "Copy link", "Report"}) do
    content:addSubview(scrim.View{ name = title, text = title, frame = {0, (i - 1) * 56, 390, 56} })
  end
end

-- The required override, as in the seed: the content view's bottom constraint.
function MoreActionViewController:animatedBottomConstraint() return self.contentViewBottomConstraint end

function MoreActionViewController:dimmingViewTapped()
  analytics[#analytics + 1] = { event = "more_actions.dismiss_by_dimming", at = scrim.now() }
  say("dimmingViewTapped → analytics event recorded")
end

-- In a live window (scrim run --window) the timeline below is yours to play: a button presents the sheet, a click on
-- the dimming view dismisses it, as often as you like. Without a window the script plays it and exits.
if scrim.isLive then
  local button = scrim.View{ name = "Show more actions", text = "Show more actions", backgroundColor = "#3a6ea5",
                             cornerRadius = 12, frame = {(scrim.screen.width - 240) / 2, 200, 240, 56} }
  scrim.window:addSubview(button)
  button:onTap(function() scrim.present(MoreActionViewController(), true, function() say("presented (completion)") end) end)
  say("click \"Show more actions\", then the dimming view above the sheet")
  return
end

local more = MoreActionViewController()
scrim.present(more, true, function() say("presented (completion)") end)
scrim.advance(0.125)
local content = more.view:find("content")
say(("halfway: content y = %.1f, dimming alpha = %.2f"):format(content:presentation().frame.y,
    more.presentationController.dimmingView:presentation().alpha))
scrim.settle()
say(("presented: content at y = %.0f"):format(content.frame.y))

scrim.tap("Share")                        -- a tap on the content does not dismiss
say("tapped the content; still presented: " .. tostring(scrim.rootViewController.presentedViewController == more))
scrim.tap(195, 100)                       -- above the content: the dimming view
scrim.settle()
say("dismissed; analytics: " .. #analytics .. " event(s), first " .. analytics[1].event)
