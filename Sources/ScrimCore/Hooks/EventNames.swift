/// The events Scrim itself emits. A script may emit and subscribe to any name, but a subscription to an unknown
/// name in one of Scrim's namespaces (`popup.didselect`) is almost surely a typo: it would never fire.
public enum EventNames {
    public static let known: [String] = [
        "transition.willPresent", "transition.didPresent", "transition.willDismiss", "transition.didDismiss",
        "transition.warning", "dimming.tapped",
        "popup.willShow", "popup.didShow", "popup.willSelect", "popup.didSelect", "popup.willCancel", "popup.didCancel",
        "animation.didStart", "animation.didFinish", "layout.unsatisfiable",
        "plugin.didLoad", "plugin.didFail", "plugin.didReload", "error",
        "touch.began", "touch.moved", "touch.ended",
    ]

    private static let knownSet = Set(known)
    private static let namespaces = Set(known.compactMap { $0.split(separator: ".", maxSplits: 1).count == 2 ? String($0.split(separator: ".")[0]) : nil })

    /// A warning for a subscription to `name`, or nil: names outside Scrim's namespaces and known names are fine.
    public static func warning(forSubscriptionTo name: String) -> String? {
        guard !knownSet.contains(name) else { return nil }
        let namespace = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        guard namespaces.contains(namespace) || namespace == "error" else { return nil }
        var text = "no event \"\(name)\" among Scrim's \"\(namespace)\" events, so this handler never runs"
        if let nearest = NearestName.closest(to: name, among: known) { text += "; did you mean \"\(nearest)\"?" }
        return text
    }
}
