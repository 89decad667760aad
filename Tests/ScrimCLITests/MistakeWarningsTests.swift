import Foundation
import ScrimTestSupport
import Testing

/// Mistakes that are not errors in Lua but almost surely typos: warned about once, at the line, with the name meant.
@Suite struct MistakeWarningsTests {
    @Test func aPopupDelegatesMisspeltMethodIsNamedAndThePopupStillCloses() throws {
        let script = """
            local Delegate = {}
            function Delegate:renmae() print("never") end
            local popup = scrim.PopupWindow{ items = { "rename" }, delegate = Delegate }
            popup:create(); scrim.settle()
            popup:select("rename"); scrim.settle()
            print(popup.isShowing)
            popup:create(); scrim.settle(); popup:select("rename"); scrim.settle()
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "false\n")
        // Said where the delegate was given (the constructor's line), then at the selection that found nothing.
        let warning = "scrim: (command line):3: PopupWindow: delegate has 'renmae' but no 'rename' — did you mean 'rename'?\n"
            + "scrim: PopupWindow: nothing handles item \"rename\" (no handler, no delegate method 'rename', "
            + "no didSelectItem); its delegate has 'renmae' — did you mean 'rename'?; the popup closes\n"
        #expect(result.stderr == warning, "each once, not once per showing or selection: \(result.stderr)")
    }

    @Test func aLuaClassReadingAMisspeltMemberIsWarnedOnceAtItsLine() throws {
        let script = """
            local Sheet = scrim.class("Sheet", scrim.ViewController)
            function Sheet:peek() return self.viewDidLaod, self.mine end
            local sheet = Sheet()
            for _ = 1, 3 do print(sheet:peek()) end
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "nil\tnil\nnil\tnil\nnil\tnil\n")
        #expect(result.stderr == "scrim: (command line):2: Sheet has no field 'viewDidLaod' (read as nil) — did you mean 'viewDidLoad'?\n",
                "\(result.stderr)")
    }

    @Test func aDelegateTablesMisspeltMemberIsNamedWhenItIsSet() throws {
        let script = """
            local Methods = {}
            function Methods:executePresentationAnimaton() end
            local delegate = setmetatable({ dimmingViewTaped = function() end, executeDismissalAnimation = function() end,
                                            myOwnHelper = 1 }, { __index = Methods })
            local t = scrim.DimmingTransitioning(delegate)
            local tap = scrim.TapGestureRecognizer(function() end)
            tap.name = "tap"
            tap.delegate = { gestureRecognizerShouldRecieveTouch = function() return true end }
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = Set(result.stderr.split(separator: "\n").map(String.init))
        #expect(lines == [
            "scrim: (command line):5: DimmingTransitioning: delegate has 'dimmingViewTaped' but no 'dimmingViewTapped' — did you mean 'dimmingViewTapped'?",
            "scrim: (command line):5: DimmingTransitioning: delegate has 'executePresentationAnimaton' but no 'executePresentationAnimation' — did you mean 'executePresentationAnimation'?",
            "scrim: (command line):8: TapGestureRecognizer 'tap': delegate has 'gestureRecognizerShouldRecieveTouch' but no 'gestureRecognizerShouldReceiveTouch' — did you mean 'gestureRecognizerShouldReceiveTouch'?",
        ], "\(result.stderr)")
    }

    @Test func aClassBodysMisspeltMemberIsNamedAtTheLineThatDefinesIt() throws {
        let script = """
            local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
            function Sheet:executePresentationAnimaton() end
            function Sheet:myOwnHelper() end
            local Both = scrim.class("Both", Sheet)
            function Both:executePresentationAnimation() end
            function Both:executePresentationAnimatio() end
            print(pcall(scrim.ViewController, { viewDidLaod = function() end }))
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "false\t(command line):7: bad argument #1 to 'ViewController' (ViewController has no field "
            + "'viewDidLaod' — did you mean 'viewDidLoad'?)\n")
        // Both defines the member meant: its near name is a method of its own.
        #expect(result.stderr == "scrim: (command line):2: Sheet has 'executePresentationAnimaton' but no "
            + "'executePresentationAnimation' (a member of BottomPresentViewController that Scrim calls) — did you mean "
            + "'executePresentationAnimation'?\n", "\(result.stderr)")
    }

    @Test func anInstancesMisspeltMemberIsNamedAsAClassBodysIs() throws {
        let script = """
            local Sheet = scrim.class("Sheet", scrim.BottomPresentViewController)
            function Sheet:executeDismissalAnimation() end
            local sheet = Sheet{ allowTapDimmingViewToDismis = false, rows = 3 }
            sheet.dimmingViewTaped = function() end
            sheet.bottomConstraint, sheet.count = 1, 2
            sheet.executeDismissalAnimaton = function() end
            print(sheet.rows, sheet.count)
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "3\t2\n")
        // Far names are the instance's own; one whose member the class gives is a helper beside it.
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "scrim: (command line):3: Sheet has 'allowTapDimmingViewToDismis' but no 'allowTapDimmingViewToDismiss' "
                + "(a member of BottomPresentViewController that Scrim calls) — did you mean 'allowTapDimmingViewToDismiss'?",
            "scrim: (command line):4: Sheet has 'dimmingViewTaped' but no 'dimmingViewTapped' "
                + "(a member of BottomPresentViewController that Scrim calls) — did you mean 'dimmingViewTapped'?",
        ], "\(result.stderr)")
    }

    @Test func aBodyTableGivenToScrimClassRaisesInsteadOfBeingDropped() throws {
        let script = """
            local S = scrim.class("S", scrim.BottomPresentViewController, { executePresentationAnimaton = function() end })
            """
        let result = try ScrimProcess.run(["run", "-e", script])
        #expect(result.status != 0)
        #expect(result.stderr.contains("(command line):1: bad argument #3 to 'class' (no value expected, got table): "
            + "define members on the class it returns"), "\(result.stderr)")
    }
}
