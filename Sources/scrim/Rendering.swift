import ScrimCore
import ScrimLua
import ScrimRender

/// The CLI's wiring of the renderer into the bridge, which knows only the core: `scrim.snapshot` draws with Cairo,
/// loaded (dlopen) the first time a picture is drawn, so that starting `scrim` never loads it.
enum Rendering {
    static func install() {
        LuaRuntime.snapshotter = { runtime, path in
            try CairoRenderer.writePNG(RenderTree(runtime: runtime), to: path, budget: runtime.timeBudget)
        }
    }
}
