import Glibc
import ScrimCore

/// Start-up as a user meets it: `scrim run empty.lua`, and a script that makes one view, animates it and settles,
/// against `lua5.4 empty.lua`, each spawned 200 times in turn (so that the machine's load falls on all alike); the
/// median elapsed time and the median CPU time (user + system, from wait4) per process.
func startupBenchmarks() -> [BenchRow] {
    let empty = "/tmp/scrim-bench-empty.lua", oneView = "/tmp/scrim-bench-one-view.lua"
    write("", to: empty)
    write("""
        local v = scrim.View{ frame = { x = 0, y = 0, width = 100, height = 100 } }
        scrim.window:addSubview(v)
        scrim.animate(0.3, function() v.alpha = 0 end)
        """, to: oneView)
    let scrim = executableDirectory() + "/scrim"
    let commands = [["lua5.4", empty], [scrim, "run", empty], [scrim, "run", oneView]]
    // From a folder without ./plugins, so that both interpreters start with nothing to load.
    var previous = [CChar](repeating: 0, count: 4096)
    getcwd(&previous, previous.count)
    chdir("/tmp")
    defer { chdir(previous) }
    var elapsed = commands.map { _ in [Double]() }, cpu = elapsed
    for _ in 0..<200 {
        for (index, command) in commands.enumerated() {
            let run = timeProcess(command)
            elapsed[index].append(run.elapsed)
            cpu[index].append(run.cpu)
        }
    }
    let wall = elapsed.map { median($0) * 1e3 }, processor = cpu.map { median($0) * 1e3 }
    return [
        BenchRow(name: "scrim run empty.lua, elapsed (median of 200)", scrim: wall[1], baseline: wall[0],
                 baselineName: "lua5.4 empty.lua", unit: "ms", bar: .ratioAtMost(1.5)),
        BenchRow(name: "scrim run empty.lua, CPU (median of 200)", scrim: processor[1], baseline: processor[0],
                 baselineName: "lua5.4 empty.lua", unit: "ms", bar: .ratioAtMost(2)),
        BenchRow(name: "one view animated + settle, elapsed", scrim: wall[2], baseline: wall[0],
                 baselineName: "lua5.4 empty.lua", unit: "ms", bar: .ratioAtMost(2)),
    ]
}

private func write(_ text: String, to path: String) {
    let file = fopen(path, "w")
    fputs(text, file)
    fclose(file)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func executableDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path = String(nulTerminated: Array(buffer.prefix(max(0, length))))
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// Spawns `arguments` (searching PATH), waits; its wall and CPU seconds (user + system). Exits the benchmark on failure.
func timeProcess(_ arguments: [String]) -> (elapsed: Double, cpu: Double) {
    var pid: pid_t = 0
    let argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = monotonicSeconds()
    guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
        fputs("bench: cannot run \(arguments[0])\n", standardErrorStream)
        exit(2)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let elapsed = monotonicSeconds() - start
    if status != 0 {
        fputs("bench: \(arguments.joined(separator: " ")) failed (status \(status))\n", standardErrorStream)
        exit(2)
    }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) * 1e-6 }
    return (elapsed, seconds(usage.ru_utime) + seconds(usage.ru_stime))
}
