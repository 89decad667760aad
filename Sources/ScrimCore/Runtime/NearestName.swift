/// The known name a misspelt one most likely meant, for "did you mean" hints: an unknown option, an event nobody
/// emits, a field a class does not have, a delegate member its protocol does not declare.
public enum NearestName {
    /// The name among `names` closest to `word`, ignoring case, if it is close enough to be a typo of it: at most
    /// one edit for a short word, up to three for a long one (a swap of two neighbours counts as one edit, so
    /// `renmae` finds `rename`). Nil for a word of one or two letters, or when nothing is that close.
    public static func closest<S: Sequence>(to word: String, among names: S) -> String? where S.Element == String {
        let target = Array(word.lowercased().utf8)
        guard target.count > 2 else { return nil }
        let allowed = max(1, min(3, target.count / 3))
        var best: (name: String, distance: Int)?
        for name in names where name != word {
            let candidate = Array(name.lowercased().utf8)
            // The distance is at least the difference in length: most names are ruled out without the table.
            guard abs(candidate.count - target.count) <= allowed else { continue }
            let distance = editDistance(target, candidate)
            guard distance <= allowed else { continue }
            // Ties go to the alphabetically first name, so the hint does not depend on a table's order.
            if let current = best, (current.distance, current.name) <= (distance, name) { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// Optimal string alignment: insertions, deletions, substitutions and swaps of adjacent letters, one each.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, twoBack[j - 2] + 1) }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
