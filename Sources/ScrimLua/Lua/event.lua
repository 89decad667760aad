-- The `__index` of the table a hook handler gets as its event (see HookBinding.swift): `ev:cancel()`, `false` for the
-- flags an event table leaves out, and `ev.fields`, made from the table itself when asked for, so that an event
-- costs one table. `cancel` is the Swift function that finds the event the table stands for.
local cancel = ...
local next, type = next, type
local own = { name = true, target = true, isCancellable = true, isCancelled = true }

return function(event, key)
  if key == "cancel" then return cancel end
  if key == "isCancellable" or key == "isCancelled" then return false end
  if key == "fields" then
    local fields = {}
    for name, value in next, event do
      if type(name) == "string" and not own[name] then fields[name] = value end
    end
    return fields
  end
end
