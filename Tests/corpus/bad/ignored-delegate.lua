-- expect: the transitioningDelegate of ViewController "plain" is ignored: its modalPresentationStyle is "fullScreen"
local keep = scrim.DimmingTransitioning({ executePresentationAnimation = function() end })
local vc = scrim.ViewController{ name = "plain", transitioningDelegate = keep }
scrim.present(vc)
scrim.settle()
error("presented without the dimming transition")
