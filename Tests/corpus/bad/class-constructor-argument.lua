-- expect: @:3: bad argument #1 to 'Plain' (table expected, got number)
local Plain = scrim.class("Plain", scrim.ViewController)
Plain(5) -- no init to take the number
