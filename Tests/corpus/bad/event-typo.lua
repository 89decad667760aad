-- expect: @:2: no event "popup.didselect" among Scrim's "popup" events, so this handler never runs; did you mean "popup.didSelect"?
scrim.on("popup.didselect", function() end)
error("subscribed")
