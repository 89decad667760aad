-- flags: --no-bytecode
-- expect: attempt to load a binary chunk (mode is 't')
local path = os.tmpname()
local file = assert(io.open(path, "wb"))
file:write("\27Lua\x54\0") -- a binary chunk's signature: with --no-bytecode, string.dump is gone
file:close()
package.path = path
local ok, message = pcall(require, "crafted")
os.remove(path)
assert(not ok, "require ran a precompiled chunk")
error((message:gsub("\n\t", " ")), 0)
