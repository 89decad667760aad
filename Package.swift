// swift-tools-version:6.0
import PackageDescription

// The release binary's start-up, next to lua5.4's: loading and relocating the shared C++ runtime (libstdc++.so and
// libgcc_s, the Swift runtime's) cost about as much as all of lua5.4's start-up, so StaticLink/libstdc++.so, a linker
// script found before the system's, links the archive instead, and -static-libgcc the unwinder; a position-dependent
// executable has none of the 30 000 relative relocations (and the pages they dirty) a PIE has. Together:
// `scrim run empty.lua` 4.05 → 2.8 ms of CPU.
// scripts/build-release links Lua in too (Debian's liblua5.4.a), as the lua5.4 binary has it: position-dependent code called directly, not through the shared library's PLT and GOT, which made plain Lua
// 1.12–1.15× slower under scrim than under lua5.4 at the same instruction count, and no shared library to load,
// relocate and bind at start-up. Lua's C modules (lfs, lpeg: Debian's link no liblua) find Lua's API in the binary,
// so it exports that and nothing else (StaticLink/exports.map), which also keeps the dynamic symbol table the Swift
// runtime's start-up searches (dladdr) small.
let staticCxxRuntime: [LinkerSetting] = [
    .unsafeFlags(["-L", Context.packageDirectory + "/StaticLink", "-Xclang-linker", "-static-libgcc",
                  "-Xclang-linker", "-no-pie", "-Xlinker", "--export-dynamic",
                  "-Xlinker", "--version-script=" + Context.packageDirectory + "/StaticLink/exports.map"],
                 .when(configuration: .release)),
]

// Modules as docs/DESIGN.md lays them out: the core knows nothing of Lua, the bridge nothing of plugins,
// the CLI only wires modules together.
let package = Package(
    name: "Scrim",
    products: [
        .executable(name: "scrim", targets: ["scrim"]),
        // Scrim as a library (docs/EMBEDDING.md): the runtime, plugins and host classes, without the CLI's libedit,
        // SDL or ffmpeg.
        .library(name: "ScrimKit", targets: ["ScrimKit"]),
    ],
    targets: [
        // No pkgConfig: SwiftPM would put pkg-config's -L/usr/lib/x86_64-linux-gnu ahead of StaticLink and the
        // release build would link the shared liblua5.4 (the headers are named by their folder, lua5.4/).
        .systemLibrary(name: "LuaSystem", path: "Sources/LuaSystem", providers: [.apt(["liblua5.4-dev"])]),
        // libedit's header only: the REPL loads the library itself on first use (see LibEdit.h).
        .systemLibrary(name: "LibEdit", path: "Sources/LibEdit", providers: [.apt(["libedit-dev"])]),
        // Linked here: without pkgConfig nothing else names the library for the linker.
        .target(name: "CLua", dependencies: ["LuaSystem"], linkerSettings: [.linkedLibrary("lua5.4")]),
        // The Cassowary constraint solver: knows nothing of views (the layout engine keeps its own context in each
        // variable).
        .target(name: "Cassowary"),
        .target(name: "ScrimCore", dependencies: ["Cassowary"]),
        .target(name: "ScrimLua", dependencies: ["CLua", "ScrimCore"], resources: [.embedInCode("Lua/class.lua"), .embedInCode("Lua/console.lua"), .embedInCode("Lua/event.lua")]),
        .target(name: "ScrimPlugins", dependencies: ["ScrimLua", "ScrimCore", "CLua"], resources: [
            .embedInCode("Lua/plugins.lua"), .embedInCode("Lua/sandbox.lua"), .embedInCode("Lua/random.lua"),
            .embedInCode("Lua/bundled/analytics.lua"), .embedInCode("Lua/bundled/popup_menu.lua"),
            .embedInCode("Lua/bundled/sheets.lua"),
        ]),
        .target(name: "ScrimKit", dependencies: ["ScrimLua", "ScrimPlugins", "ScrimCore", "ScrimTest"]),
        .target(name: "ScrimTest", dependencies: ["ScrimLua", "CLua", "ScrimRender", "ScrimPlugins", "ScrimCore"],
                resources: [.embedInCode("Lua/say.lua"), .embedInCode("Lua/values.lua"),
                            .embedInCode("Lua/messages.lua"), .embedInCode("Lua/failure.lua"),
                            .embedInCode("Lua/arglist.lua"), .embedInCode("Lua/compare.lua"),
                            .embedInCode("Lua/state.lua"), .embedInCode("Lua/chain.lua"),
                            .embedInCode("Lua/assert.lua"), .embedInCode("Lua/match.lua"),
                            .embedInCode("Lua/formatters.lua"), .embedInCode("Lua/modifiers.lua"),
                            .embedInCode("Lua/assertions.lua"), .embedInCode("Lua/array.lua"),
                            .embedInCode("Lua/matchers.lua"), .embedInCode("Lua/override.lua"),
                            .embedInCode("Lua/spy.lua"), .embedInCode("Lua/stub.lua"), .embedInCode("Lua/mock.lua"),
                            .embedInCode("Lua/scrim_assertions.lua"), .embedInCode("Lua/luassert.lua"),
                            .embedInCode("Lua/spec.lua"), .embedInCode("Lua/modules.lua")]),
        .target(name: "ScrimRender", dependencies: ["ScrimCore"]),
        // What scrim sets up before main: argv for Swift's CommandLine without the static runtime's start-up scan of
        // /proc/self/maps, and a heap that keeps freed memory for reuse.
        .target(name: "ProcessStartup"),
        // libwebp's headers only: ScrimRecord loads libwebpmux on first use (see WebP.h).
        .systemLibrary(name: "WebP", path: "Sources/WebP", providers: [.apt(["libwebp-dev"])]),
        .target(name: "ScrimRecord", dependencies: ["ScrimCore", "ScrimRender", "WebP"]),
        .target(name: "ScrimWindow", dependencies: ["ScrimCore", "ScrimRender", "ScrimRecord"]),
        .executableTarget(name: "scrim", dependencies: ["ProcessStartup", "ScrimLua", "ScrimCore", "ScrimTest", "LibEdit", "ScrimRender", "ScrimPlugins", "ScrimRecord", "ScrimWindow"],
                          linkerSettings: staticCxxRuntime),
        .executableTarget(name: "ScrimBench", dependencies: ["ProcessStartup", "CLua", "Cassowary", "ScrimLua", "ScrimCore", "ScrimRender", "ScrimRecord", "ScrimWindow"],
                          linkerSettings: staticCxxRuntime),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
        .testTarget(name: "ScrimCoreTests", dependencies: ["ScrimCore", "Cassowary"]),
        .testTarget(name: "ScrimRenderTests", dependencies: ["ScrimRender", "ScrimCore"]),
        .testTarget(name: "ScrimKitTests", dependencies: ["ScrimKit"]),
        .testTarget(name: "ScrimLuaTests", dependencies: ["ScrimLua", "CLua", "ScrimCore"]),
        .target(name: "ScrimTestSupport", path: "Tests/Support"),
        .testTarget(name: "ScrimCLITests", dependencies: ["scrim", "ScrimRender", "ScrimLua", "ScrimTestSupport"]),
        .testTarget(name: "ScrimTestTests", dependencies: ["ScrimTest", "scrim", "ScrimTestSupport"]),
        .testTarget(name: "ScrimPluginsTests", dependencies: ["ScrimPlugins", "ScrimLua", "ScrimCore", "CLua", "scrim", "ScrimTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
