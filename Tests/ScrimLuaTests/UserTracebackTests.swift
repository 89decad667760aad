import Testing
@testable import ScrimLua

/// A traceback shows the script's frames and the C functions it called, as lua5.4's would; Scrim's own Lua (the
/// embedded chunks) and what only it called are left out.
@Suite struct UserTracebackTests {
    /// A runtime that has loaded class.lua, so that its frames are known to be Scrim's.
    static func loadClassPrelude() throws {
        let runtime = try LuaRuntime()
        try runtime.run(bytes: Array("local _ = scrim.class".utf8), name: "=probe")
    }

    @Test func scrimsFramesAndTheCFunctionsTheyCalledGo() throws {
        try Self.loadClassPrelude()
        let traceback = """
            stack traceback:
            \t[C]: in field '__new'
            \tclass.lua:105: in function <class.lua:100>
            \t(...tail calls...)
            \tapp.lua:7: in local 'make'
            \tapp.lua:9: in main chunk
            \t[C]: in ?
            """
        #expect(UserTraceback.filteringTracebacks(in: traceback) == """
            stack traceback:
            \tapp.lua:7: in local 'make'
            \tapp.lua:9: in main chunk
            \t[C]: in ?
            """)
    }

    @Test func aScrimFunctionCalledByNameShowsAsTheLibraryFunctionItIs() throws {
        try Self.loadClassPrelude()
        let traceback = """
            stack traceback:
            \t[C]: in function 'error'
            \tclass.lua:135: in function 'scrim.class'
            \tapp.lua:1: in main chunk
            """
        #expect(UserTraceback.filteringTracebacks(in: traceback) == "stack traceback:\n\t[C]: in function 'scrim.class'\n\tapp.lua:1: in main chunk")
    }

    /// The user's own C calls and their Lua stay, also inside a call Scrim's Lua made back into the script (an
    /// `init` that `scrim.class` calls).
    @Test func theScriptsFramesAndItsCCallsStayWhereverTheyAre() throws {
        try Self.loadClassPrelude()
        let traceback = """
            stack traceback:
            \t[C]: in function 'error'
            \tapp.lua:3: in method 'init'
            \tclass.lua:126: in function <class.lua:100>
            \t(...tail calls...)
            \t[C]: in function 'pcall'
            \tapp.lua:6: in main chunk
            """
        #expect(UserTraceback.filteringTracebacks(in: traceback) == """
            stack traceback:
            \t[C]: in function 'error'
            \tapp.lua:3: in method 'init'
            \t[C]: in function 'pcall'
            \tapp.lua:6: in main chunk
            """)
        // A file of the script's that happens to share no name with Scrim's chunks is untouched.
        let plain = "stack traceback:\n\t[C]: in function 'error'\n\tclass_helpers.lua:2: in main chunk"
        #expect(UserTraceback.filteringTracebacks(in: plain) == plain)
    }

    @Test func aReportKeepsItsMessageAndLosesATracebackWithNothingLeft() throws {
        try Self.loadClassPrelude()
        let report = "error in timer: class.lua:50: boom\nstack traceback:\n\t[C]: in function 'error'\n\tclass.lua:50: in upvalue 'f'"
        #expect(UserTraceback.filteringTracebacks(in: report) == "error in timer: class.lua:50: boom")
    }
}
