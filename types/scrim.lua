---@meta scrim
-- LuaLS annotations for Scrim's Lua API (docs/API.md). Add this folder to `workspace.library`.

---@alias scrim.Rect {x: number, y: number, width: number, height: number}|number[]
---@alias scrim.Point {x: number, y: number}|number[]
---@alias scrim.Color string|{r: number, g: number, b: number, a?: number}
---@alias scrim.Curve "easeInOut"|"easeIn"|"easeOut"|"linear"|number[]

---@class scrim.Transform
---@field scaleX number
---@field scaleY number
---@field rotation number
---@field translateX number
---@field translateY number
---@field scale? number  # sets both scales (input only)

---@class scrim.Presentation
---@field frame {x: number, y: number, width: number, height: number}
---@field alpha number
---@field backgroundColor string?
---@field transform scrim.Transform

---@class scrim.View
---@field name string?
---@field frame scrim.Rect
---@field center scrim.Point
---@field alpha number
---@field backgroundColor scrim.Color?
---@field hidden boolean
---@field userInteractionEnabled boolean
---@field cornerRadius number
---@field text string?
---@field transform scrim.Transform
---@field bounds {x: number, y: number, width: number, height: number} # read only
---@field superview scrim.View? # read only
---@field subviews scrim.View[] # read only, back to front
---@field window scrim.View? # read only
---@field gestureRecognizers scrim.TapGestureRecognizer[] # read only
local View = {}
---@param view scrim.View
function View:addSubview(view) end
---@param view scrim.View
---@param index integer 1-based, 1 is the back
function View:insertSubview(view, index) end
---@param view scrim.View
function View:bringSubviewToFront(view) end
---@param view scrim.View
function View:sendSubviewToBack(view) end
function View:removeFromSuperview() end
function View:layoutIfNeeded() end
function View:setNeedsLayout() end
---@param x number|scrim.Point
---@param y? number
---@return scrim.View?
function View:hitTest(x, y) end
---@return scrim.Presentation
function View:presentation() end
function View:removeAllAnimations() end
---@param name string
---@return scrim.View?
function View:find(name) end
---@param fn fun(recognizer: scrim.TapGestureRecognizer)
---@return scrim.TapGestureRecognizer
function View:onTap(fn) end
---@param recognizer scrim.TapGestureRecognizer
function View:addGestureRecognizer(recognizer) end
---@param recognizer scrim.TapGestureRecognizer
function View:removeGestureRecognizer(recognizer) end

---@class scrim.GestureDelegate
---@field gestureRecognizerShouldReceiveTouch? fun(self, recognizer: scrim.TapGestureRecognizer, point: {x: number, y: number}): boolean

---@class scrim.TapGestureRecognizer
---@field view scrim.View? # read only
---@field enabled boolean
---@field name string?
---@field delegate scrim.GestureDelegate?

---@class scrim.Animation
---@field duration number
---@field delay number
---@field isRunning boolean
---@field finished boolean?
---@field views scrim.View[]
local Animation = {}
function Animation:cancel() end

---@class scrim.Timer
---@field dueTime number
---@field isPending boolean
local Timer = {}
function Timer:cancel() end

---@class scrim.Hook
---@field event string
---@field priority integer
---@field once boolean
---@field group string?
---@field isActive boolean
local Hook = {}
function Hook:remove() end

---@class scrim.HookEvent
---@field name string
---@field target any
---@field fields table<string, any>
---@field isCancelled boolean
---@field isCancellable boolean
---@field [string] any  # the event's fields
local HookEvent = {}
---@return boolean
function HookEvent:cancel() end

---@class scrim.AnimateOptions
---@field duration number
---@field delay? number
---@field curve? scrim.Curve
---@field spring? {damping: number, velocity?: number}
---@field allowUserInteraction? boolean
---@field beginFromCurrentState? boolean
---@field animations fun()
---@field completion? fun(finished: boolean)

---@class scrim
---@field version string
---@field screen {width: number, height: number, scale: number}
---@field window scrim.View
---@field frameRate number
scrim = {}

---@param props? {name?: string, frame?: scrim.Rect, center?: scrim.Point, backgroundColor?: scrim.Color, alpha?: number, hidden?: boolean, userInteractionEnabled?: boolean, cornerRadius?: number, text?: string, transform?: scrim.Transform}
---@return scrim.View
function scrim.View(props) end
---@param fn fun(recognizer: scrim.TapGestureRecognizer)
---@return scrim.TapGestureRecognizer
function scrim.TapGestureRecognizer(fn) end
---@overload fun(options: scrim.AnimateOptions): scrim.Animation
---@param duration number
---@param animations fun()
---@param completion? fun(finished: boolean)
---@return scrim.Animation
function scrim.animate(duration, animations, completion) end
---@return number
function scrim.now() end
---@param seconds number
function scrim.advance(seconds) end
---@param timeout? number
---@return number
function scrim.settle(timeout) end
---@param delay number
---@param fn fun()
---@return scrim.Timer
function scrim.after(delay, fn) end
---@param target scrim.View|scrim.Point|string|number
---@param y? number
---@return scrim.View?
function scrim.tap(target, y) end
---@param name string
---@return scrim.View?
function scrim.find(name) end
---@return string
function scrim.tree() end
---@param event string
---@param fn fun(ev: scrim.HookEvent)
---@param opts? {once?: boolean, priority?: integer, group?: string}
---@return scrim.Hook
function scrim.on(event, fn, opts) end
---@param group string
---@return integer
function scrim.off(group) end
---@param name string
---@param fields? table
---@param cancellable? boolean
---@return boolean
function scrim.emit(name, fields, cancellable) end

return scrim
