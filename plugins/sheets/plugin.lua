-- Dimming transitions that slide or fade a content view: `bottom`, `top`, `right`, `center`. Each export is a
-- DimmingTransitioning delegate table (protocol style); scrim.transition(name, options) binds one to the content:
--   local t = scrim.transition("bottom", { view = content, height = 300 })
--   vc.modalPresentationStyle = "custom"; vc.transitioningDelegate = t   -- weak: keep t alive (e.g. vc.keep = t)
-- options: view (required: the content, a subview of the presented controller's view, placed by frame — not
-- constrained), height / width (default: the view's size, else half the screen), duration (0.3 s),
-- dismissDuration (= duration), tapToDismiss (true), onDimmingTapped(self).
-- `scrim.controller("sheet", { edge = "bottom", height = 300, content = view })` makes the whole controller.
local function screen() return scrim.screen end

local function extent(self, view, key, fallback)
  local value = self[key] or view.frame[key]
  if not value or value <= 0 then value = fallback end
  return value
end

-- A delegate whose content moves between `offscreen(self, view)` and `onscreen(self, view)` frames.
local function sliding(offscreen, onscreen)
  local delegate = {}
  function delegate:presentationAnimationDuration() return self.duration or 0.3 end
  function delegate:dismissalAnimationDuration() return self.dismissDuration or self.duration or 0.3 end
  function delegate:allowTapDimmingViewToDismiss() return self.tapToDismiss ~= false end
  function delegate:dimmingViewTapped() if self.onDimmingTapped then self.onDimmingTapped(self) end end
  function delegate:content()
    return self.view or error("sheets: no content view (scrim.transition(name, { view = … }))", 3)
  end
  function delegate:executePresentationAnimation()
    local view = self:content()
    local final = onscreen(self, view)
    view.frame = offscreen(self, view)
    scrim.animate(self:presentationAnimationDuration(), function() view.frame = final end)
  end
  function delegate:executeDismissalAnimation()
    local view = self:content()
    scrim.animate(self:dismissalAnimationDuration(), function() view.frame = offscreen(self, view) end)
  end
  return delegate
end

local bottom = sliding(
  function(self, v) local s, h = screen(), extent(self, v, "height", screen().height / 2) return { 0, s.height, s.width, h } end,
  function(self, v) local s, h = screen(), extent(self, v, "height", screen().height / 2) return { 0, s.height - h, s.width, h } end)

local top = sliding(
  function(self, v) local s, h = screen(), extent(self, v, "height", screen().height / 2) return { 0, -h, s.width, h } end,
  function(self, v) local s, h = screen(), extent(self, v, "height", screen().height / 2) return { 0, 0, s.width, h } end)

local right = sliding(
  function(self, v) local s, w = screen(), extent(self, v, "width", screen().width * 0.8) return { s.width, 0, w, s.height } end,
  function(self, v) local s, w = screen(), extent(self, v, "width", screen().width * 0.8) return { s.width - w, 0, w, s.height } end)

-- Center: the content fades in (alpha 0 → 1) and grows (scale 0.8 → 1) in the middle of the screen.
local center = sliding(nil, nil)
function center:frame(view)
  local s = screen()
  local w, h = extent(self, view, "width", s.width * 0.8), extent(self, view, "height", s.height / 3)
  return { (s.width - w) / 2, (s.height - h) / 2, w, h }
end
function center:executePresentationAnimation()
  local view = self:content()
  view.frame = self:frame(view)
  view.alpha = 0
  view.transform = { scale = 0.8 }
  scrim.animate(self:presentationAnimationDuration(), function()
    view.alpha = 1
    view.transform = { scale = 1 }
  end)
end
function center:executeDismissalAnimation()
  local view = self:content()
  scrim.animate(self:dismissalAnimationDuration(), function()
    view.alpha = 0
    view.transform = { scale = 0.8 }
  end)
end

-- The controller `sheet` makes: a scrim.class instance, so that it may keep fields of its own (its transition).
local Sheet = scrim.class("Sheet", scrim.ViewController)

return {
  name = "sheets",
  version = "1.0.0",
  description = "Bottom, top, right and center dimming transitions for a content view",
  transitions = { bottom = bottom, top = top, right = right, center = center },
  controllers = {
    -- A controller presenting `content` (or a plain white view) with one of the transitions above; it keeps its
    -- transitioning delegate alive (the controller itself holds it weakly, as in UIKit).
    sheet = function(options)
      options = options or {}
      local edge = options.edge or "bottom"
      local vc = Sheet{ name = options.name or ("sheet." .. edge) }
      local content = options.content or scrim.View{ name = "content", backgroundColor = "white", cornerRadius = 12 }
      vc.view:addSubview(content)
      local transition = scrim.transition("sheets." .. edge, {
        view = content, height = options.height, width = options.width, duration = options.duration,
        tapToDismiss = options.tapToDismiss, onDimmingTapped = options.onDimmingTapped,
      })
      vc.modalPresentationStyle = "custom"
      vc.transitioningDelegate = transition
      vc.sheetTransition = transition
      vc.content = content
      return vc
    end,
  },
}
