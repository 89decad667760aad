/// Every protocol and overridable member list Scrim's bindings declare (`ScriptProtocol`), for what checks a script
/// against them all (the types file, misspelt-member warnings).
enum ScriptProtocols {
    static let all: [ScriptProtocol] = [
        ControllerBinding.lifecycleDeclaration,
        DimmingBinding.protocolDeclaration,
        PopupBinding.classDeclaration,
        PopupBinding.delegateDeclaration,
        LuaAnimator.declaration,
        LuaPresentationController.declaration,
        LuaTransitioningDelegate.declaration,
        LuaGestureDelegate.declaration,
    ]
}
