import Testing
@testable import ScrimCore

@Suite struct ColorTests {
    @Test func parsesHexInBothForms() throws {
        #expect(try Color(parsing: "#FF8000") == Color(r: 1, g: 128.0 / 255, b: 0, a: 1))
        #expect(try Color(parsing: "#ff800080").a == 128.0 / 255)
        #expect(try Color(parsing: "#00000000") == .clear)
        #expect(try Color(parsing: "#aBcDeF").hex == "#abcdefff")
    }

    @Test func namesHaveUIKitValues() throws {
        #expect(try Color(parsing: "gray") == Color(r: 0.5, g: 0.5, b: 0.5, a: 1))
        #expect(try Color(parsing: "orange") == Color(r: 1, g: 0.5, b: 0, a: 1))
        #expect(try Color(parsing: "yellow") == Color(r: 1, g: 1, b: 0, a: 1))
        #expect(try Color(parsing: "clear") == Color(r: 0, g: 0, b: 0, a: 0))
        #expect(try Color(parsing: "white").hex == "#ffffffff")
        #expect(try Color(parsing: "black").hex == "#000000ff")
        #expect(try Color(parsing: "red").hex == "#ff0000ff")
        #expect(try Color(parsing: "green").hex == "#00ff00ff")
        #expect(try Color(parsing: "blue").hex == "#0000ffff")
        #expect(Color.gray.hex == "#808080ff")
        #expect(Color.orange.hex == "#ff8000ff")
    }

    @Test(arguments: ["#12", "", "#12345", "#1234567", "#GGGGGG", "123456", "grey", "Red", "#12345678 ", "#ff00ff00ff"])
    func rejectsBadInput(_ text: String) {
        do {
            _ = try Color(parsing: text)
            Issue.record("\(text) should not parse")
        } catch let error as ColorError {
            #expect(error.message.hasPrefix("invalid color \"\(text)\""))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func componentsAreClampedAndInterpolate() {
        let c = Color(r: 2, g: -1, b: 0.5, a: .nan)
        #expect(c == Color(r: 1, g: 0, b: 0.5, a: 0))
        #expect(Color.black.interpolated(to: .white, 0.25) == Color(white: 0.25))
        #expect(Color.red.interpolated(to: .blue, 1.5) == Color(r: 0, g: 0, b: 1, a: 1), "overshoot is clamped")
    }
}
