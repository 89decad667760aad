-- The modifiers of chains: words that read well and change nothing (is, are, was, has, does), words that negate
-- what follows (not, no: the chain's `mod` flips), and message(text), the text a failure starts with.
local lib = ...

local function reads(chain) return chain end
local function negates(chain) chain.mod = not chain.mod end

for _, word in ipairs({ "is", "are", "was", "has", "does" }) do lib.register("modifier", word, reads) end
lib.register("modifier", "not", negates)
lib.register("modifier", "no", negates)
lib.register("modifier", "message", function(chain, arguments) chain.failure_message = arguments[1] end)
