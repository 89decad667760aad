import Glibc
import ScrimCore
import ScrimLua
import ScrimRecord
import ScrimRender
import ScrimWindow

/// The live window's renderer and the recorder, on the popup demo scene (scripts/film_popup.lua with its popup
/// shown): a full frame at scale 1 and 2, an unchanged frame (which must not render), and WebP recording beside the
/// film strip of the same frames.
func windowBenchmarks() -> [BenchRow] {
    let runtime = try! LuaRuntime()
    do {
        // The scene as the film shows it at its fullest: the popup up, before the script's tap sends it away.
        let text = try readScript("scripts/film_popup.lua")
        let scene = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("scrim.tap") }.joined(separator: "\n")
        try runtime.runString(scene, name: "@scripts/film_popup.lua")
        try runtime.settle()
    } catch {
        fatalError("bench: the popup scene failed: \(error)")
    }
    let core = runtime.core
    let size = core.screen.bounds.size
    func fullFrame(scale: Double) -> Double {
        let renderer = try! FrameRenderer(size: size, scale: scale)
        return bestOf(5) {
            for _ in 0..<20 {
                renderer.invalidate()
                precondition(try! renderer.render(core))
            }
        } / 20
    }
    let scale1 = fullFrame(scale: 1)
    let scale2 = fullFrame(scale: 2)
    // The snapshot path for the same picture: drawn, then converted to straight RGBA.
    let snapshot = bestOf(5) {
        for _ in 0..<5 { _ = try! CairoRenderer.image(of: RenderTree(runtime: core), scale: 2) }
    } / 5

    let renderer = try! FrameRenderer(size: size, scale: 2)
    _ = try! renderer.render(core)
    let before = renderer.renderCount
    let unchanged = bestOf(5) {
        for _ in 0..<1000 { precondition(!(try! renderer.render(core))) }
    } / 1000
    let renders = Double(renderer.renderCount - before)

    // Recording: the popup's 0.8 s transition at 30 frames a second, as `scrim record` and `scrim snapshot --film` do.
    let film = try! LuaRuntime()
    let recorder = FilmRecorder(runtime: film.core)
    try! film.runFile("scripts/film_popup.lua")
    try! film.settle()
    recorder.stop()
    let recording = Recording(framesPerSecond: 30, scale: 1)
    let times = recording.times(from: 0, to: film.core.now)
    let path = "/tmp/scrim-bench-\(getpid()).webp", strip = "/tmp/scrim-bench-\(getpid()).png"
    defer { unlink(path); unlink(strip) }
    let (webp, filmStrip) = bestOfAlternating(3, scrim: {
        _ = try! recording.write(to: path, size: size, from: 0, to: film.core.now, frame: recorder.frame(at:))
    }, baseline: {
        try! FilmStrip.writePNG(times.map(recorder.frame(at:)), to: strip, scale: 1)
    })
    let frames = Double(times.count)
    return [
        BenchRow(name: "live window: full frame, popup scene, scale 1", scrim: scale1 * 1e3, baseline: scale2 * 1e3,
                 baselineName: "scale 2", unit: "ms", bar: .valueAtMost(4)),
        BenchRow(name: "live window: full frame, popup scene, scale 2", scrim: scale2 * 1e3, baseline: snapshot * 1e3,
                 baselineName: "PNG snapshot image", unit: "ms", bar: .valueAtMost(4)),
        BenchRow(name: "live window: unchanged frame (tree + compare)", scrim: unchanged * 1e3, baseline: scale2 * 1e3,
                 baselineName: "full frame, scale 2", unit: "ms", bar: .ratioAtMost(0.5)),
        BenchRow(name: "live window: renders in 1,000 unchanged frames", scrim: renders, baseline: 1000,
                 baselineName: "frames", unit: "", bar: .valueAtMost(0)),
        BenchRow(name: "record .webp (\(times.count) frames, 390×844)", scrim: frames / webp, baseline: frames / filmStrip,
                 baselineName: "film strip PNG", unit: "frames/s", bar: .valueAtLeast(30)),
    ]
}

private func readScript(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw RenderError("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes += buffer[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
