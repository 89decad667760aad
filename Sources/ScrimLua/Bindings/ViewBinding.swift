import CLua
import ScrimCore

extension LuaCall {
    func view(_ index: Int32) throws -> View { try object(index, View.self, expected: "View") }
    func recognizer(_ index: Int32) throws -> GestureRecognizer { try object(index, GestureRecognizer.self, expected: "TapGestureRecognizer") }
}

/// docs/API.md §2: `View` — fields, hierarchy, hit-testing, presentation, taps.
enum ViewBinding {
    // Its peer table holds its subviews and recognizers that keep something from Lua (user value 2); a frame given
    // to the constructor must not override a centre given with it.
    static let luaClass = LuaClass<View>("View", userValues: 2, fieldOrder: ["name", "frame", "bounds", "center"])
        .property("name", get: { $0.name }, set: { $0.name = $1 })
        .property("frame", get: { $0.frame }, set: { $0.frame = $1 })
        .property("center", get: { $0.center }, set: { $0.center = $1 })
        .property("alpha", get: { $0.alpha }, set: { $0.alpha = $1 })
        .property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
        .property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
        .property("userInteractionEnabled", get: { $0.isUserInteractionEnabled }, set: { $0.isUserInteractionEnabled = $1 })
        .property("cornerRadius", get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 })
        .property("text", get: { $0.text }, set: { $0.text = $1 })
        .property("transform", get: { $0.transform }, set: { $0.transform = $1 })
        .readonly("bounds") { $0.bounds }
        .readonly("superview") { $0.superview }
        .readonly("subviews") { $0.subviews }
        .readonly("window") { $0.window }
        .readonly("gestureRecognizers") { $0.gestureRecognizers }
        .action("addSubview") { view, call in try view.addSubview(try call.view(2)) }
        .method("insertSubview") { view, call in
            let subview = try call.view(2)
            let position = try call.integer(3)
            guard position >= 1 else { throw call.argumentError(3, "index must be 1 or more, got \(position)") }
            try view.insertSubview(subview, at: position - 1)
            return 0
        }
        .action("bringSubviewToFront") { view, call in view.bringSubviewToFront(try call.view(2)) }
        .action("sendSubviewToBack") { view, call in view.sendSubviewToBack(try call.view(2)) }
        .action("removeFromSuperview") { view, _ in view.removeFromSuperview() }
        .action("layoutIfNeeded") { view, _ in view.layoutIfNeeded() }
        .action("setNeedsLayout") { view, _ in view.setNeedsLayout() }
        .method("hitTest") { view, call in
            call.push(view.hitTest(try call.point(from: 2)))
        }
        .method("presentation") { view, call in
            let now = view.presentation()
            return call.push(LuaFields([("frame", now.frame), ("alpha", now.alpha),
                                        ("backgroundColor", now.backgroundColor), ("transform", now.transform)]))
        }
        .action("removeAllAnimations") { view, _ in view.removeAllAnimations() }
        .method("find") { view, call in
            call.push(view.find(try call.string(2)))
        }
        .method("onTap") { view, call in
            view.addGestureRecognizer(try GestureBinding.makeTap(call, functionAt: 2))
            return 1
        }
        .action("addGestureRecognizer") { view, call in view.addGestureRecognizer(try call.recognizer(2)) }
        .action("removeGestureRecognizer") { view, call in view.removeGestureRecognizer(try call.recognizer(2)) }
        .description { $0.description }

    /// `scrim.View{ … }`: a new view with the given fields (unknown fields and bad values raise, naming them).
    static let constructor = HostFunction("View") { call in
        let view = View()
        if !call.isNil(1) { try luaClass.applyFields(view, from: call, at: 1) }
        return call.push(view)
    }
}
