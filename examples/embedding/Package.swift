// swift-tools-version:6.0
import PackageDescription

// A host of Scrim: its own Swift package, depending on Scrim's library by path (docs/EMBEDDING.md).
let package = Package(
    name: "Toasts",
    dependencies: [.package(name: "Scrim", path: "../..")],
    targets: [
        .executableTarget(name: "Toasts", dependencies: [.product(name: "ScrimKit", package: "Scrim")]),
    ],
    swiftLanguageModes: [.v5]
)
