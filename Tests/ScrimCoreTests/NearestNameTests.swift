import ScrimCore
import Testing

@Suite struct NearestNameTests {
    @Test func findsTheNameATypoMeant() {
        // A swap of two neighbours is one edit: the delegate typo `renmae` finds `rename`, not `remove`.
        #expect(NearestName.closest(to: "renmae", among: ["remove", "rename", "detach"]) == "rename")
        #expect(NearestName.closest(to: "BottomPresentViewControler",
                                    among: ["BottomPresentViewController", "TopPresentViewController"]) == "BottomPresentViewController")
        #expect(NearestName.closest(to: "plugin", among: ["plugins", "screen"]) == "plugins")
        #expect(NearestName.closest(to: "FRAME", among: ["frame", "name"]) == "frame")
    }

    @Test func staysQuietWhenNothingIsClose() {
        #expect(NearestName.closest(to: "x", among: ["at"]) == nil)
        #expect(NearestName.closest(to: "ab", among: ["abc"]) == nil)
        #expect(NearestName.closest(to: "color", among: ["backgroundColor", "alpha"]) == nil)
        #expect(NearestName.closest(to: "frame", among: ["frame"]) == nil)
        #expect(NearestName.closest(to: "anything", among: [String]()) == nil)
    }

    @Test func tiesGoToTheFirstNameInOrder() {
        #expect(NearestName.closest(to: "cat", among: ["cut", "bat"]) == "bat")
        #expect(NearestName.closest(to: "cat", among: ["bat", "cut"]) == "bat")
    }
}
