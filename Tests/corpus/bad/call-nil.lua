-- expect: @:2: attempt to call a nil value (field 'nothing')
string.nothing("x")
