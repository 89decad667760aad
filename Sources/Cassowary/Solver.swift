/// An incremental Cassowary constraint solver (the algorithm of kiwi and of UIKit's Auto Layout).
///
/// Add required and optional constraints, mark variables as editable and suggest values for them,
/// then call `updateVariables()` to write the solution into the variables. Every failing call
/// throws a `SolverError` and leaves the solver as it was.
public final class Solver {
    private var impl = SolverImpl()

    /// Runs a query on the implementation in place. (A plain read of `impl` copies the struct, retaining and then
    /// releasing each of its tables: more than a typical query costs.)
    @inline(__always)
    private func inspect<Result>(_ query: (inout SolverImpl) -> Result) -> Result {
        query(&impl)
    }

    /// An empty solver.
    public init() {}

    /// Adds a constraint; throws `duplicateConstraint`, or `unsatisfiable` for a conflicting required one.
    public func addConstraint(_ constraint: Constraint) throws {
        try impl.addConstraint(constraint)
    }

    /// Removes a constraint; throws `unknownConstraint`.
    public func removeConstraint(_ constraint: Constraint) throws {
        try impl.removeConstraint(constraint)
    }

    /// Removes a constraint, first calling `dependents` (which must not use the solver) with each variable whose value
    /// depends on it when it is a required equality: the ones removing it may leave free. Finding them costs nothing
    /// the removal does not do anyway. Throws `unknownConstraint`.
    public func removeConstraint(_ constraint: Constraint, dependents: (Variable) -> Void) throws {
        try impl.removeConstraint(constraint, dependents: dependents)
    }

    /// Whether the constraint is in the solver.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        inspect { $0.hasConstraint(constraint) }
    }

    /// Sets the constant of a constraint in the solver without rebuilding it (UIKit's `constant`
    /// setter); throws `unknownConstraint`, or `unsatisfiable` (constant unchanged) when a required
    /// constraint would conflict.
    public func updateConstant(_ constraint: Constraint, to constant: Double) throws {
        try impl.updateConstant(constraint, to: constant)
    }

    /// Sets the strength of an optional constraint in the solver (UIKit's `priority` setter);
    /// throws `unknownConstraint`, or `requiredStrengthChange` between required and optional.
    public func updateStrength(_ constraint: Constraint, to strength: Strength) throws {
        try impl.updateStrength(constraint, to: strength)
    }

    /// Makes `variable` editable at `strength` (below required); throws `duplicateEditVariable`
    /// or `badRequiredStrength`.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        try impl.addEditVariable(variable, strength: strength)
    }

    /// Removes the edit constraint of `variable`; throws `unknownEditVariable`.
    public func removeEditVariable(_ variable: Variable) throws {
        try impl.removeEditVariable(variable)
    }

    /// Whether `variable` is editable.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        inspect { $0.hasEditVariable(variable) }
    }

    /// Suggests a value for an edit variable; throws `unknownEditVariable`.
    public func suggestValue(_ variable: Variable, _ value: Double) throws {
        try impl.suggestValue(variable, value)
    }

    /// Writes the current solution into every variable in the solver.
    public func updateVariables() {
        impl.updateVariables()
    }

    /// Writes the current solution into the variables whose rows changed since the last update and
    /// calls `changed` for each variable whose value changed, with its `context` and new value: work in proportion
    /// to the change. (Handing them over spares the caller reading the variable: outside this module each read of a
    /// variable's field is checked for exclusive access at run time.)
    public func updateVariables(reporting changed: (Variable, UnsafeMutableRawPointer?, Double) -> Void) {
        impl.updateVariables(reporting: changed)
    }

    /// Whether `expression` is fixed by the required equalities alone (no other constraint can move it).
    public func isDetermined(_ expression: Expression) -> Bool {
        inspect { $0.isDetermined(expression) }
    }

    /// Whether a variable may have changed since the last update.
    public var hasChanges: Bool { inspect { $0.hasChanges } }

    /// Sets the constants of several constraints with one dual simplex pass (as many
    /// `updateConstant` calls would, in order); false, with nothing changed, when a required
    /// constraint would conflict or the pass cannot decide: update them one at a time then.
    public func updateConstants(_ changes: [(constraint: Constraint, constant: Double)]) throws -> Bool {
        try impl.updateConstants(changes)
    }

    /// Sets the strengths of several optional constraints with one simplex pass.
    public func updateStrengths(_ changes: [(constraint: Constraint, strength: Strength)]) throws {
        try impl.updateStrengths(changes)
    }

    /// The size of the row table, which follows the live system, not its history (for tests).
    var symbolTableSize: Int { impl.symbolTableSize }

    /// Substitutions that visited every row (for tests).
    var substitutionScans: Int { impl.substitutionScans }

    /// Removes every constraint and edit variable.
    public func reset() {
        impl = SolverImpl()
    }
}
