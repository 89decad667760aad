/// The texts of `scrim --help` and `scrim help COMMAND`.
enum Help {
    static let overview = """
    scrim — a headless, Lua-scriptable runtime for popups and dimming modal transitions

    Usage:
      scrim run [options] FILE [args…]   run a Lua script (FILE '-' reads standard input)
      scrim -e CODE                      run a chunk of Lua given on the command line
      scrim repl [options] [FILE]        interactive Lua with the Scrim module (runs FILE first)
      scrim test [options] [paths…]      run busted-style tests (*_spec.lua, *_test.lua)
      scrim plugins [list|check] [DIR]   list or validate plugins (manifests, load order)
      scrim snapshot FILE [options]      draw what the screen shows to a PNG (or a film strip)
      scrim help COMMAND                 help on one command
      scrim --version                    print the version

    Exit status: 0 success, 1 a script error, 2 a usage error.
    """

    static func command(_ name: String) -> String? {
        switch name {
        case "run": return run
        case "repl": return repl
        case "test": return TestCommand.help
        case "plugins": return plugins
        case "snapshot": return snapshot
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
      --plugins DIR      load the plugins in DIR (a plugin folder or a folder of plugins) first;
                         may be repeated; then SCRIM_PLUGIN_PATH (':'-separated), then ./plugins
      --trace FILE       write a Chrome trace-event timeline (open it in Perfetto): animations per
                         view and transition phases on the virtual clock, every Lua callback and
                         hook handler with its wall-clock cost and source; written however the run ends
      -e CODE            run CODE first (may be repeated)
      --                 end of options

    Time is virtual: it moves with scrim.advance and scrim.settle, and the run settles (plays out
    every animation and timer) before it exits.
    Errors print `scrim: FILE:LINE: message` and a traceback on stderr, and exit with status 1;
    so do errors reported from callbacks, timers and hook handlers, and a settle that times out.
    """

    static let snapshot = """
    Usage: scrim snapshot FILE|- [options] [-- args…]

    Runs FILE as `scrim run` does and writes a PNG of what the screen shows (presentation values,
    as on a device mid-animation): after the run settles, at one time (--at), or as a film strip
    (--film). Time is virtual, from 0 when the script starts. Every frame step of the run is kept
    (every 1/scrim.frameRate s while something animates); the picture at time T is what a display
    refreshed at those frames shows at T: the last frame at or before T. If the script ends before
    T, time moves on to T after it.

    Options:
      --at T             the screen at T seconds
      --film N           N frames side by side (1 to 60), each labelled with its time; the times are
                         spread evenly from 0 to the end of the run (when it settles), or to D
      --duration D       with --film: spread the frames from 0 to D instead (for runs that do not
                         settle, or to look at the start of a long one)
      -o, --output PATH  where to write (default: FILE's name with .png, or -film.png, here)
      --scale S          pixels a point (default: the screen's scale; 1 for a film)
      --screen WxH[@S]   the virtual screen (default 390x844@3)
      --plugins DIR      load the plugins in DIR first (repeatable); then SCRIM_PLUGIN_PATH, then
                         ./plugins, as `scrim run` does
      --timeout S        wall-clock budget of any single entry into Lua, in seconds (default 30; 0 = none)
      --max-memory SIZE  memory budget of the Lua state, e.g. 64M or 1G (default 1G; 0 = none)
      --                 the script's arguments follow

    Options may come before or after FILE. Prints `wrote PATH`. A script error exits with status 1
    and writes no picture; errors reported from callbacks exit with 1 too, after writing it.
    """

    static let repl = """
    Usage: scrim repl [options] [FILE [args…]]

    An interactive Lua 5.4 session with the Scrim module. FILE, if given, runs first (an error is shown
    and the session goes on); its globals are then at hand. An expression shows its value (several
    values tab-separated; tables and Scrim objects one level deep, keys sorted; views as tostring shows
    them); an unfinished chunk continues on a '>> ' line; an error shows its message and traceback.

    On a terminal: line editing (libedit, ~/.editrc), history kept in $XDG_STATE_HOME/scrim/history
    (else ~/.local/state/scrim/history), Tab completion of globals, fields and methods, Ctrl-C stops a
    running chunk or clears the line, Ctrl-D leaves. Commands (:help lists them): :tree, :advance S,
    :settle, :screen, :play [S], :snapshot FILE, :reload [PLUGIN], :watch on|off, :quit.

    When standard input is not a terminal there are no prompts, colours or editing: each complete
    statement runs as it arrives and its results are printed; the exit status is 1 if any statement
    or command failed (or a callback reported an error), else 0.

    Options:
      --timeout S        wall-clock budget of any single entry into Lua, in seconds (default 30; 0 = none)
      --max-memory SIZE  memory budget of the Lua state, e.g. 64M or 1G (default 1G; 0 = none)
      --screen WxH[@S]   the virtual screen (default 390x844@3)
      --plugins DIR      load the plugins in DIR first (repeatable); then SCRIM_PLUGIN_PATH, then
                         ./plugins. :reload PLUGIN re-runs one in place (its live objects get the new code)
      --                 end of options

    Time is virtual and moves only with scrim.advance, scrim.settle, :advance, :settle and :play.
    """

    static let plugins = """
    Usage: scrim plugins [list|check] [DIR]

    Loads the plugins in DIR (a plugin folder, with plugin.lua, or a folder of plugin folders), or
    along the search path (SCRIM_PLUGIN_PATH, ':'-separated, then ./plugins), into a fresh runtime,
    as `scrim run` loads them: manifests validated, dependencies first, setup run.

      list    (the default) one line a plugin: name, version, state (loaded or failed), error
      check   prints the load order, each plugin ok or FAIL with its error, and the warnings
              (unknown manifest fields, shadowed plugins); exit status 1 if any plugin cannot load
              or none is found

    Exit status: 0 success, 1 a problem (check), 2 a usage error.
    """
}
