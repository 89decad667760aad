/// The texts of `scrim --help` and `scrim help COMMAND`.
enum Help {
    static let overview = """
    scrim — a headless, Lua-scriptable runtime for popups and dimming modal transitions

    Usage:
      scrim run [options] FILE [args…]   run a Lua script (FILE '-' reads standard input)
      scrim -e CODE                      run a chunk of Lua given on the command line
      scrim help COMMAND                 help on one command
      scrim --version                    print the version

    Exit status: 0 success, 1 a script error, 2 a usage error.
    """

    static func command(_ name: String) -> String? {
        switch name {
        case "run": return run
        default: return nil
        }
    }

    static let run = """
    Usage: scrim run [options] FILE|- [args…]

    Runs FILE as `lua5.4 FILE args…` would: `...` holds the arguments and the global `arg`
    holds them too (arg[0] is FILE). The global `scrim` is the Scrim module.
    Only Lua source is accepted; binary (precompiled) chunks are refused.

    Options:
      --timeout S        wall-clock budget of any single entry into Lua, in seconds (default 30; 0 = none)
      --max-memory SIZE  memory budget of the Lua state, e.g. 64M or 1G (default 1G; 0 = none)
      --screen WxH[@S]   the virtual screen (default 390x844@3)
      --realtime         the wall clock drives time instead of settling at once at the end
      -e CODE            run CODE first (may be repeated)
      --                 end of options

    Time is virtual: it moves with scrim.advance and scrim.settle, and the run settles (plays out
    every animation and timer) before it exits.
    Errors print `scrim: FILE:LINE: message` and a traceback on stderr, and exit with status 1;
    so do errors reported from callbacks, timers and hook handlers, and a settle that times out.
    """
}
