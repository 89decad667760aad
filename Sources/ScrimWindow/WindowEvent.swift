/// What the live window reacts to, decoded from SDL's event union (its layout is SDL 2's stable ABI).
enum WindowEvent: Equatable {
    /// The window was closed (or the process asked to quit).
    case quit
    /// The window's contents were lost (uncovered, restored) and must be drawn again.
    case exposed
    /// The left button went down / moved while down / came up, at a point in window pixels.
    case press(x: Double, y: Double)
    case drag(x: Double, y: Double)
    case release(x: Double, y: Double)
    /// The pointer moved with no button down (what the inspector highlights follows it).
    case hover(x: Double, y: Double)
    /// A key went down (not a repeat); `key` is SDL's key code, the character for printable keys.
    case key(Int32)

    static let escapeKey: Int32 = 27

    /// The event in `bytes` (one `SDL_Event`), or nil for one the window ignores.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> WindowEvent? {
        let type = bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)
        switch type {
        case 0x100: // SDL_QUIT
            return .quit
        case 0x200: // SDL_WINDOWEVENT: Uint8 event at 12
            switch bytes.loadUnaligned(fromByteOffset: 12, as: UInt8.self) {
            case 3, 6, 12: return .exposed // EXPOSED, RESIZED, RESTORED (SIZE_CHANGED is 6)
            case 14: return .quit // CLOSE
            default: return nil
            }
        case 0x300: // SDL_KEYDOWN: Uint8 repeat at 13, keysym.sym (Sint32) at 20
            guard bytes.loadUnaligned(fromByteOffset: 13, as: UInt8.self) == 0 else { return nil }
            return .key(bytes.loadUnaligned(fromByteOffset: 20, as: Int32.self))
        case 0x400: // SDL_MOUSEMOTION: Uint32 state at 16 (bit 0: left button), Sint32 x, y at 20, 24
            let x = Double(bytes.loadUnaligned(fromByteOffset: 20, as: Int32.self))
            let y = Double(bytes.loadUnaligned(fromByteOffset: 24, as: Int32.self))
            return bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self) & 1 != 0 ? .drag(x: x, y: y) : .hover(x: x, y: y)
        case 0x401, 0x402: // SDL_MOUSEBUTTONDOWN/UP: Uint8 button at 16 (1: left), Sint32 x, y at 20, 24
            guard bytes.loadUnaligned(fromByteOffset: 16, as: UInt8.self) == 1 else { return nil }
            let x = Double(bytes.loadUnaligned(fromByteOffset: 20, as: Int32.self))
            let y = Double(bytes.loadUnaligned(fromByteOffset: 24, as: Int32.self))
            return type == 0x401 ? .press(x: x, y: y) : .release(x: x, y: y)
        default:
            return nil
        }
    }
}
