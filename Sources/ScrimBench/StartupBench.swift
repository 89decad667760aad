import Glibc

/// `scrim run empty.lua` against `lua5.4 empty.lua`: wall time per process, spawned alternately.
func startupBenchmarks() -> [BenchRow] {
    let empty = "/tmp/scrim-bench-empty.lua"
    let file = fopen(empty, "w")
    fclose(file)
    let scrim = executableDirectory() + "/scrim"
    let runs = 200
    // From a folder without ./plugins, so that both interpreters start with nothing to load.
    var previous = [CChar](repeating: 0, count: 4096)
    getcwd(&previous, previous.count)
    chdir("/tmp")
    defer { chdir(previous) }
    var scrimTotal = 0.0, luaTotal = 0.0
    for _ in 0..<runs {
        scrimTotal += timeProcess([scrim, "run", empty])
        luaTotal += timeProcess(["lua5.4", empty])
    }
    return [BenchRow(name: "scrim run empty.lua (per process)", scrim: scrimTotal / Double(runs) * 1e3,
                     baseline: luaTotal / Double(runs) * 1e3, baselineName: "lua5.4", unit: "ms", bar: .ratioAtMost(2.5))]
}

func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = String(cString: buffer.prefix(max(0, length)) + [0])
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// Spawns `arguments` (searching PATH), waits, returns wall seconds; exits the benchmark on failure.
func timeProcess(_ arguments: [String]) -> Double {
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = monotonicSeconds()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        fputs("bench: cannot run \(arguments[0])\n", stderr)
        exit(2)
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let elapsed = monotonicSeconds() - start
    if status != 0 {
        fputs("bench: \(arguments.joined(separator: " ")) failed (status \(status))\n", stderr)
        exit(2)
    }
    return elapsed
}
