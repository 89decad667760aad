import Glibc
import ScrimLua
import ScrimTest
import ScrimPlugins

/// `scrim test [options] [paths…]`, and `scrim test --worker … -- files…` (a worker of `--jobs`).
enum TestCommand {
    static func main(_ arguments: [String]) throws -> Int32 {
        var options = TestOptions()
        var paths: [String] = []
        var worker = false
        var index = 0
        func value(for flag: String, inline: String?) throws -> String {
            if let inline { return inline }
            guard index + 1 < arguments.count else {
                throw UsageError(message: "option '\(flag)' needs a value", command: "test")
            }
            index += 1
            return arguments[index]
        }
        func noValue(_ flag: String, inline: String?) throws {
            if inline != nil { throw UsageError(message: "option '\(flag)' takes no value", command: "test") }
        }
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-"), argument != "-" else {
                paths.append(argument)
                index += 1
                continue
            }
            if argument == "--" {
                paths += arguments[(index + 1)...]
                break
            }
            // "--flag=value" and "--flag value" both work.
            var flag = argument, inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--timeout", "--max-memory":
                _ = try RuntimeFlags.apply(flag, try value(for: flag, inline: inline), to: &options.runtime, command: "test")
            case "--plugins":
                let directory = try value(for: flag, inline: inline)
                if let problem = PluginSearchPath.problem(with: directory) { throw UsageError(message: problem, command: "test") }
                options.pluginDirectories.append(directory)
            case "--filter":
                let pattern = try value(for: flag, inline: inline)
                if let problem = FilterPattern.problem(pattern) {
                    throw UsageError(message: "invalid --filter '\(pattern)' (\(problem))", command: "test")
                }
                options.filter = pattern
            case "--tags", "-t":
                let tags = try value(for: flag, inline: inline).split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                options.tags += tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            case "--shuffle":
                try noValue(flag, inline: inline)
                options.shuffle = true
            case "--seed":
                let text = try value(for: flag, inline: inline)
                guard let seed = UInt64(text) else {
                    throw UsageError(message: "invalid --seed '\(text)' (a whole number ≥ 0)", command: "test")
                }
                options.seed = seed
                options.shuffle = true
            case "--fail-fast":
                try noValue(flag, inline: inline)
                options.failFast = true
            case "--jobs", "-j":
                let text = try value(for: flag, inline: inline)
                guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
                    throw UsageError(message: "invalid --jobs '\(text)' (a number of worker processes, 1 to 256)", command: "test")
                }
                options.jobs = jobs
            case "--shard":
                let text = try value(for: flag, inline: inline)
                guard let shard = Shard(parsing: text) else {
                    throw UsageError(message: "invalid --shard '\(text)' (I/N with 1 ≤ I ≤ N, e.g. 2/4)", command: "test")
                }
                options.shard = shard
            case "--output", "-o":
                let text = try value(for: flag, inline: inline)
                guard let format = OutputFormat(rawValue: text) else {
                    throw UsageError(message: "invalid --output '\(text)' (text, tap, junit or json)", command: "test")
                }
                options.output = format
            case "--update-snapshots":
                try noValue(flag, inline: inline)
                options.updateSnapshots = true
            case "--worker":
                try noValue(flag, inline: inline)
                worker = true
            default:
                throw UsageError(message: "unknown option '\(argument)'", command: "test")
            }
            index += 1
        }
        if worker { return TestWorker.run(paths, options: options) }
        if !paths.isEmpty { options.paths = paths }
        options.workerCommand = [executablePath(), "test", "--worker"]
        do {
            let session = TestSession(options: options, write: { fputs($0, stdout) }, writeNote: { fputs($0, stderr) })
            return try session.run()
        } catch let error as TestSetupError {
            throw UsageError(message: error.message, command: "test")
        }
    }

    /// This program, for starting workers.
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
