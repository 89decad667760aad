-- expect: @:2: bad argument #1 to 'snapshot' (path contains a NUL byte)
scrim.snapshot("a\0b.png")
