-- expect: animatedHeight of Sheet must be a finite number, got inf (returned by the override at @:12)
local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
function Sheet:viewDidLoad()
  local content = scrim.View{ name = "content" }
  self.view:addSubview(content)
  scrim.constrain{ item = content, attribute = "height", constant = 300 }
  self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
end
function Sheet:animatedBottomConstraint() return self.bottom end
-- A bad value from an override is reported when Scrim asks for it (at present time), naming where the override
-- is defined.
function Sheet:animatedHeight()
  return 1 / 0
end
scrim.present(Sheet(), true)
