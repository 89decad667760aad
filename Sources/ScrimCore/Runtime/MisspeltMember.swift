/// The one rule for a member Scrim would never call because its name is misspelt, shared by every place a script
/// gives members by name — a delegate table (`ScriptProtocol.misspeltMembers`), a `scrim.class` body and an instance
/// of one (`ClassBodyCheck`), a popup's delegate against its items (`PopupWindow.create`): a name that is no member but is close to a member that is not given most likely meant
/// it. Names far from every member are the script's own (helpers, state) and pass.
public enum MisspeltMember {
    /// The member `name` most likely meant, among `members`; nil when `name` is a member, is close to none, or its
    /// nearest is given too (`isGiven`: a script that has both means both, as a helper beside the member).
    public static func meant(_ name: String, among members: [String], isGiven: (String) -> Bool) -> String? {
        guard !members.contains(name), let meant = NearestName.closest(to: name, among: members), !isGiven(meant)
        else { return nil }
        return meant
    }

    /// The warning, one wording everywhere: `<subject> has 'name' but no 'meant'<note> — did you mean 'meant'?`.
    public static func warning(_ subject: String, has name: String, meant: String, note: String = "") -> String {
        "\(subject) has '\(name)' but no '\(meant)'\(note) — did you mean '\(meant)'?"
    }
}
