-- The bottom sheet the dimming specs present: a BottomPresent-family `class` whose view holds a 300-point white
-- `content` view pinned to its bottom (the animated constraint), with `props` copied onto the class.
return function(class, props)
  local C = scrim.class("Sheet", class)
  function C:viewDidLoad()
    local content = scrim.View{ name = "content", backgroundColor = "white" }
    self.view:addSubview(content)
    self.content = content
    scrim.constrain(content, "leading", "==", self.view, "leading")
    scrim.constrain(content, "trailing", "==", self.view, "trailing")
    scrim.constrain{ item = content, attribute = "height", constant = 300 }
    self.bottom = scrim.constrain(self.view, "bottom", "==", content, "bottom")
  end
  function C:animatedBottomConstraint() return self.bottom end
  for k, v in pairs(props or {}) do C[k] = v end
  return C
end
