import CLua
import ScrimCore

/// docs/API.md §7: `scrim.PopupWindow` (seed 1), both binding styles, and `scrim.ConfirmDialog`. The runtime pins a
/// shown popup's userdata (its peer table holds the delegate and closures): a script need not keep a reference.
enum PopupBinding {
    /// The hooks a `scrim.class` of PopupWindow may override (ScriptPopupWindow runs them), each a method.
    static let classDeclaration = ScriptProtocol("PopupWindow", ["loadView", "viewDidLoad", "makeContentView", "layoutContent",
        "prepareShowAnimation", "showAnimation", "cancelAnimation"].map { ScriptMember.method($0) })

    /// What a popup's delegate table may have besides a method per item id (`delegate:rename(popup)`): the catch-all
    /// for items without one. The item methods are the script's own names, so only this one is checked when set.
    static let delegateDeclaration = ScriptProtocol("PopupWindowDelegate", [.method("didSelectItem")])

    static let luaClass = LuaClass<PopupWindow>("PopupWindow", userValues: 2)
        .property("name", get: { $0.name }, set: { $0.name = $1 })
        .readonly("view") { $0.view }
        .readonly("dismissView") { $0.dismissView }
        .readonly("collectionView") { $0.collectionView }
        .readonly("cells") { $0.cells }
        .readonly("items") { $0.items.map(\.id) }
        .readonly("isShowing") { $0.isShowing }
        .readonly("phase") { "\($0.phase)" }
        .property("animationDuration", get: { $0.animationDuration }, set: { popup, call, index in
            popup.animationDuration = try call.duration(index)
        })
        .property("delegate", get: { popup, call in
            call.state.pushPeerValue(popup, "delegate")
            return 1
        }, set: { popup, call, index in
            try setDelegate(popup, call, index)
        })
        .method("create") { popup, call in
            warnAboutMethodsMeaningItems(popup, call)
            popup.create()
            return call.push(popup)
        }
        .action("cancel") { popup, _ in popup.cancel() }
        .method("setItems") { popup, call in
            let items = try pullItems(call, 2)
            let handler = try call.optionalFunction(3)
            try setItems(popup, items, handlerAt: handler == nil ? nil : 3, call)
            return call.push(popup)
        }
        .method("on") { popup, call in
            let item = try call.string(2)
            let key = "on:" + item
            if call.isNil(3) {
                lua_pushnil(call.L)
                call.state.setPeerValue(popup, key, valueAt: -1)
                lua_settop(call.L, -2)
                popup.on(item, nil)
            } else {
                _ = try call.function(3)
                call.state.setPeerValue(popup, key, valueAt: 3)
                weak let state = call.state
                popup.on(item) { popup in
                    guard let state else { return nil }
                    return try LuaDelegate(popup, state, places: .closures).call(key, [popup])?.popupResult
                }
            }
            return call.push(popup)
        }
        .method("select") { popup, call in
            let item = try call.string(2)
            do {
                return call.push(try popup.select(item))
            } catch let error as PopupError {
                throw call.argumentError(2, error.message)
            }
        }
        .method("cell") { popup, call in
            call.push(popup.cell(try call.string(2)))
        }
        .overridable(classDeclaration, swift: [
            "loadView": { $0.loadView(); return nil }, "viewDidLoad": { $0.viewDidLoad(); return nil },
            "makeContentView": { $0.makeContentView() }, "layoutContent": { $0.layoutContent(); return nil },
            "prepareShowAnimation": { $0.prepareShowAnimation(); return nil },
            "showAnimation": { $0.showAnimation(); return nil }, "cancelAnimation": { $0.cancelAnimation(); return nil },
        ])
        .description { "\($0.className)(\($0.displayName))" }

    static let confirmClass = LuaClass<ConfirmDialog>("ConfirmDialog", base: luaClass)
        .property("title", get: { $0.title }, set: { $0.title = $1 })
        .property("message", get: { $0.message }, set: { $0.message = $1 })
        .readonly("cardView") { $0.cardView }

    static let confirmOptionNames: Set<String> = ["title", "message", "cancelTitle", "confirmTitle"]

    static let confirmConstructor = HostFunction("ConfirmDialog") { call in
        var title: String?, message: String?, cancelTitle = "Cancel", confirmTitle = "OK"
        if !call.isNil(1) {
            guard call.type(1) == LUA_TTABLE else { throw call.typeError(1, expected: "table") }
            title = try call.field(1, "title")
            message = try call.field(1, "message")
            cancelTitle = try call.field(1, "cancelTitle") ?? cancelTitle
            confirmTitle = try call.field(1, "confirmTitle") ?? confirmTitle
        }
        let dialog = ConfirmDialog(runtime: call.runtime.core, title: title, message: message,
                                   cancelTitle: cancelTitle, confirmTitle: confirmTitle)
        // Its userdata first, on the stack: the delegate goes into that userdata's peer table (see DimmingTransitioning).
        lua_settop(call.L, 1)
        call.push(dialog)
        try configure(dialog, call, 1, allowed: confirmOptionNames)
        return 1
    }

    static let optionNames = ["items", "delegate", "name"]

    /// Applies `items`, `delegate` and `name` from the options table at `index` (nothing else is accepted).
    static func configure(_ popup: PopupWindow, _ call: LuaCall, _ index: Int32, allowed: Set<String> = []) throws {
        guard !call.isNil(index) else { return }
        guard call.type(index) == LUA_TTABLE else { throw call.typeError(index, expected: "table") }
        try call.checkOptions(index, options: optionNames + allowed.sorted())
        if let name: String = try call.field(index, "name") { popup.name = name }
        if let items = try call.field(index, "items", { try pullItems(call, $0) }) { try setItems(popup, items, handlerAt: nil, call) }
        _ = try call.field(index, "delegate") { try setDelegate(popup, call, $0) }
    }

    /// An array of ids or `{id=, title=}` tables.
    static func pullItems(_ call: LuaCall, _ index: Int32) throws -> [PopupItem] {
        guard let list = call.state.table(at: index) else { throw call.typeError(index, expected: "table of strings") }
        return try list.elements.enumerated().map { offset, element in
            func problem(_ text: String) -> ArgumentError { call.argumentError(index, "item #\(offset + 1)\(text)") }
            if case .string(let id) = element { return PopupItem(id) }
            guard let item = call.state.table(element) else {
                throw problem(" must be a string or {id=, title=}, got \(element.typeName)")
            }
            if let unknown = item.fields.keys.sorted().first(where: { $0 != "id" && $0 != "title" }) {
                throw problem(": unknown field '\(unknown)' (id, title)")
            }
            guard item.otherKeyCount == 0 else { throw problem(": field names must be strings (id, title)") }
            guard case .string(let id) = item["id"] else { throw problem(" needs a string id") }
            if case .string(let title) = item["title"] { return PopupItem(id: id, title: title) }
            return PopupItem(id: id, title: nil)
        }
    }

    static func setItems(_ popup: PopupWindow, _ items: [PopupItem], handlerAt index: Int32?, _ call: LuaCall) throws {
        var handler: ((PopupItem, Int, PopupWindow) throws -> Bool?)?
        if let index {
            call.state.setPeerValue(popup, "itemHandler", valueAt: index)
            weak let state = call.state
            handler = { item, position, popup in
                guard let state else { return nil }
                return try LuaDelegate(popup, state, places: .closures).call("itemHandler", [item.id, position, popup])?.popupResult
            }
        }
        do {
            try popup.setItems(items, handler: handler)
        } catch let error as PopupError {
            throw call.argumentError(2, error.message)
        }
        warnAboutMethodsMeaningItems(popup, call)
    }

    static func setDelegate(_ popup: PopupWindow, _ call: LuaCall, _ index: Int32) throws {
        let isTable = call.type(index) == LUA_TTABLE
        guard call.isNil(index) || isTable || call.state.object(at: index) != nil else {
            throw call.typeError(index, expected: "delegate table")
        }
        if isTable { delegateDeclaration.warnAboutMisspeltMembers(ofTableAt: index, call, owner: popup.displayName) }
        call.state.setPeerValue(popup, "delegate", valueAt: index)
        popup.delegate = call.isNil(index) ? nil : LuaPopupDelegate(popup: popup, state: call.state)
        warnAboutMethodsMeaningItems(popup, call)
    }

    /// The popup's warnings for delegate methods that most likely meant an item, at the script's line.
    static func warnAboutMethodsMeaningItems(_ popup: PopupWindow, _ call: LuaCall) {
        for warning in popup.newMisspeltDelegateWarnings() { call.runtime.warn(warning, at: call) }
    }
}

extension LuaValue {
    /// A handler's result: `false` keeps the popup open, anything else lets it close.
    var popupResult: Bool? {
        if case .boolean(false) = self { return false }
        return nil
    }
}

/// A protocol-style Lua delegate of a popup (`delegate:rename(popup)` for item "rename", else `didSelectItem`), kept in
/// the popup's peer table, so a delegate that refers back to the popup leaks nothing.
final class LuaPopupDelegate: PopupWindowDelegate {
    let lua: LuaDelegate

    init(popup: PopupWindow, state: LuaState) { lua = LuaDelegate(popup, state, places: .delegate) }

    func handlesItem(_ id: String) throws -> Bool { try lua.responds(to: id) }

    func perform(_ id: String, popup: PopupWindow) throws -> Bool? { try lua.call(id, [popup])?.popupResult }

    var respondsToDidSelectItem: Bool { get throws { try lua.responds(to: "didSelectItem") } }

    var memberNames: [String] { lua.delegateMemberNames() }

    func didSelectItem(popup: PopupWindow, item: PopupItem, index: Int) throws -> Bool? {
        try lua.call("didSelectItem", [popup, item.id, index])?.popupResult
    }
}
