/// A plugin's `version`: semver 2.0 (`MAJOR.MINOR.PATCH`, optional `-prerelease` and `+build`).
public struct SemanticVersion: Equatable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var prerelease: String?
    public var build: String?

    /// nil unless `text` is a semantic version.
    public init?(_ text: String) {
        var rest = Substring(text)
        if let plus = rest.firstIndex(of: "+") {
            let text = String(rest[rest.index(after: plus)...])
            guard SemanticVersion.isIdentifierList(text) else { return nil }
            build = text
            rest = rest[..<plus]
        }
        if let dash = rest.firstIndex(of: "-") {
            let text = String(rest[rest.index(after: dash)...])
            guard SemanticVersion.isIdentifierList(text) else { return nil }
            prerelease = text
            rest = rest[..<dash]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            // No leading zeros, digits only.
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  part == "0" || !part.hasPrefix("0"), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        (major, minor, patch) = (numbers[0], numbers[1], numbers[2])
    }

    private static func isIdentifierList(_ text: String) -> Bool {
        let identifiers = text.split(separator: ".", omittingEmptySubsequences: false)
        return identifiers.allSatisfy { identifier in
            !identifier.isEmpty && identifier.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if let prerelease { text += "-" + prerelease }
        if let build { text += "+" + build }
        return text
    }
}
