-- expect: @:3: attempt to index a nil value (global 'undefinedThing')
local t = {}
local y = undefinedThing.field
