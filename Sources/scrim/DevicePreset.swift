import ScrimCore

/// `--device NAME`: the virtual screen of a device, in points and pixels a point as Apple publishes them
/// (iPhone SE 2nd/3rd generation, iPhone 15, iPhone 15 Pro Max, iPad 10th generation), beside `--screen WxH@S`.
enum DevicePreset {
    static let all: [(name: String, screen: Screen)] = [
        ("iphone-se", Screen(width: 375, height: 667, scale: 2)),
        ("iphone-15", Screen(width: 393, height: 852, scale: 3)),
        ("iphone-15-pro-max", Screen(width: 430, height: 932, scale: 3)),
        ("ipad", Screen(width: 820, height: 1180, scale: 2)),
    ]

    static func screen(named name: String) -> Screen? {
        all.first { $0.name == name.lowercased() }?.screen
    }

    /// "iphone-se (375x667@2), …" for the help and the error of an unknown name.
    static var list: String {
        all.map { "\($0.name) (\(Int($0.screen.width))x\(Int($0.screen.height))@\(Int($0.screen.scale)))" }
            .joined(separator: ", ")
    }
}
