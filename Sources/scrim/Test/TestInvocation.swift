import ScrimTest

/// What a `scrim test` command line and its `.busted` task ask for, gathered option by option before it becomes
/// `TestOptions`.
extension TestCommand {
    struct Invocation {
        var options = TestOptions()
        var paths: [String] = []
        var worker = false
        var task: String?
        var configFile: String?
        var directory: String?
        var scriptArguments: [String] = []
        /// `--pattern`, `--lpath`, `--cpath` given: the first value replaces busted's default, later ones add to it.
        var defaultsReplaced: Set<String> = []

        init() {}

        /// The settings of a .busted task, then the command line's over them (`given` is what it gave): its
        /// settings win, a list it gives replaces the task's, its paths replace the task's `ROOT`.
        init(_ config: BustedConfig, under parsed: ParsedArguments, given: Invocation) throws {
            for (key, values) in config.settings {
                if key == "ROOT" {
                    paths += values
                    continue
                }
                let known = TestCommand.options.first { $0.option.long == key || ($0.option.long == nil && $0.option.short.map(String.init) == key) }
                guard let known else { continue }
                if TestCommand.unsupportedNames.contains(where: { $0.long == key }) {
                    printError("scrim test: \(config.path): busted's setting '\(key)' is not supported by scrim test; ignored")
                    continue
                }
                for value in values {
                    if known.option.value != nil {
                        try known.apply(&self, value)
                    } else if value == "true" {
                        try known.apply(&self, "")
                    } else if value == "false", let negative = TestCommand.options.first(where: { $0.option.long == "no-" + key }) {
                        try negative.apply(&self, "")
                    }
                }
            }
            if !given.paths.isEmpty { paths = given.paths }
            scriptArguments = given.scriptArguments
            try TestCommand.replay(parsed, into: &self, replacing: true)
        }
    }

    /// Applies the options of the command line, in their order. With `replacing`, a list option replaces the
    /// list a .busted task gave.
    static func replay(_ parsed: ParsedArguments, into invocation: inout Invocation, replacing: Bool = false) throws {
        var cleared: Set<String> = []
        for (option, value) in parsed.occurrences {
            guard let known = options.first(where: { $0.option == option }) else { continue }
            if replacing, let key = option.long, !cleared.contains(key) {
                cleared.insert(key)
                clearList(key, in: &invocation)
            }
            try known.apply(&invocation, value?.text ?? "")
        }
    }

    /// A list setting of a .busted task that the command line gives anew.
    private static func clearList(_ key: String, in invocation: inout Invocation) {
        switch key {
        case "pattern": invocation.defaultsReplaced.remove("pattern")
        case "exclude-pattern": invocation.options.excludedPatterns = []
        case "tags": invocation.options.tags = []
        case "exclude-tags": invocation.options.excludedTags = []
        case "filter": invocation.options.filters = []
        case "filter-out": invocation.options.filtersOut = []
        case "plugins": invocation.options.pluginDirectories = []
        case "lpath", "cpath": invocation.defaultsReplaced.remove(key)
        default: break
        }
    }
}
