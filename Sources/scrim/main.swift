import Glibc
import ScrimCore
import ScrimLua

// The command line: parse, dispatch, exit with 0 (success), 1 (script error) or 2 (usage error).
setvbuf(standardErrorStream, nil, _IONBF, 0)
Rendering.install()
let status = CommandLineTool.main(Argument.commandLine())
fflush(standardOutput)
exit(status)
