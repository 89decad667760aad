-- Three toasts, the delegate in each of the styles Scrim binds: closures on the object, a delegate table (protocol
-- style), and a scrim.class subclass overriding the members. Run by the example's host (swift run).

-- Closure style: the members are assigned on the toast, called without self.
local closure = scrim.Toast{ text = "closure" }
closure.toastShouldAutoDismiss = false
closure.toastTapped = function() tapped = closure.text end

-- Protocol style: a delegate table, its members methods (or values).
local delegate = scrim.Toast{ text = "delegate", delegate = {
  seconds = 1.5,
  toastDuration = function(self) return self.seconds end,
} }

-- A subclass: overrides found on the class, called with the toast as self.
local Quick = scrim.class("QuickToast", scrim.Toast)
function Quick:toastDuration() return 0.5 end

local subclass = Quick{ text = "subclass" }

closure:show()
delegate:show()
subclass:show()
scrim.advance(0.3)
assert(closure.offset == 0 and closure.isShown, "the toast slid in")
closure:tap()
keep = { closure, delegate, subclass }
