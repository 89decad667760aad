/// The help of a command (`scrim CMD --help`, `scrim help CMD`), generated from its declaration.
enum HelpText {
    static func text(for command: Command) -> String {
        var sections: [String] = []
        let prefix = command.invocation
        var usage = command.usage.enumerated().map { index, line in
            (index == 0 ? "Usage: " : "       ") + prefix + (line.isEmpty ? "" : " " + line)
        }
        if command.usage.isEmpty { usage = ["Usage: " + prefix] }
        sections.append(usage.joined(separator: "\n"))
        if !command.about.isEmpty { sections.append(command.about) }
        let visible = command.subcommands.filter { !$0.summary.isEmpty }
        if !visible.isEmpty {
            let title = command.path.isEmpty ? "Commands:" : "Sub-commands:"
            let rows = visible.map { sub in
                (sub.invocation + (sub.usage.first.map { $0.isEmpty ? "" : " " + $0 } ?? ""), sub.summary)
            }
            sections.append(title + "\n" + table(rows, maxWidth: 44))
        }
        let options = command.options.filter { !$0.hidden } + [Option.help]
        var rows = options.map { ($0.synopsis, $0.help) }
        rows.append(("--", command.operands == .endOptions ? "end of options (the script comes next)" : "end of options"))
        sections.append("Options:\n" + table(rows))
        if !command.notes.isEmpty { sections.append(command.notes) }
        return sections.joined(separator: "\n\n")
    }

    /// Two columns: the left padded to the widest entry (at most `maxWidth` columns; a longer one puts its text on the
    /// next line), the right's further lines aligned under its first.
    static func table(_ rows: [(String, String)], maxWidth: Int = 24) -> String {
        let width = min(rows.map(\.0.count).max() ?? 0, maxWidth)
        let indent = String(repeating: " ", count: 2 + width + 2)
        return rows.map { left, right in
            let lines = right.split(separator: "\n", omittingEmptySubsequences: false)
            var text = "  " + left
            if left.count > width {
                text += "\n" + indent
            } else {
                text += String(repeating: " ", count: width - left.count + 2)
            }
            text += lines.first.map(String.init) ?? ""
            for line in lines.dropFirst() { text += "\n" + indent + line }
            return text
        }.joined(separator: "\n")
    }
}
