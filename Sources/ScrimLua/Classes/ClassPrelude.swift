/// `scrim.class`, in Lua (`Lua/class.lua`): class tables, instances, `self.super`. A class whose chain reaches a
/// Swift class (`scrim.ViewController`, `scrim.PopupWindow`, …) makes instances through that class's `__factory`,
/// which returns the Swift object's userdata and the table of the instance's own fields (its user value 1, where
/// the bridge looks first, so that methods defined in Lua override the Swift ones).
public enum ClassPrelude {
    public static let chunk = EmbeddedLua("class.lua", PackageResources.class_lua)
}
