---@meta scrim
-- LuaLS annotations for Scrim's Lua API (docs/API.md): the `scrim` module, its classes and the protocols a script
-- implements (delegates, animators), and the globals of `scrim test`. Add this folder (installed as
-- share/scrim/types) to LuaLS's `workspace.library`. A test keeps it in step with docs/API.md.
--
-- The `---@class scrim.X` blocks of the classes Scrim declares in Swift are generated: `make types` rewrites their
-- field, `---@overload` (constructor options) and method lines from the class declarations, keeping each field's type
-- and note (after `#`), each method's `---@param`/`---@return` lines and the prose above a block as written here. A
-- test fails when a block is not what `make types` makes of it. Everything else (aliases, protocols a script
-- implements, module functions, the test globals) is written by hand.

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
---@field subviews scrim.View[] # read only; back to front
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
---@field duration number # read only
---@field delay number # read only
---@field isRunning boolean # read only
---@field finished boolean? # read only
---@field views scrim.View[] # read only
local Animation = {}
function Animation:cancel() end

---@class scrim.Timer
---@field dueTime number # read only
---@field isPending boolean # read only
local Timer = {}
function Timer:cancel() end

---@class scrim.Hook
---@field event string # read only
---@field priority integer # read only
---@field once boolean # read only
---@field group string? # read only
---@field isActive boolean # read only
local Hook = {}
function Hook:remove() end

---The names of Scrim's own events (any other name may be emitted with scrim.emit).
---@alias scrim.EventName
---| "transition.willPresent" # cancellable; viewController, animated
---| "transition.didPresent"
---| "transition.willDismiss" # cancellable
---| "transition.didDismiss"
---| "transition.warning" # viewController, message
---| "dimming.tapped" # cancellable; viewController, willDismiss
---| "popup.willShow" # cancellable; popup
---| "popup.didShow"
---| "popup.willSelect" # cancellable; popup, item, index
---| "popup.didSelect"
---| "popup.willCancel" # cancellable; popup
---| "popup.didCancel"
---| "animation.didStart" # view, animation
---| "animation.didFinish" # view, finished, animation
---| "layout.unsatisfiable" # constraints, broken, message
---| "plugin.didLoad" # plugin, error
---| "plugin.didFail"
---| "plugin.didReload"
---| "error" # message, traceback, source, context
---| "touch.began" # x, y (screen points); a live window's mouse press
---| "touch.moved" # x, y; a drag
---| "touch.ended" # x, y; the release (a tap follows if it moved less than 10 points)

---@class scrim.HookEvent
---@field name string
---@field target any
---@field fields table<string, any>
---@field isCancelled boolean
---@field isCancellable boolean
---@field viewController? scrim.ViewController
---@field animated? boolean
---@field willDismiss? boolean
---@field popup? scrim.PopupWindow
---@field item? string
---@field index? integer
---@field view? scrim.View
---@field finished? boolean
---@field animation? scrim.Animation
---@field constraints? scrim.Constraint[]
---@field broken? scrim.Constraint[]
---@field message? string
---@field traceback? string
---@field source? string
---@field context? string
---@field plugin? string
---@field error? string
---@field x? number  # touch.*: screen points
---@field y? number
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
---@field isLive boolean true while a live window (--window) shows the runtime: wait for clicks instead of scripting them
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
---@return scrim.View? handled
---@return string? why nothing handled it
function scrim.tap(target, y) end
---@param name string
---@return scrim.View?
function scrim.find(name) end
---@return string
function scrim.tree() end
---The value as JSON text (arrays for tables keyed 1…n, objects with sorted keys otherwise; NaN and ±inf as null).
---@param value nil|boolean|number|string|table
---@return string
function scrim.json(value) end
---@param event scrim.EventName|string
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
---@field containerView scrim.View # read only
---@field isAnimated boolean # read only
---@field isPresenting boolean # read only
---@field isCompleted boolean # read only
---@field transitionWasCancelled boolean # read only
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
---@field presentedViewController scrim.ViewController? # read only
---@field presentingViewController scrim.ViewController? # read only
---@field containerView scrim.View? # read only
---@field presentedView scrim.View? # read only
---@field frameOfPresentedViewInContainerView {x: number, y: number, width: number, height: number} # read only
local PresentationController = {}
---@param animations fun()
---@param completion? fun(finished: boolean)
---@return boolean
function PresentationController:animateAlongsideTransition(animations, completion) end

---The presentation controller of a dimming presentation (a DimmingTransitioning's): the dimming view behind.
---@class scrim.DimmingPresentationController: scrim.PresentationController
---@field dimmingView scrim.View? # read only

---A custom transition's animator (protocol style), returned by `animationControllerForPresented`/`Dismissed`.
---@class scrim.Animator
---@field transitionDuration? fun(self, ctx: scrim.TransitionContext): number
---@field animateTransition fun(self, ctx: scrim.TransitionContext) # must end with ctx:completeTransition()
---@field animationEnded? fun(self, completed: boolean)

---Members a `presentationControllerForPresented` table may give, each called with the table and the controller.
---@class scrim.PresentationControllerMembers
---@field presentationTransitionWillBegin? fun(self, pc: scrim.PresentationController)
---@field presentationTransitionDidEnd? fun(self, pc: scrim.PresentationController, completed: boolean)
---@field dismissalTransitionWillBegin? fun(self, pc: scrim.PresentationController)
---@field dismissalTransitionDidEnd? fun(self, pc: scrim.PresentationController, completed: boolean)
---@field frameOfPresentedViewInContainerView? scrim.Rect|fun(self, pc: scrim.PresentationController): scrim.Rect

---A controller's `transitioningDelegate` (held weakly: keep it alive yourself).
---@class scrim.TransitioningDelegate
---@field animationControllerForPresented? fun(self, presented: scrim.ViewController, presenting: scrim.ViewController, source: scrim.ViewController): scrim.Animator?
---@field animationControllerForDismissed? fun(self, dismissed: scrim.ViewController): scrim.Animator?
---@field presentationControllerForPresented? fun(self, presented: scrim.ViewController, presenting: scrim.ViewController, source: scrim.ViewController): scrim.PresentationControllerMembers?

---A view controller. `scrim.ViewController{…}` makes one (the options are its fields and lifecycle methods);
---`scrim.class("Name", scrim.ViewController)` derives a class whose methods override these.
---@class scrim.ViewController
---@field name string?
---@field view scrim.View # loaded on first access: loadView, then viewDidLoad
---@field modalPresentationStyle "fullScreen"|"overFullScreen"|"custom"
---@field transitioningDelegate scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil # held weakly
---@field presentedViewController scrim.ViewController? # read only
---@field presentingViewController scrim.ViewController? # read only
---@field presentationController scrim.PresentationController? # read only
---@field isBeingPresented boolean # read only
---@field isBeingDismissed boolean # read only
---@field isViewLoaded boolean # read only
---@field super any # the base of the class whose method runs, its members bound to self (for a plain instance, the Scrim class's own implementations)
---@field loadView fun(self)? # overridable; a method in a scrim.class, or assigned
---@field viewDidLoad fun(self)? # overridable
---@field viewWillAppear fun(self, animated: boolean)? # overridable
---@field viewDidAppear fun(self, animated: boolean)? # overridable
---@field viewWillDisappear fun(self, animated: boolean)? # overridable
---@field viewDidDisappear fun(self, animated: boolean)? # overridable
---@field viewWillLayoutSubviews fun(self)? # overridable; before the view lays out (it entered the window, a constraint in it changed)
---@field viewDidLayoutSubviews fun(self)? # overridable; after it laid out
---@overload fun(options?: {name?: string, modalPresentationStyle?: string, transitioningDelegate?: any, view?: scrim.View, loadView?: fun(self), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewDidAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.ViewController
scrim.ViewController = {}
---@param vc scrim.ViewController
---@param animated? boolean
---@param completion? fun()
function scrim.ViewController:present(vc, animated, completion) end
---@param animated? boolean
---@param completion? fun()
function scrim.ViewController:dismiss(animated, completion) end

---What the dimming base classes share: a DimmingTransitioning of their own (kept strongly), the "custom" style,
---and the DimmingTransitioningDelegate members, as values or methods.
---@class scrim.DimmingPresentViewController: scrim.ViewController
---@field dimmingTransitioning scrim.DimmingTransitioning # read only
---@field presentationAnimationDuration number|fun(self): number # overridable; reads the transition's answer, as dimmingTransitioning does (0.25 by default)
---@field dismissalAnimationDuration number|fun(self): number # overridable; reads the transition's answer, as dimmingTransitioning does (0.25 by default)
---@field allowTapDimmingViewToDismiss boolean|fun(self): boolean # overridable; reads the transition's answer, as dimmingTransitioning does (true by default)
---@field executePresentationAnimation fun(self)? # overridable; reads the function the transition calls (nil: Scrim's, which self.super reaches)
---@field executeDismissalAnimation fun(self)? # overridable; reads the function the transition calls (nil: Scrim's, which self.super reaches)
---@field dimmingViewTapped fun(self)? # overridable; reads the function the transition calls

---Slides its content up: `animatedBottomConstraint.constant` from −animatedHeight to 0
---(the constraint reads `superview.bottom == content.bottom + constant`).
---@class scrim.BottomPresentViewController: scrim.DimmingPresentViewController
---@field animatedBottomConstraint scrim.Constraint|fun(self): scrim.Constraint # overridable; required
---@field animatedHeight number|fun(self): number # overridable; default: the screen height × 0.8
---@overload fun(options?: {allowTapDimmingViewToDismiss?: boolean|fun(self): boolean, animatedBottomConstraint?: scrim.Constraint|fun(self): scrim.Constraint, animatedHeight?: number|fun(self): number, dimmingViewTapped?: fun(self), dismissalAnimationDuration?: number|fun(self): number, executeDismissalAnimation?: fun(self), executePresentationAnimation?: fun(self), loadView?: fun(self), modalPresentationStyle?: "fullScreen"|"overFullScreen"|"custom", name?: string, presentationAnimationDuration?: number|fun(self): number, transitioningDelegate?: scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil, view?: scrim.View, viewDidAppear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.BottomPresentViewController
scrim.BottomPresentViewController = {}

---Slides its content down from the top: `animatedTopConstraint.constant` from −animatedHeight to 0
---(`content.top == superview.top + constant`).
---@class scrim.TopPresentViewController: scrim.DimmingPresentViewController
---@field animatedTopConstraint scrim.Constraint|fun(self): scrim.Constraint # overridable; required
---@field animatedHeight number|fun(self): number # overridable; default: the screen height × 0.8
---@overload fun(options?: {allowTapDimmingViewToDismiss?: boolean|fun(self): boolean, animatedHeight?: number|fun(self): number, animatedTopConstraint?: scrim.Constraint|fun(self): scrim.Constraint, dimmingViewTapped?: fun(self), dismissalAnimationDuration?: number|fun(self): number, executeDismissalAnimation?: fun(self), executePresentationAnimation?: fun(self), loadView?: fun(self), modalPresentationStyle?: "fullScreen"|"overFullScreen"|"custom", name?: string, presentationAnimationDuration?: number|fun(self): number, transitioningDelegate?: scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil, view?: scrim.View, viewDidAppear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.TopPresentViewController
scrim.TopPresentViewController = {}

---Slides its content in from the right: `animatedTrailingConstraint.constant` from −animatedWidth to 0
---(`superview.trailing == content.trailing + constant`).
---@class scrim.RightPresentViewController: scrim.DimmingPresentViewController
---@field animatedTrailingConstraint scrim.Constraint|fun(self): scrim.Constraint # overridable; required
---@field animatedWidth number|fun(self): number # overridable; default: the screen width
---@overload fun(options?: {allowTapDimmingViewToDismiss?: boolean|fun(self): boolean, animatedTrailingConstraint?: scrim.Constraint|fun(self): scrim.Constraint, animatedWidth?: number|fun(self): number, dimmingViewTapped?: fun(self), dismissalAnimationDuration?: number|fun(self): number, executeDismissalAnimation?: fun(self), executePresentationAnimation?: fun(self), loadView?: fun(self), modalPresentationStyle?: "fullScreen"|"overFullScreen"|"custom", name?: string, presentationAnimationDuration?: number|fun(self): number, transitioningDelegate?: scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil, view?: scrim.View, viewDidAppear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.RightPresentViewController
scrim.RightPresentViewController = {}

---Slides its content in from the left: `animatedLeadingConstraint.constant` from −animatedWidth to 0
---(`content.leading == superview.leading + constant`).
---@class scrim.LeftPresentViewController: scrim.DimmingPresentViewController
---@field animatedLeadingConstraint scrim.Constraint|fun(self): scrim.Constraint # overridable; required
---@field animatedWidth number|fun(self): number # overridable; default: the screen width
---@overload fun(options?: {allowTapDimmingViewToDismiss?: boolean|fun(self): boolean, animatedLeadingConstraint?: scrim.Constraint|fun(self): scrim.Constraint, animatedWidth?: number|fun(self): number, dimmingViewTapped?: fun(self), dismissalAnimationDuration?: number|fun(self): number, executeDismissalAnimation?: fun(self), executePresentationAnimation?: fun(self), loadView?: fun(self), modalPresentationStyle?: "fullScreen"|"overFullScreen"|"custom", name?: string, presentationAnimationDuration?: number|fun(self): number, transitioningDelegate?: scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil, view?: scrim.View, viewDidAppear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.LeftPresentViewController
scrim.LeftPresentViewController = {}

---Fades and scales its content in: `animatedContentView` alpha 0 → 1, scale 0.8 → 1.
---@class scrim.CenterPresentViewController: scrim.DimmingPresentViewController
---@field animatedContentView scrim.View|fun(self): scrim.View # overridable; required
---@overload fun(options?: {allowTapDimmingViewToDismiss?: boolean|fun(self): boolean, animatedContentView?: scrim.View|fun(self): scrim.View, dimmingViewTapped?: fun(self), dismissalAnimationDuration?: number|fun(self): number, executeDismissalAnimation?: fun(self), executePresentationAnimation?: fun(self), loadView?: fun(self), modalPresentationStyle?: "fullScreen"|"overFullScreen"|"custom", name?: string, presentationAnimationDuration?: number|fun(self): number, transitioningDelegate?: scrim.TransitioningDelegate|scrim.DimmingTransitioning|nil, view?: scrim.View, viewDidAppear?: fun(self, animated: boolean), viewDidDisappear?: fun(self, animated: boolean), viewDidLoad?: fun(self), viewWillAppear?: fun(self, animated: boolean), viewWillDisappear?: fun(self, animated: boolean), viewDidLayoutSubviews?: fun(self), viewWillLayoutSubviews?: fun(self)}): scrim.CenterPresentViewController
scrim.CenterPresentViewController = {}

---A class table made by scrim.class: define methods on it, call it (or `.new`) to make an instance; the
---arguments go to `init(self, …)`, and for a class derived from a Scrim class the first may be the base's
---options table.
---@class scrim.Class
---@field name string
---@field super scrim.Class|table|nil # the base class
---@field new fun(...): any
---@field init? fun(self, ...)
---@overload fun(...): any

---A class named `name` over `base` (scrim.ViewController, a dimming base class, scrim.PopupWindow, or another
---scrim.class); without a base, instances are plain tables.
---@param name string
---@param base? scrim.Class|scrim.ViewController|scrim.PopupWindow|table
---@return scrim.Class
function scrim.class(name, base) end

---The root view controller (its view, named `root`, fills the window at the back).
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
---@field presentationController scrim.PresentationController? # read only; while presenting
---@field dimmingView scrim.View? # read only; while presented
---@field presentationAnimationDuration number|fun(): number # reads the transition's answer (0.25 by default)
---@field dismissalAnimationDuration number|fun(): number # reads the transition's answer (0.25 by default)
---@field executePresentationAnimation fun()|nil # reads the function the transition calls; nil: Scrim's
---@field executeDismissalAnimation fun()|nil # reads the function the transition calls; nil: Scrim's
---@field allowTapDimmingViewToDismiss boolean|fun(): boolean # reads the transition's answer (true by default)
---@field dimmingViewTapped fun()|nil # reads the function the transition calls

---@param delegate? scrim.DimmingTransitioningDelegate
---@return scrim.DimmingTransitioning
function scrim.DimmingTransitioning(delegate) end

-- §7 PopupWindow ------------------------------------------------------------------------------------------

---@alias scrim.PopupItem string|{id: string, title?: string}

---A popup's delegate (protocol style): item "rename" calls `delegate:rename(popup)`; an item without its own
---method calls `didSelectItem`. Returning false keeps the popup open.
---@class scrim.PopupDelegate
---@field didSelectItem? fun(self, popup: scrim.PopupWindow, item: string, index: integer): boolean?
---@field [string] fun(self, popup: scrim.PopupWindow): boolean?

---The bottom popup menu (seed 1). `scrim.PopupWindow{…}` makes one; `scrim.class("Name", scrim.PopupWindow)`
---derives a class whose methods override the overridable ones below.
---@class scrim.PopupWindow
---@field view scrim.View # read only
---@field dismissView scrim.View # read only; tapping it cancels
---@field collectionView scrim.View # read only
---@field cells scrim.View[] # read only
---@field items string[] # read only
---@field isShowing boolean # read only
---@field phase string # read only
---@field delegate scrim.PopupDelegate? # held strongly
---@field name string?
---@field animationDuration number
---@field loadView? fun(self) # overridable
---@field viewDidLoad? fun(self) # overridable
---@field makeContentView? fun(self): scrim.View # overridable; return the content View
---@field layoutContent? fun(self) # overridable
---@field prepareShowAnimation? fun(self) # overridable
---@field showAnimation? fun(self) # overridable
---@field cancelAnimation? fun(self) # overridable
---@field super any # the base of the class whose method runs, its members bound to self (for a plain instance, the Scrim class's own implementations)
---@overload fun(options?: {items?: scrim.PopupItem[], delegate?: scrim.PopupDelegate, name?: string}): scrim.PopupWindow
scrim.PopupWindow = {}
---@return scrim.PopupWindow
function scrim.PopupWindow:create() end
function scrim.PopupWindow:cancel() end
---@param items scrim.PopupItem[]
---@param handler? fun(item: string, index: integer, popup: scrim.PopupWindow): boolean?
---@return scrim.PopupWindow
function scrim.PopupWindow:setItems(items, handler) end
---@param item string
---@param fn? fun(popup: scrim.PopupWindow): boolean?
---@return scrim.PopupWindow
function scrim.PopupWindow:on(item, fn) end
---@param item string
---@return boolean
function scrim.PopupWindow:select(item) end
---@param item string
---@return scrim.View?
function scrim.PopupWindow:cell(item) end

---@class scrim.ConfirmDialog: scrim.PopupWindow
---@field title string?
---@field message string?
---@field cardView scrim.View # read only

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

-- Tests (`scrim test`, docs/API.md §10): busted's vocabulary and luassert. -----------------------------------

---A block: its body runs when the run reaches it and registers its children.
---@param name string
---@param fn? fun()
---@return fun(fn: fun())? # the curried form `describe "name" (fn)`
function describe(name, fn) end
---@param name string
---@param fn? fun()
function context(name, fn) end
---A block after which `_G` and `package.loaded` are put back.
---@param name string
---@param fn? fun()
function insulate(name, fn) end
---A block whose global changes reach the insulating block around it.
---@param name string
---@param fn? fun()
function expose(name, fn) end
---A test.
---@param name string
---@param fn? fun()
---@return fun(fn: fun())?
function it(name, fn) end
---@param name string
---@param fn? fun()
function spec(name, fn) end
---@param name string
---@param fn? fun()
function test(name, fn) end
---In a block: a pending test. In a test: stops it as pending.
---@param name string
---@param fn? fun()
function pending(name, fn) end
---@param fn fun()
function before_each(fn) end
---@param fn fun()
function after_each(fn) end
---Runs before the block's first child (`strict_setup`).
---@param fn fun()
function setup(fn) end
---@param fn fun()
function teardown(fn) end
---@param fn fun()
function strict_setup(fn) end
---@param fn fun()
function strict_teardown(fn) end
---Runs once, just before the block's first test that runs.
---@param fn fun()
function lazy_setup(fn) end
---@param fn fun()
function lazy_teardown(fn) end
---In a test: runs after it, even when it fails (the last one registered).
---@param fn fun()
function finally(fn) end
---In a block: shuffles its children (`randomize(false)` keeps the order).
---@param seedOrFlag? integer|boolean
function randomize(seedOrFlag) end

---A chain of luassert: words joined by `_` or `.` (`assert.is_not.equal`, `assert.has_no.errors`), read as
---luassert reads them; any assertion registered with `assert:register` may end it. The last extra argument of an
---assertion is the failure's message.
---@class luassert.Chain
---@field is luassert.Chain
---@field are luassert.Chain
---@field was luassert.Chain
---@field has luassert.Chain
---@field does luassert.Chain
---@field is_not luassert.Chain
---@field are_not luassert.Chain
---@field was_not luassert.Chain
---@field has_no luassert.Chain
---@field does_not luassert.Chain
---@field no luassert.Chain
---@field message fun(text: string): luassert.Chain
---@field equal fun(expected: any, actual: any, message?: string)
---@field equals fun(expected: any, actual: any, message?: string)
---@field same fun(expected: any, actual: any, message?: string)
---@field truthy fun(value: any, message?: string)
---@field falsy fun(value: any, message?: string)
---@field is_true fun(value: any, message?: string)
---@field is_false fun(value: any, message?: string)
---@field is_truthy fun(value: any, message?: string)
---@field is_falsy fun(value: any, message?: string)
---@field is_nil fun(value: any, message?: string)
---@field is_not_nil fun(value: any, message?: string)
---@field is_string fun(value: any, message?: string)
---@field is_number fun(value: any, message?: string)
---@field is_table fun(value: any, message?: string)
---@field is_function fun(value: any, message?: string)
---@field is_boolean fun(value: any, message?: string)
---@field is_userdata fun(value: any, message?: string)
---@field near fun(expected: number, actual: number, tolerance: number, message?: string)
---@field matches fun(pattern: string, s: any, init?: integer, plain?: boolean, message?: string): ...
---@field match fun(pattern: string, s: any, init?: integer, plain?: boolean, message?: string): ...
---@field error fun(fn: function, expected?: any, message?: string)
---@field errors fun(fn: function, expected?: any, message?: string)
---@field has_error fun(fn: function, expected?: any, message?: string)
---@field error_matches fun(fn: function, pattern: string, init?: integer, plain?: boolean, message?: string)
---@field unique fun(list: table, deep?: boolean, message?: string)
---@field returned_arguments fun(count: integer, ...: any)
---@field array fun(t: table): luassert.Chain
---@field holes fun(length?: integer): integer?
---@field spy fun(s: luassert.Spy|function, message?: string): luassert.Chain
---@field stub fun(s: luassert.Stub|function, message?: string): luassert.Chain
---@field called fun(times?: integer)
---@field called_with fun(...: any)
---@field returned_with fun(...: any)
---@field called_at_least fun(times: integer)
---@field called_at_most fun(times: integer)
---@field called_more_than fun(times: integer)
---@field called_less_than fun(times: integer)
---@field rect_near fun(actual: scrim.Rect|scrim.View, expected: scrim.Rect, tolerance?: number)
---@field snapshot fun(name: string, options?: {tolerance?: integer, share?: number})
---@field [string] luassert.Chain
---@overload fun(...: any): ...

---@class luassert: luassert.Chain
assert = {}
---@param kind "assertion"|"modifier"|"matcher"
---@param name string
---@param fn fun(state: table, arguments: table, level: integer): any
---@param positiveMessage? string # a `say` key
---@param negativeMessage? string # a `say` key
function assert:register(kind, name, fn, positiveMessage, negativeMessage) end
---@param kind "assertion"|"modifier"|"matcher"
---@param name string
function assert:unregister(kind, name) end
---@param name "TableFormatLevel"|"TableFormatShowRecursion"|"TableErrorHighlightCharacter"|"TableErrorHighlightColor"|string
---@param value any
function assert:set_parameter(name, value) end
---@param name string
---@return any
function assert:get_parameter(name) end
---@param formatter fun(value: any, extra?: table): string?
function assert:add_formatter(formatter) end
---@param formatter function
function assert:remove_formatter(formatter) end
---@param arguments table # with `n`
---@return table
function assert:format(arguments) end
---@param s luassert.Spy
function assert:add_spy(s) end
---@param s luassert.Spy
function assert:addspy(s) end
---A snapshot of formatters, parameters and spies (`assert:snapshot()`); `:revert()` undoes what was added since.
---(`assert.snapshot(name)`, with a dot, is Scrim's picture assertion.)
---@return {revert: fun(self)}
function assert:snapshot() end
---@param level integer
---@return table
function assert:level(level) end

---@class luassert.Spy
---@field calls table[]
---@field returnvals table[]
---@overload fun(...: any): ...
local Spy = {}
---@return luassert.Spy
function Spy:clear() end
function Spy:revert() end
---@param n? integer
---@return boolean, integer
function Spy:called(n) end
---@param arguments table
---@return boolean, table?
function Spy:called_with(arguments) end

---@class luassert.Stub: luassert.Spy
---@field returns fun(...: any): luassert.Stub
---@field invokes fun(fn: function): luassert.Stub
---@field by_default {returns: fun(...: any): luassert.Stub, invokes: fun(fn: function): luassert.Stub}
---@field on_call_with fun(...: any): {returns: fun(...: any): luassert.Stub, invokes: fun(fn: function): luassert.Stub}

---@class luassert.spy
---@overload fun(fn?: function): luassert.Spy
spy = {}
---@param fn? function
---@return luassert.Spy
function spy.new(fn) end
---A spy in place of `object[name]` (a table or a Scrim object).
---@param object table|userdata
---@param name string
---@return luassert.Spy
function spy.on(object, name) end
---@param x any
---@return boolean
function spy.is_spy(x) end

---A stub in place of `object[name]` (a table or a Scrim object) returning `...` (or calling the one function given);
---`stub()` alone is a blank stub.
---@param object? table|userdata
---@param name? string
---@return luassert.Stub
function stub(object, name, ...) end
---@param object? table|userdata
---@param name? string
---@return luassert.Stub
function stub.new(object, name, ...) end

---Spies on (or, with `dostub`, stubs) every function of `t`, deeply.
---@param t table
---@param dostub? boolean
---@return table
function mock(t, dostub) end
---@param t table
---@param dostub? boolean
---@return table
function mock.new(t, dostub) end
---@param t table
function mock.revert(t) end
---@param t table
function mock.clear(t) end

---Matchers for called_with/returned_with/on_call_with, negated with `is_not`/`no` (`match.is_not.string()`).
---@class luassert.match
---@field _ table # matches anything
---@field is_not luassert.match
---@field no luassert.match
---@field is_string fun(): table
---@field is_number fun(): table
---@field is_table fun(): table
---@field is_function fun(): table
---@field is_boolean fun(): table
---@field is_nil fun(): table
---@field is_userdata fun(): table
---@field is_thread fun(): table
---@field is_true fun(): table
---@field is_false fun(): table
---@field is_truthy fun(): table
---@field is_falsy fun(): table
---@field is_ref fun(x: any): table
---@field is_same fun(x: any): table
---@field is_equal fun(x: any): table
---@field is_near fun(x: number, tolerance: number): table
---@field matches fun(pattern: string, init?: integer, plain?: boolean): table
---@field unique fun(deep?: boolean): table
---@field all_of fun(...: table): table
---@field any_of fun(...: table): table
---@field none_of fun(...: table): table
---@field [string] fun(...: any): table
match = {}
---@param x any
---@return boolean
function match.is_matcher(x) end
