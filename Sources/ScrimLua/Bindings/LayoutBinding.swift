import CLua
import ScrimCore

/// docs/API.md §4: `scrim.constrain` and Constraint, on the Cassowary engine of ScrimCore/Layout.
enum LayoutBinding {
    static let luaClass = LuaClass<LayoutConstraint>("Constraint")
        .property("constant", get: { $0.constant }, set: { constraint, value in
            guard value.isFinite else { throw ScriptError("constant must be a finite number") }
            constraint.constant = value
        })
        .property("priority", get: { $0.priority }, set: { try $0.setPriority($1) })
        .property("active", get: { $0.isActive }, set: { try $0.setActive($1) })
        .property("identifier", get: { $0.identifier }, set: { $0.identifier = $1 })
        .readonly("item") { $0.item }
        .readonly("attribute") { $0.attribute.rawValue }
        .readonly("relation") { $0.relation.rawValue }
        .readonly("toItem") { $0.toItem }
        .readonly("toAttribute") { $0.toAttribute?.rawValue }
        .readonly("multiplier") { $0.multiplier }
        .readonly("isBroken") { $0.isBroken }
        .action("activate") { constraint, _ in try constraint.activate() }
        .action("deactivate") { constraint, _ in constraint.deactivate() }
        .description { "Constraint(\($0.description))" }

    /// `scrim.constrain(item, attribute, relation, toItem, toAttribute [, constant])` or `scrim.constrain{ … }`.
    /// The fields `scrim.constrain{…}` takes; any other raises.
    static let optionNames = ["item", "attribute", "relation", "toItem", "toAttribute", "multiplier", "constant", "priority",
                              "active", "identifier"]

    static let constrain = HostFunction("constrain") { call in
        let item: View, attribute: LayoutAttribute, relation: LayoutRelation
        var toItem: View?, toAttribute: LayoutAttribute?
        var multiplier = 1.0, constant = 0.0, priority = 1000.0
        var active = true
        var identifier: String?
        if call.type(1) == LUA_TTABLE {
            let t: Int32 = 1
            try call.checkOptions(t, options: optionNames)
            item = try call.fieldValue(t, "item") { try call.view($0) }
            attribute = try call.fieldValue(t, "attribute") { try call.attribute($0) }
            relation = try call.field(t, "relation") { try call.relation($0) } ?? .equal
            toItem = try call.field(t, "toItem") { try call.view($0) }
            toAttribute = try call.field(t, "toAttribute") { try call.attribute($0) }
            multiplier = try call.field(t, "multiplier") ?? 1
            constant = try call.field(t, "constant") ?? 0
            priority = try call.field(t, "priority") ?? 1000
            active = try call.field(t, "active") ?? true
            identifier = try call.field(t, "identifier")
        } else {
            item = try call.view(1)
            attribute = try call.attribute(2)
            relation = try call.relation(3)
            toItem = call.isNil(4) ? nil : try call.view(4)
            toAttribute = call.isNil(5) ? nil : try call.attribute(5)
            constant = try call.optionalNumber(6) ?? 0
        }
        guard multiplier.isFinite, constant.isFinite else { throw call.argumentError(1, "multiplier and constant must be finite") }
        let constraint: LayoutConstraint
        do {
            constraint = try LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: toItem,
                                              attribute: toAttribute, multiplier: multiplier, constant: constant,
                                              priority: priority)
            constraint.identifier = identifier
            if active { try constraint.activate() }
        } catch let error as LayoutError {
            throw ScriptError(error.message)
        }
        return call.push(constraint)
    }
}

extension LuaCall {
    func attribute(_ index: Int32) throws -> LayoutAttribute {
        if let attribute = named(index, among: LayoutBinding.attributeNames) { return attribute }
        let name = try string(index)
        throw argumentError(index, "unknown attribute '\(name)' (\(LayoutAttribute.allCases.map(\.rawValue).joined(separator: " ")))")
    }

    func relation(_ index: Int32) throws -> LayoutRelation {
        if let relation = named(index, among: LayoutBinding.relationNames) { return relation }
        let name = try string(index)
        throw argumentError(index, "unknown relation '\(name)' (\"==\", \"<=\" or \">=\")")
    }

    /// The value whose name is the string at `index`, compared as bytes in place: a layout is built of thousands of
    /// `scrim.constrain` calls, each naming two attributes and a relation, and a Swift string made for each and
    /// matched against the names one by one cost more than the rest of reading the arguments.
    private func named<Value>(_ index: Int32, among names: [(name: [UInt8], value: Value)]) -> Value? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return nil }
        let bytes = UnsafeRawBufferPointer(start: chars, count: length)
        for entry in names where entry.name.count == length {
            if entry.name.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return entry.value }
        }
        return nil
    }
}

extension LayoutBinding {
    static let attributeNames = LayoutAttribute.allCases.map { (name: Array($0.rawValue.utf8), value: $0) }
    static let relationNames = LayoutRelation.allCases.map { (name: Array($0.rawValue.utf8), value: $0) }
}
