-- expect: @:9: CBA
local A = scrim.class("A")
function A:name() return "A" end
local B = scrim.class("B", A)
function B:name() return "B" .. self.super:name() end
local C = scrim.class("C", B)
function C:name() return "C" .. self.super:name() end
local D = scrim.class("D", C)
error(D():name())
