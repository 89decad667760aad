/// The order plugins load in: each after the plugins it `requires`. A plugin whose dependency is missing, or that
/// is on a cycle, or that requires such a plugin, cannot load; the others load in a stable order (the order given,
/// dependencies first).
public struct DependencyOrder {
    /// Plugins in load order.
    public private(set) var order: [String] = []
    /// Plugins that cannot load, and why.
    public private(set) var problems: [String: String] = [:]

    /// `requires[name]` lists what `name` requires; `names` is the order to follow where dependencies allow;
    /// `available` are plugins loaded before, which may be required without being in `names`.
    public init(names: [String], requires: [String: [String]], available: Set<String> = []) {
        var state: [String: Visit] = [:]
        var stack: [String] = []

        func visit(_ name: String) {
            switch state[name] {
            case .done?: return
            case .visiting?:
                return
            case nil: break
            }
            state[name] = .visiting
            stack.append(name)
            defer {
                stack.removeLast()
                state[name] = .done
            }
            for dependency in requires[name] ?? [] {
                if available.contains(dependency) && requires[dependency] == nil { continue }
                guard requires[dependency] != nil else {
                    problems[name] = problems[name] ?? "plugin '\(name)' requires '\(dependency)', which is not installed"
                    continue
                }
                if state[dependency] == .visiting, let start = stack.firstIndex(of: dependency) {
                    let cycle = Array(stack[start...]) + [dependency]
                    for (from, member) in cycle.dropLast().enumerated() {
                        // Each member's message starts from itself: a → b → a, b → a → b.
                        let rotated = Array(cycle[from..<(cycle.count - 1)]) + Array(cycle[0..<from]) + [member]
                        problems[member] = problems[member] ?? "dependency cycle: " + rotated.joined(separator: " → ")
                    }
                    continue
                }
                visit(dependency)
            }
            order.append(name)
        }
        for name in names { visit(name) }
        // A plugin that requires one that cannot load cannot load either (in load order, so chains propagate).
        for name in order where problems[name] == nil {
            if let failed = (requires[name] ?? []).first(where: { problems[$0] != nil }) {
                problems[name] = "plugin '\(name)' requires '\(failed)', which cannot load"
            }
        }
    }

    private enum Visit { case visiting, done }
}
