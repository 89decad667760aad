import Testing
@testable import ScrimCore

@Suite struct ScreenTests {
    @Test func parsesSizeAndScale() throws {
        #expect(try Screen.parse("390x844@3") == Screen(width: 390, height: 844, scale: 3))
        #expect(try Screen.parse("320x568@2") == Screen(width: 320, height: 568, scale: 2))
        #expect(try Screen.parse("1024X768") == Screen(width: 1024, height: 768, scale: 3))
        #expect(try Screen.parse("390.5x844@2.5").width == 390.5)
        #expect(Screen.default == Screen(width: 390, height: 844, scale: 3))
        #expect(Screen.default.description == "390x844@3")
    }

    @Test(arguments: ["", "390", "390x", "x844", "390x844@", "390x844@0", "-390x844", "390x844@3@2", "abcxdef", "390 x 844", "infx844"])
    func rejectsBadInput(_ text: String) {
        #expect(throws: ScreenError.self) { try Screen.parse(text) }
        do { _ = try Screen.parse(text) } catch let error as ScreenError {
            #expect(error.message.hasPrefix("invalid screen \"\(text)\""))
        } catch {}
    }
}
