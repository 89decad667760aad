import Cassowary
import Synchronization

/// `item.attribute  relation  multiplier × toItem.toAttribute + constant`, at a priority: UIKit's `NSLayoutConstraint`.
///
/// A constraint is made inactive; `activate()` puts it into effect and the window's `AutoLayoutEngine` solves it at
/// the next `layoutIfNeeded()`. Positions are compared in window coordinates, so the two views may sit anywhere in one
/// hierarchy. Priority 1000 is required; 1…999 are optional, a higher priority winning over any number of lower ones
/// in practice (see `Strength(priority:)`). As in UIKit, views own their active constraints and a constraint holds
/// its views weakly, so views and their constraints go away together.
public final class LayoutConstraint {
    private weak var itemStorage: View?
    private weak var toItemStorage: View?
    /// Whether the right-hand side names a second view (which `toItem` gives while that view exists).
    public let relatesTwoViews: Bool

    /// The view on the left-hand side; nil once it is gone.
    public var item: View? { itemStorage }
    /// The view on the right-hand side; nil for a size compared with `constant` alone, or once that view is gone.
    public var toItem: View? { toItemStorage }
    /// Whether every view the constraint names still exists.
    public var isIntact: Bool { itemStorage != nil && (!relatesTwoViews || toItemStorage != nil) }
    /// The left-hand attribute.
    public let attribute: LayoutAttribute
    /// How the left-hand side compares to the right-hand side.
    public let relation: LayoutRelation
    /// The right-hand attribute; nil exactly when `toItem` is nil.
    public let toAttribute: LayoutAttribute?
    /// The factor of `toItem.toAttribute` (1 unless given; unused without `toItem`).
    public let multiplier: Double
    /// A name shown in descriptions and conflict reports.
    public var identifier: String?

    /// The added constant. Changing it on an active constraint updates the solver in place; the frames follow at the
    /// next `layoutIfNeeded()` (inside an animation block they animate). Non-finite values are ignored.
    public var constant: Double {
        didSet {
            if !constant.isFinite {
                constant = oldValue
            } else if constant != oldValue {
                engine?.constantDidChange(self)
            }
        }
    }

    /// 1…1000; 1000 is required. Change it with `setPriority(_:)`.
    public private(set) var priority: Double
    /// Whether the constraint is in effect (`activate()`, `deactivate()`). As in UIKit, one whose view is gone (collected)
    /// is not, nor one that related a view to one outside its subtree when it left its superview (`removeFromSuperview`).
    public var isActive: Bool { activeFlag && isIntact }
    private(set) var activeFlag = false
    /// Whether the engine broke this required constraint to resolve a conflict; it then holds only as far as the
    /// conflicting constraints allow, until it is deactivated. Reading it applies constant changes the engine has
    /// batched for its next layout pass, so that a conflicting change is broken and reported by then.
    public var isBroken: Bool {
        engine?.applyPendingChanges()
        return brokenFlag
    }
    var brokenFlag = false

    /// The engine whose solver holds the constraint, or that will install it at its next pass, if any.
    weak var engine: AutoLayoutEngine?
    /// When it was last activated, across all constraints: engines install in activation order.
    private(set) var activationSerial = 0

    /// `item.attribute relation multiplier × toItem.toAttribute + constant` at `priority`, inactive.
    ///
    /// `toAttribute` defaults to `attribute` when `toItem` is given. Throws for a position without `toItem` (only a
    /// width or height can equal a constant), for a size related to a position, for positions on different axes, for a
    /// position with multiplier 0, for non-finite numbers and for a priority outside 1…1000.
    public init(item: View, attribute: LayoutAttribute, relatedBy relation: LayoutRelation = .equal,
                toItem: View? = nil, attribute toAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
                constant: Double = 0, priority: Double = 1000) throws {
        let resolvedToAttribute = toItem == nil ? toAttribute : (toAttribute ?? attribute)
        try LayoutConstraint.validate(item: item, attribute: attribute, toItem: toItem,
                                      toAttribute: resolvedToAttribute, multiplier: multiplier, constant: constant)
        try LayoutConstraint.validate(priority: priority)
        itemStorage = item
        self.attribute = attribute
        self.relation = relation
        toItemStorage = toItem
        relatesTwoViews = toItem != nil
        self.toAttribute = resolvedToAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// Whether the priority is 1000.
    public var isRequired: Bool { priority >= 1000 }

    // MARK: Activation

    /// Puts the constraint into effect; throws if its views have no common ancestor. Does nothing if already active.
    public func activate() throws {
        guard !isActive else { return }
        // Each view loaded once: they are held weakly, and a weak load costs more than the rest.
        let toItem = self.toItem
        guard let item, !relatesTwoViews || toItem != nil else {
            throw LayoutError(message: "cannot activate \(self): a view it names is gone")
        }
        if let toItem { try checkCommonAncestor(item, toItem) }
        activeFlag = true
        activationSerial = activationCounter.wrappingAdd(1, ordering: .relaxed).newValue
        item.layoutNode.constraints.append(self)
        if let toItem, toItem !== item { toItem.layoutNode.constraints.append(self) }
        if let window = item.window { window.layoutEngine?.constraintDidActivate(self, in: window) }
    }

    /// Takes the constraint out of effect; does nothing if inactive. Frames it set stay until the next layout moves them.
    public func deactivate() {
        guard activeFlag else { return }
        activeFlag = false
        brokenFlag = false
        item?.existingLayoutNode?.remove(self)
        toItem?.existingLayoutNode?.remove(self)
        engine?.uninstall(self)
    }

    /// `activate()` or `deactivate()`.
    public func setActive(_ active: Bool) throws {
        if active { try activate() } else { deactivate() }
    }

    /// Activates every constraint, or none if one of them cannot be activated.
    public static func activate(_ constraints: [LayoutConstraint]) throws {
        for constraint in constraints where !constraint.isActive {
            if let item = constraint.item, let toItem = constraint.toItem { try constraint.checkCommonAncestor(item, toItem) }
        }
        for constraint in constraints { try constraint.activate() }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    // MARK: Priority

    /// Sets the priority (1…1000). While active it cannot change between required (1000) and optional, as in UIKit:
    /// deactivate, change, activate again.
    public func setPriority(_ newPriority: Double) throws {
        try LayoutConstraint.validate(priority: newPriority)
        if isActive && (newPriority >= 1000) != isRequired {
            throw LayoutError(message: "cannot change the priority of an active constraint between required and "
                + "optional (from \(NumberFormat.short(priority)) to \(NumberFormat.short(newPriority))): \(self); "
                + "deactivate it first")
        }
        guard newPriority != priority else { return }
        priority = newPriority
        engine?.priorityDidChange(self)
    }

    // MARK: Checks

    private func checkCommonAncestor(_ item: View, _ toItem: View) throws {
        if LayoutConstraint.root(of: item) != LayoutConstraint.root(of: toItem) {
            throw LayoutError(message: "cannot activate \(self): \(LayoutConstraint.name(of: item)) and "
                + "\(LayoutConstraint.name(of: toItem)) have no common ancestor")
        }
    }

    /// The address of the root of `view`'s hierarchy, found up the unretained superview links (no weak loads).
    private static func root(of view: View) -> UnsafeMutableRawPointer {
        var root = Unmanaged.passUnretained(view)
        while let parent = root._withUnsafeGuaranteedRef({ $0.superviewLink }) { root = parent }
        return root.toOpaque()
    }

    private static func validate(priority: Double) throws {
        guard priority.isFinite, priority >= 1, priority <= 1000 else {
            throw LayoutError(message: "priority must be from 1 to 1000, got \(NumberFormat.short(priority))")
        }
    }

    private static func validate(item: View, attribute: LayoutAttribute, toItem: View?, toAttribute: LayoutAttribute?,
                                 multiplier: Double, constant: Double) throws {
        // Named only for an error (naming a view costs more than the checks).
        var lhs: String { "\(name(of: item)).\(attribute.rawValue)" }
        guard multiplier.isFinite else { throw LayoutError(message: "multiplier of \(lhs) must be finite") }
        guard constant.isFinite else { throw LayoutError(message: "constant of \(lhs) must be finite") }
        guard let toItem else {
            if toAttribute != nil {
                throw LayoutError(message: "\(lhs) names a second attribute but no second item")
            }
            if !attribute.isDimension {
                throw LayoutError(message: "\(lhs) needs a second item: only width and height can equal a constant")
            }
            return
        }
        guard let toAttribute else { return }
        var rhs: String { "\(name(of: toItem)).\(toAttribute.rawValue)" }
        if attribute.isDimension != toAttribute.isDimension {
            throw LayoutError(message: "cannot relate \(lhs) to \(rhs): a size relates only to a size, a position only "
                + "to a position")
        }
        if !attribute.isDimension {
            if attribute.axis != toAttribute.axis {
                throw LayoutError(message: "cannot relate \(lhs) to \(rhs): they are on different axes")
            }
            if multiplier == 0 {
                throw LayoutError(message: "\(lhs) with multiplier 0 would place a position at a constant")
            }
        }
    }

    /// How descriptions name a view: its name, else its class and address (UIKit's `UIView:0x…`).
    static func name(of view: View) -> String {
        if let name = view.name, !name.isEmpty { return name }
        let address = UInt(bitPattern: Unmanaged.passUnretained(view).toOpaque())
        return "\(view.className):0x\(String(address, radix: 16))"
    }
}

extension LayoutConstraint: CustomStringConvertible {
    /// The relation as written, e.g. `'sheet' superview.bottom == content.bottom - 300 @750`: the identifier in quotes
    /// when set, `k*` before a multiplied attribute, the constant when not zero, the priority when not required.
    public var description: String {
        var text = identifier.map { "'\($0)' " } ?? ""
        text += "\(item.map(LayoutConstraint.name(of:)) ?? "(gone)").\(attribute.rawValue) \(relation.rawValue) "
        if relatesTwoViews, let toAttribute {
            if multiplier != 1 { text += "\(NumberFormat.short(multiplier))*" }
            text += "\(toItem.map(LayoutConstraint.name(of:)) ?? "(gone)").\(toAttribute.rawValue)"
            if constant != 0 { text += constant < 0 ? " - \(NumberFormat.short(-constant))" : " + \(NumberFormat.short(constant))" }
        } else {
            text += NumberFormat.short(constant)
        }
        if !isRequired { text += " @\(NumberFormat.short(priority))" }
        return text
    }
}

/// Counts activations process-wide (atomically: parallel tests activate constraints on several threads).
private let activationCounter = Atomic<Int>(0)
