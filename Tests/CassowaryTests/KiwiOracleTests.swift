import Foundation
import Testing
@testable import Cassowary

/// Differential test: the same random systems through kiwisolver (scripts/layout_oracle.py) and
/// through our solver must agree on every value (where the optimum is unique), on the optimal
/// weighted error, on feasibility, and on which required constraints are unsatisfiable.
@Suite struct KiwiOracleTests {
    struct Oracle: Decodable {
        let systems: [System]
    }

    struct System: Decodable {
        let seed: Int
        let variables: Int?
        let ops: [Op]?
        let checks: [Check]?
        /// Set when kiwisolver aborted the process on this system (see layout_oracle.py).
        let skipped: String?
    }

    struct Op: Decodable {
        let op: String
        let id: Int?
        let terms: [[Double]]?
        let constant: Double?
        let relation: String?
        let strength: Double?
        let ok: Bool?
        let variable: Int?
        let value: Double?

        enum CodingKeys: String, CodingKey {
            case op, id, terms, constant, relation, strength, ok, value
            case variable = "var"
        }
    }

    struct Check: Decodable {
        let after: Int
        let values: [Double]
        let objective: Double
        let unique: Bool
    }

    static let systemCount = 1200

    @Test func agreesWithKiwisolver() throws {
        let oracle = try Self.runOracle(seed: 1, count: Self.systemCount)
        #expect(oracle.systems.count == Self.systemCount)
        let systems = oracle.systems.filter { $0.skipped == nil }
        #expect(systems.count >= 1000 && systems.count * 100 >= oracle.systems.count * 99,
                "kiwisolver aborted on \(oracle.systems.count - systems.count) systems")
        var failures: [String] = []
        var compared = 0, unique = 0
        for system in systems {
            let (checks, problems) = Self.replay(system)
            compared += checks
            unique += system.checks!.filter(\.unique).count
            failures += problems
        }
        for failure in failures.prefix(12) { Issue.record(Comment(rawValue: failure)) }
        #expect(failures.isEmpty, "\(failures.count) disagreements with kiwisolver")
        #expect(compared == systems.reduce(0) { $0 + $1.checks!.count })
        #expect(unique * 10 >= compared * 9, "the generator should make almost every optimum unique")
    }

    /// Runs one system through our solver; returns how many checks ran and what disagreed.
    static func replay(_ system: System) -> (Int, [String]) {
        let ops = system.ops!, checks = system.checks!
        let variables = (0..<system.variables!).map { Variable("v\($0)") }
        let solver = Solver()
        var constraints: [Int: Constraint] = [:]
        var edits: [Int: (strength: Double, value: Double)] = [:]
        var problems: [String] = []
        var checksRun = 0
        func fail(_ index: Int, _ text: String) {
            problems.append("seed \(system.seed) op \(index) (\(ops[index].op)): \(text)")
        }

        for (index, op) in ops.enumerated() {
            do {
                switch op.op {
                case "add":
                    let terms = op.terms!.map { Term(variables[Int($0[0])], $0[1]) }
                    let relation = Constraint.Relation(rawValue: op.relation!)!
                    let constraint = Constraint(Expression(terms, constant: op.constant!), relation,
                                                strength: Strength(op.strength!))
                    var accepted = true
                    do { try solver.addConstraint(constraint) } catch SolverError.unsatisfiable { accepted = false }
                    if accepted { constraints[op.id!] = constraint }
                    if accepted != op.ok! { fail(index, "kiwi ok=\(op.ok!), ours \(accepted) for \(constraint)") }
                case "remove":
                    try solver.removeConstraint(constraints.removeValue(forKey: op.id!)!)
                case "setConstant":
                    let constraint = constraints[op.id!]!
                    let before = constraint.expression.constant
                    var accepted = true
                    do { try solver.updateConstant(constraint, to: op.constant!) } catch SolverError.unsatisfiable { accepted = false }
                    if accepted != op.ok! { fail(index, "kiwi ok=\(op.ok!), ours \(accepted) for \(constraint)") }
                    if !accepted && constraint.expression.constant != before { fail(index, "constant not restored") }
                case "setStrength":
                    try solver.updateStrength(constraints[op.id!]!, to: Strength(op.strength!))
                case "addEdit":
                    try solver.addEditVariable(variables[op.variable!], strength: Strength(op.strength!))
                    edits[op.variable!] = (op.strength!, 0)
                case "suggest":
                    try solver.suggestValue(variables[op.variable!], op.value!)
                    edits[op.variable!]!.value = op.value!
                case "removeEdit":
                    try solver.removeEditVariable(variables[op.variable!])
                    edits[op.variable!] = nil
                default:
                    fail(index, "unknown op")
                }
            } catch {
                fail(index, "threw \(error)")
                return (checksRun, problems)
            }

            for check in checks where check.after == index {
                checksRun += 1
                solver.updateVariables()
                let values = variables.map(\.value)
                if check.unique {
                    for (i, (ours, theirs)) in zip(values, check.values).enumerated() where abs(ours - theirs) > 1e-6 {
                        fail(index, "v\(i) = \(ours), kiwi \(theirs)")
                    }
                }
                var objective = 0.0
                for constraint in constraints.values {
                    if constraint.strength.isRequired {
                        let scale = 1 + abs(constraint.expression.constant)
                        if constraint.violation > 1e-6 * scale { fail(index, "required violated: \(constraint)") }
                    } else {
                        objective += constraint.strength.value * constraint.violation
                    }
                }
                for (v, edit) in edits { objective += edit.strength * abs(values[v] - edit.value) }
                if abs(objective - check.objective) > 1e-6 * max(1, abs(check.objective)) {
                    fail(index, "weighted error \(objective), kiwi \(check.objective)")
                }
            }
        }
        return (checksRun, problems)
    }

    /// Runs `python3 scripts/layout_oracle.py`; a missing python3 or kiwisolver is a failure.
    static func runOracle(seed: Int, count: Int) throws -> Oracle {
        let script = try #require(repositoryRoot()?.appendingPathComponent("scripts/layout_oracle.py"),
                                  "scripts/layout_oracle.py not found above \(#filePath)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--seed", String(seed), "--count", String(count)]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            Issue.record("cannot start python3 (\(error)): run `make test`, which installs python3 and kiwisolver")
            throw error
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return try JSONDecoder().decode(Oracle.self, from: data)
        case 127:
            Issue.record("python3 is not installed: run `make test`, which installs it and kiwisolver")
        case 3:
            Issue.record("kiwisolver is missing for python3: run `make test`, which installs it\n\(message)")
        default:
            Issue.record("layout_oracle.py failed (status \(process.terminationStatus)): \(message)")
        }
        throw OracleUnavailable()
    }

    struct OracleUnavailable: Error {}

    /// The directory above this file (following symlinks) that holds scripts/layout_oracle.py.
    static func repositoryRoot() -> URL? {
        var url = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("scripts/layout_oracle.py").path) {
                return url
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
