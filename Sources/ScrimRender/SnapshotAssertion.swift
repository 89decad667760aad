#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `assert.snapshot(name)`: what the window shows now, compared with a reference PNG in `directory`.
///
/// The reference is `<directory>/<name>.png`. Without one, the snapshot is recorded and the assertion passes (as
/// Jest does); with `update`, it is rewritten. On a mismatch `<name>.actual.png` and `<name>.diff.png` (differing
/// pixels in red over the faded reference) are written beside it; a later match removes them.
public struct SnapshotAssertion {
    /// Where the references live, e.g. `<spec file's directory>/__snapshots__`.
    public var directory: String
    /// Rewrite references instead of comparing (`scrim test --update-snapshots`).
    public var update: Bool
    /// Pixels per point of the pictures compared; 1 keeps references small and quick to compare.
    public var scale: Double
    /// A pixel differs when one of its channels differs by more than this (0…255).
    public var tolerance: Int
    /// The share of pixels (0…1) that may differ for the snapshot to match.
    public var maxDifferingShare: Double

    public init(directory: String, update: Bool = false, scale: Double = 1, tolerance: Int = 2,
                maxDifferingShare: Double = 0) {
        self.directory = directory
        self.update = update
        self.scale = scale
        self.tolerance = tolerance
        self.maxDifferingShare = maxDifferingShare
    }

    /// The reference path for `name`.
    public func referencePath(_ name: String) -> String {
        "\(directory)/\(SnapshotAssertion.fileName(name)).png"
    }

    /// Compares (or records) `tree` as the snapshot `name`; throws only when files cannot be read or written.
    public func check(_ tree: RenderTree, name: String) throws -> SnapshotOutcome {
        let base = "\(directory)/\(SnapshotAssertion.fileName(name))"
        let reference = base + ".png", actualPath = base + ".actual.png", diffPath = base + ".diff.png"
        let actual = try CairoRenderer.image(of: tree, scale: scale)
        if update || !fileExists(reference) {
            let existed = fileExists(reference)
            try PNGFile.write(actual, to: reference)
            remove(actualPath)
            remove(diffPath)
            return existed ? .updated(path: reference) : .recorded(path: reference)
        }
        let (comparison, diff) = ImageComparison.compare(actual, try PNGFile.read(reference), tolerance: tolerance)
        if comparison.matches(maxDifferingShare: maxDifferingShare) {
            remove(actualPath)
            remove(diffPath)
            return .matched(comparison)
        }
        try PNGFile.write(actual, to: actualPath)
        try PNGFile.write(diff, to: diffPath)
        return .mismatched(comparison, reference: reference, actual: actualPath, diff: diffPath)
    }

    /// `name` made safe as a file name: letters, digits, `.`, `-`, `_` kept, anything else `_`.
    public static func fileName(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || (48...57).contains(scalar.value)
                || scalar == "." || scalar == "-" || scalar == "_")
            result.unicodeScalars.append(safe ? scalar : "_")
        }
        if result.isEmpty || result.allSatisfy({ $0 == "." }) { result = "_" + result }
        return result
    }
}

/// What `SnapshotAssertion.check` found.
public enum SnapshotOutcome: Equatable {
    /// The picture matches the reference.
    case matched(ImageComparison)
    /// There was no reference; this picture is now it.
    case recorded(path: String)
    /// The reference was rewritten (`update`).
    case updated(path: String)
    /// The picture differs; the actual picture and the diff were written.
    case mismatched(ImageComparison, reference: String, actual: String, diff: String)

    /// Whether the assertion passes (everything but a mismatch).
    public var passed: Bool {
        if case .mismatched = self { return false }
        return true
    }

    /// One line for the test report.
    public var message: String {
        switch self {
        case let .matched(comparison): return "snapshot matches (\(comparison.summary))"
        case let .recorded(path): return "snapshot recorded: \(path)"
        case let .updated(path): return "snapshot updated: \(path)"
        case let .mismatched(comparison, reference, actual, diff):
            return "snapshot differs from \(reference): \(comparison.summary); see \(actual) and \(diff) "
                + "(run scrim test --update-snapshots to accept)"
        }
    }
}

private func remove(_ path: String) {
    unlink(path)
}
