-- expect: @:3: field 'isBeingPresented' of ViewController is read-only
local vc = scrim.ViewController{ name = "vc" }
vc.isBeingPresented = true
