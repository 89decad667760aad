-- expect: @:2: bad argument #1 to 'animate' (unknown option 'curv'
scrim.animate{ duration = 1, curv = "linear", animations = function() end }
