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


-- §4 Layout ------------------------------------------------------------------------------------------

---@alias scrim.Attribute "left"|"right"|"top"|"bottom"|"leading"|"trailing"|"width"|"height"|"centerX"|"centerY"
---@alias scrim.Relation "=="|"<="|">="

---@class scrim.Constraint
---@field constant number
---@field priority number 1…1000, 1000 = required
---@field active boolean
---@field identifier string?
---@field item scrim.View # read only
---@field attribute scrim.Attribute # read only
---@field relation scrim.Relation # read only
---@field toItem scrim.View? # read only
---@field toAttribute scrim.Attribute? # read only
---@field multiplier number # read only
---@field isBroken boolean # read only
local Constraint = {}
function Constraint:activate() end
function Constraint:deactivate() end

---@overload fun(options: {item: scrim.View, attribute: scrim.Attribute, relation?: scrim.Relation, toItem?: scrim.View, toAttribute?: scrim.Attribute, multiplier?: number, constant?: number, priority?: number, active?: boolean, identifier?: string}): scrim.Constraint
---@param item scrim.View
---@param attribute scrim.Attribute
---@param relation scrim.Relation
---@param toItem scrim.View?
---@param toAttribute scrim.Attribute?
---@param constant? number
---@return scrim.Constraint
function scrim.constrain(item, attribute, relation, toItem, toAttribute, constant) end

-- §5 View controllers -----------------------------------------------------------------------------------

---@class scrim.TransitionContext
---@field containerView scrim.View
---@field isAnimated boolean
---@field isPresenting boolean
---@field isCompleted boolean
---@field transitionWasCancelled boolean
local TransitionContext = {}
---@param key "from"|"to"
---@return scrim.View?
function TransitionContext:viewForKey(key) end
---@param key "from"|"to"
---@return scrim.ViewController?
function TransitionContext:viewControllerForKey(key) end
---@param vc scrim.ViewController
---@return {x: number, y: number, width: number, height: number}
function TransitionContext:initialFrameFor(vc) end
---@param vc scrim.ViewController
---@return {x: number, y: number, width: number, height: number}
function TransitionContext:finalFrameFor(vc) end
---@param ok? boolean
function TransitionContext:completeTransition(ok) end

---@class scrim.PresentationController
---@field presentedViewController scrim.ViewController?
---@field presentingViewController scrim.ViewController?
---@field containerView scrim.View?
---@field presentedView scrim.View?
---@field frameOfPresentedViewInContainerView {x: number, y: number, width: number, height: number}
---@field dimmingView scrim.View? # dimming presentations only
local PresentationController = {}
---@param animations fun()
---@param completion? fun(finished: boolean)
---@return boolean
function PresentationController:animateAlongsideTransition(animations, completion) end

---@class scrim.TransitioningDelegate
---@field animationControllerForPresented? fun(self, presented: scrim.ViewController, presenting: scrim.ViewController, source: scrim.ViewController): table?
---@field animationControllerForDismissed? fun(self, dismissed: scrim.ViewController): table?
---@field presentationControllerForPresented? fun(self, presented: scrim.ViewController, presenting: scrim.ViewController, source: scrim.ViewController): table?

---@class scrim.ViewController
---@field name string?
---@field view scrim.View
---@field modalPresentationStyle "fullScreen"|"overFullScreen"|"custom"
---@field transitioningDelegate any # held weakly
---@field presentedViewController scrim.ViewController? # read only
---@field presentingViewController scrim.ViewController? # read only
---@field presentationController scrim.PresentationController? # read only
---@field isBeingPresented boolean # read only
---@field isBeingDismissed boolean # read only
---@field isViewLoaded boolean # read only
---@field super any # the base of the class whose method runs, its members bound to self (scrim.class instances)
---@field loadView fun(self)? # overridable: a method in a scrim.class, or assigned
---@field viewDidLoad fun(self)? # overridable
---@field viewWillAppear fun(self, animated: boolean)? # overridable
---@field viewDidAppear fun(self, animated: boolean)? # overridable
---@field viewWillDisappear fun(self, animated: boolean)? # overridable
---@field viewDidDisappear fun(self, animated: boolean)? # overridable
local ViewController = {}
---@param vc scrim.ViewController
---@param animated? boolean
---@param completion? fun()
function ViewController:present(vc, animated, completion) end
---@param animated? boolean
---@param completion? fun()
function ViewController:dismiss(animated, completion) end

---@class scrim.DimmingPresentViewController: scrim.ViewController
---@field dimmingTransitioning scrim.DimmingTransitioning # read only
---@field presentationAnimationDuration number|fun(self): number # overridable; reads 0.25 by default
---@field dismissalAnimationDuration number|fun(self): number # overridable; reads 0.25 by default
---@field allowTapDimmingViewToDismiss boolean|fun(self): boolean # overridable; reads true by default
---@field executePresentationAnimation fun(self)? # overridable
---@field executeDismissalAnimation fun(self)? # overridable
---@field dimmingViewTapped fun(self)? # overridable
---@field animatedHeight number|fun(self): number # Bottom/Top: overridable; reads screen height × 0.8 by default
---@field animatedWidth number|fun(self): number # Right: overridable; reads the screen width by default
---@field animatedBottomConstraint scrim.Constraint|fun(self): scrim.Constraint # Bottom: required override
---@field animatedTopConstraint scrim.Constraint|fun(self): scrim.Constraint # Top: required override
---@field animatedTrailingConstraint scrim.Constraint|fun(self): scrim.Constraint # Right: required override
---@field animatedContentView scrim.View|fun(self): scrim.View # Center: required override

---@class scrim.Class
---@field __name string
---@field super scrim.Class?
---@field new fun(...): any
---@overload fun(...): any

---@param name string
---@param base? scrim.Class
---@return scrim.Class
function scrim.class(name, base) end

---@type scrim.Class
scrim.ViewController = nil
---@type scrim.Class
scrim.BottomPresentViewController = nil
---@type scrim.Class
scrim.TopPresentViewController = nil
---@type scrim.Class
scrim.RightPresentViewController = nil
---@type scrim.Class
scrim.CenterPresentViewController = nil
---@type scrim.ViewController
scrim.rootViewController = nil

---@param vc scrim.ViewController
---@param animated? boolean
---@param completion? fun()
function scrim.present(vc, animated, completion) end

-- §6 Dimming ----------------------------------------------------------------------------------------------

---@class scrim.DimmingTransitioningDelegate
---@field presentationAnimationDuration? number|fun(self): number
---@field dismissalAnimationDuration? number|fun(self): number
---@field executePresentationAnimation fun(self)
---@field executeDismissalAnimation fun(self)
---@field allowTapDimmingViewToDismiss? boolean|fun(self): boolean
---@field dimmingViewTapped? fun(self)

---@class scrim.DimmingTransitioning
---@field delegate scrim.DimmingTransitioningDelegate?
---@field presentationController scrim.PresentationController? # while presenting
---@field dimmingView scrim.View? # while presented
---@field presentationAnimationDuration number|fun(): number|nil
---@field dismissalAnimationDuration number|fun(): number|nil
---@field executePresentationAnimation fun()|nil
---@field executeDismissalAnimation fun()|nil
---@field allowTapDimmingViewToDismiss boolean|fun(): boolean|nil
---@field dimmingViewTapped fun()|nil

---@param delegate? scrim.DimmingTransitioningDelegate
---@return scrim.DimmingTransitioning
function scrim.DimmingTransitioning(delegate) end

-- §7 PopupWindow ------------------------------------------------------------------------------------------

---@alias scrim.PopupItem string|{id: string, title?: string}

---@class scrim.PopupWindow
---@field view scrim.View # read only
---@field dismissView scrim.View # read only
---@field collectionView scrim.View # read only
---@field cells scrim.View[] # read only
---@field items string[] # read only
---@field isShowing boolean # read only
---@field phase string # read only
---@field delegate table?
---@field name string?
---@field animationDuration number
local PopupWindow = {}
---@return scrim.PopupWindow
function PopupWindow:create() end
function PopupWindow:cancel() end
---@param items scrim.PopupItem[]
---@param handler? fun(item: string, index: integer, popup: scrim.PopupWindow): boolean?
---@return scrim.PopupWindow
function PopupWindow:setItems(items, handler) end
---@param item string
---@param fn? fun(popup: scrim.PopupWindow): boolean?
---@return scrim.PopupWindow
function PopupWindow:on(item, fn) end
---@param item string
---@return boolean
function PopupWindow:select(item) end
---@param item string
---@return scrim.View?
function PopupWindow:cell(item) end

---@type scrim.Class
scrim.PopupWindow = nil

---@class scrim.ConfirmDialog: scrim.PopupWindow
---@field title string?
---@field message string?
---@field cardView scrim.View

---@param options? {title?: string, message?: string, cancelTitle?: string, confirmTitle?: string, delegate?: table, name?: string, items?: scrim.PopupItem[]}
---@return scrim.ConfirmDialog
function scrim.ConfirmDialog(options) end

--- Draws the window as it is on screen now (presentation values) to a PNG, at the screen's scale; returns the path.
--- Without a path: `scrim-snapshot-<n>.png` in the current directory, numbered from 1 in each run.
---@param path? string
---@return string
function scrim.snapshot(path) end

-- §9 Plugins -------------------------------------------------------------------------------------------------

---@alias scrim.PluginPermission "io"|"os"|"native"|"plugins"
---@alias scrim.ExportKind "menu"|"transition"|"controller"

---A plugin's `plugin.lua` returns this.
---@class scrim.PluginManifest
---@field name string                     # must be the folder's name
---@field version string                  # semver: MAJOR.MINOR.PATCH[-pre][+build]
---@field description? string
---@field requires? string[]              # plugins loaded first
---@field permissions? scrim.PluginPermission[]
---@field options? table                  # defaults of ctx.options
---@field setup? fun(ctx: scrim.PluginContext)
---@field menus? table<string, table|fun(popup: scrim.PopupWindow, options?: table)>
---@field transitions? table<string, table|fun(transitioning: scrim.DimmingTransitioning, options?: table)>
---@field controllers? table<string, table|scrim.Class|fun(options?: table): scrim.ViewController>
---@field hooks? table<string, fun(ev: scrim.HookEvent)|{handler: fun(ev: scrim.HookEvent), priority?: integer, once?: boolean}>

---What `setup(ctx)` gets.
---@class scrim.PluginContext
---@field name string
---@field version string
---@field dir string                      # the plugin's folder ("@name" for a bundled plugin)
---@field group string                    # its hook group (replaced on reload)
---@field state table                     # survives reloads
---@field options table                   # manifest options, overridden by those given to load/reload
local PluginContext = {}
---`scrim.on` in the plugin's hook group (`group` in opts is a label of the plugin's own, for its `scrim.off`).
---@param event string
---@param fn fun(ev: scrim.HookEvent)
---@param opts? {once?: boolean, priority?: integer, group?: string}
---@return scrim.Hook
function PluginContext.on(event, fn, opts) end
---A closure-style export.
---@param kind scrim.ExportKind
---@param name string
---@param value table|function
function PluginContext.provide(kind, name, value) end
---Writes `[name] …` to stderr.
---@param ... any
function PluginContext.log(...) end

---@class scrim.PluginRecord
---@field name string
---@field version string?
---@field state "loaded"|"failed"
---@field error string?                   # why it failed, or why its last reload failed
---@field warnings string[]

---@class scrim.PluginInfo: scrim.PluginRecord
---@field description string?
---@field directory string
---@field requires string[]
---@field permissions string[]
---@field exports {menus: string[], transitions: string[], controllers: string[]}?

scrim.plugins = {}
---The folder below which plugins without "io" may write snapshots (`scrim.snapshot(relativePath)`); nil: none.
---@type string?
scrim.plugins.outputFolder = nil

---Loads a plugin folder, a folder of plugins, a bundled plugin (`"@popup_menu"`) or all of them (`"@bundled"`);
---returns the names loaded, in load order.
---@param path string
---@param options? table   # a single plugin's options, or options by plugin name for a folder of plugins
---@return string[]
function scrim.plugins.load(path, options) end

---Every plugin tried, in load order.
---@return scrim.PluginRecord[]
function scrim.plugins.list() end

---@param name string
---@return scrim.PluginInfo?
function scrim.plugins.get(name) end

---The plugin's `ctx.state` (e.g. `scrim.plugins.state("analytics").events`), or nil for an unknown plugin.
---@param name string
---@return table?
function scrim.plugins.state(name) end

---Re-runs the plugin (every plugin when nil), then its dependents; a failure keeps the previous version.
---@param name? string
---@param options? table
---@return boolean ok
---@return string? error
function scrim.plugins.reload(name, options) end

---A PopupWindow (not shown yet) from a `menus` export: "export" or "plugin.export".
---@param name string
---@param options? table
---@return scrim.PopupWindow
function scrim.menu(name, options) end

---A DimmingTransitioning bound to a `transitions` export.
---@param name string
---@param options? table
---@return scrim.DimmingTransitioning
function scrim.transition(name, options) end

---A ViewController from a `controllers` export.
---@param name string
---@param options? table
---@return scrim.ViewController
function scrim.controller(name, options) end
