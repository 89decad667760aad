import ScrimCore
/// What the parser found on a command line: the options in the order given (lua.c runs `-e` and `-l` in that order),
/// and the operands.
struct ParsedArguments {
    let command: Command
    /// Each option as given, with its value (nil for a switch).
    var occurrences: [(option: Option, value: Argument?)] = []
    var operands: [Argument] = []
    /// Where `--` came among the operands (`scrim snapshot FILE -- args…`); nil if it did not.
    var dashDashAt: Int?
    /// The words before the first operand, as given (lua.c puts them at the negative indices of `arg`).
    var wordsBeforeOperands: [Argument] = []
    /// The words that were options or their values, as given.
    var optionWords: [Argument] = []
    var helpRequested = false

    init(command: Command) { self.command = command }

    func has(_ option: Option) -> Bool { occurrences.contains { $0.option == option } }

    /// The last value given (a later `--timeout` wins, as in most tools).
    func value(_ option: Option) -> String? { occurrences.last { $0.option == option }?.value?.text }

    /// Every value given, in order, for an option that may be repeated.
    func values(_ option: Option) -> [String] { rawValues(option).map(\.text) }

    func rawValues(_ option: Option) -> [Argument] { occurrences.filter { $0.option == option }.compactMap(\.value) }

    /// Operands before `--` (all of them if there was none).
    var leadingOperands: [Argument] { Array(operands[..<(dashDashAt ?? operands.count)]) }
    /// Operands after `--` (none if there was none).
    var trailingOperands: [Argument] { dashDashAt.map { Array(operands[$0...]) } ?? [] }

    /// The value of `option` read by `convert`, which returns nil for a bad one; a bad one is a usage error whose
    /// message says what was expected (`invalid --timeout 'soon' (seconds, …)`), made only then (start-up is short).
    func value<T>(_ option: Option, expected: @autoclosure () -> String, _ convert: (String) -> T?) throws -> T? {
        guard let text = value(option) else { return nil }
        guard let converted = convert(text) else {
            throw command.usageError("invalid \(option.display) '\(text)' (\(expected()))")
        }
        return converted
    }

    /// The value of `option` as `quantity` bounds it; a bad one is a usage error saying what was expected
    /// (`invalid --duration '1e20' (seconds of virtual time from 0 to 3600)`).
    func value(_ option: Option, _ quantity: Quantity) throws -> Double? {
        guard let text = value(option) else { return nil }
        do { return try quantity.parse(text) } catch {
            throw command.usageError("invalid \(option.display) '\(text)' (\(quantity.expected))")
        }
    }
}
