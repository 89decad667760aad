-- expect: the transitioningDelegate of ViewController "forgetful" was released before use
-- The seed's pitfall, every time: a delegate kept nowhere is gone at present (warning first, then this error).
local vc = scrim.ViewController{ name = "forgetful", modalPresentationStyle = "custom" }
vc.transitioningDelegate = scrim.DimmingTransitioning({ executePresentationAnimation = function() end })
scrim.present(vc)
scrim.settle()
error("presented with " .. (scrim.find("dimmingView") and "the dimming transition" or "the default transition"))
