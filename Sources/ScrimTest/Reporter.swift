/// Turns file results into one of `--output`'s formats. Files arrive in run order, one at a time.
public protocol Reporter {
    /// Before the first file; `seed` is set when the order is shuffled.
    mutating func begin(fileCount: Int, seed: UInt64?)
    mutating func report(_ file: FileResult)
    mutating func finish(_ summary: TestSummary)
}

/// The reporter for a format, writing through `write`.
public func makeReporter(_ format: OutputFormat, write: @escaping (String) -> Void) -> any Reporter {
    switch format {
    case .text: return TextReporter(write: write)
    case .tap: return TAPReporter(write: write)
    case .junit: return JUnitReporter(write: write)
    case .json: return BustedJSONReporter(write: write)
    case .scrimJSON: return ScrimJSONReporter(write: write)
    }
}
