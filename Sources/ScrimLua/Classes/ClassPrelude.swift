/// `scrim.class`, in Lua (`Lua/class.lua`); a class over a Swift class makes instances through its `__factory`.
public enum ClassPrelude {
    public static let chunk = EmbeddedLua("class.lua", PackageResources.class_lua)
}
