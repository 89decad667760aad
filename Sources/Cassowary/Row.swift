/// One tableau row, `constant + Σ coefficient · symbol`, kept as cells sorted by symbol.
///
/// A solved row reads `basic = constant + Σ …`; before it is solved it reads `0 = constant + Σ …`.
/// Cells live in one flat sorted array: a lookup is a search from the end (new symbols are the
/// ones edited most), and adding a long row into another is one merge, with no per-cell allocation.
struct Row {
    /// One nonzero coefficient of a row.
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }

    private(set) var cells: [Cell] = [] {
        didSet { refreshBounds() }
    }
    var constant: Double
    /// The smallest and largest symbol in the row, kept inline so that scans over every row
    /// (substitutions, ratio tests) skip rows that cannot hold a symbol without touching their cells.
    private(set) var lowest = Int.max, highest = Int.min

    init(constant: Double = 0) { self.constant = constant }

    /// Whether `value` counts as zero: below 1e-8, as in kiwi, so round-off does not grow rows.
    @inline(__always) static func nearZero(_ value: Double) -> Bool {
        value < 1.0e-8 && value > -1.0e-8
    }

    /// Whether `symbol` may be in the row (false means it is not).
    @inline(__always) func mayContain(_ symbol: Symbol) -> Bool {
        symbol.raw >= lowest && symbol.raw <= highest
    }

    @inline(__always) private mutating func refreshBounds() {
        lowest = cells.first?.symbol.raw ?? Int.max
        highest = cells.last?.symbol.raw ?? Int.min
    }

    var isConstant: Bool { cells.isEmpty }

    /// Makes room for `count` cells, so that a row built up term by term is allocated once.
    mutating func reserveCapacity(_ count: Int) {
        cells.reserveCapacity(count)
    }

    /// `constant + k · other`, with room for `capacity` cells: a new constraint's row starts from its first basic
    /// row so, allocated once for every cell it will get.
    init(constant: Double, adding other: Row, times k: Double, capacity: Int) {
        self.constant = constant + other.constant * k
        cells = Row.scaledCells(of: other, times: k, capacity: max(capacity, other.cells.count))
        refreshBounds()
    }

    /// `k ·` the cells of `other`, without those that come to zero, in an array with room for `capacity`.
    private static func scaledCells(of other: Row, times k: Double, capacity: Int) -> [Cell] {
        other.cells.withUnsafeBufferPointer { b in
            [Cell](unsafeUninitializedCapacity: capacity) { out, count in
                var o = 0
                for cell in b {
                    let c = cell.coefficient * k
                    if !Row.nearZero(c) { out.initializeElement(at: o, to: Cell(symbol: cell.symbol, coefficient: c)); o &+= 1 }
                }
                count = o
            }
        }
    }

    /// Index of the first cell whose symbol is not below `symbol`.
    @inline(__always) private func lowerBound(_ symbol: Symbol) -> Int {
        cells.withUnsafeBufferPointer { buffer in
            var low = 0, high = buffer.count
            let key = symbol.raw
            while low < high {
                let mid = (low &+ high) >> 1
                if buffer[mid].symbol.raw < key { low = mid &+ 1 } else { high = mid }
            }
            return low
        }
    }

    /// Index of the cell for `symbol`, or nil.
    @inline(__always) private func index(of symbol: Symbol) -> Int? {
        let i = lowerBound(symbol)
        return cells.withUnsafeBufferPointer { buffer in
            i < buffer.count && buffer[i].symbol.raw == symbol.raw ? i : nil
        }
    }

    /// The coefficient of `symbol`, zero when absent.
    ///
    /// Searches from the end, galloping: the symbols looked up most often — edit and constraint
    /// markers of recent additions — are the newest, so they sit at the end of long rows.
    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(symbol) else { return 0 }
        return cells.withUnsafeBufferPointer { buffer in
            let key = symbol.raw
            var high = buffer.count - 1
            var step = 1
            // Gallop left until buffer[high - step] < key.
            var low = high
            while true {
                let probe = high - step
                if probe < 0 { low = 0; break }
                if buffer[probe].symbol.raw < key { low = probe + 1; break }
                high = probe
                step &<<= 1
            }
            // key is in buffer[low ... high] if anywhere (buffer[high].raw >= key).
            while low < high {
                let mid = (low &+ high) >> 1
                if buffer[mid].symbol.raw < key { low = mid &+ 1 } else { high = mid }
            }
            return buffer[low].symbol.raw == key ? buffer[low].coefficient : 0
        }
    }

    /// Adds `value` to the constant and returns the new constant.
    @discardableResult
    mutating func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient · symbol`, dropping the cell if it cancels to zero.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let i = lowerBound(symbol)
        if i < cells.count && cells[i].symbol == symbol {
            let sum = cells[i].coefficient + coefficient
            if Row.nearZero(sum) { cells.remove(at: i) } else { cells[i].coefficient = sum }
        } else if !Row.nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: i)
        }
    }

    /// Adds `coefficient · other` (constant and cells), dropping cells that cancel to zero.
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        addCells(of: other, times: coefficient, skipping: -1)
    }

    /// Removes the cell for `symbol`, if any.
    mutating func remove(_ symbol: Symbol) {
        if mayContain(symbol), let i = index(of: symbol) { cells.remove(at: i) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        cells.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { buffer[i].coefficient = -buffer[i].coefficient }
        }
    }

    /// Turns `0 = … + a · symbol + …` into `symbol = …/(-a)`; `symbol` must be in the row.
    mutating func solve(for symbol: Symbol) {
        guard let i = index(of: symbol) else { preconditionFailure("solve(for:) on a symbol not in the row") }
        let factor = -1.0 / cells[i].coefficient
        cells.remove(at: i)
        constant *= factor
        cells.withUnsafeMutableBufferPointer { buffer in
            for j in buffer.indices { buffer[j].coefficient *= factor }
        }
    }

    /// Turns `lhs = … + a · rhs + …` into `rhs = …`; `lhs` must not be in the row, `rhs` must.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the right-hand side of `row`; returns whether the symbol was present.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        guard mayContain(symbol), let i = index(of: symbol) else { return false }
        let coefficient = cells[i].coefficient
        constant += row.constant * coefficient
        addCells(of: row, times: coefficient, skipping: i)
        return true
    }

    /// Adds `k · other.cells`, removing the cell at `skip` (if ≥ 0) in the same pass.
    ///
    /// A short row goes in cell by cell (a binary search and a shift each, like kiwi's sorted
    /// vector); a long one is merged into a fresh array in one pass.
    private mutating func addCells(of other: Row, times k: Double, skipping skip: Int) {
        let n = other.cells.count
        if cells.isEmpty {
            // Into an empty row: a copy, shared when unscaled.
            cells = k == 1 ? other.cells : Row.scaledCells(of: other, times: k, capacity: n)
            return
        }
        if n <= 8 || n &* 32 < cells.count {
            if skip >= 0 { cells.remove(at: skip) }
            other.cells.withUnsafeBufferPointer { incoming in
                for cell in incoming { insert(cell.symbol, cell.coefficient * k) }
            }
            return
        }
        // Into an array as roomy as the row's was: a new constraint's row keeps the room it was made with.
        let room = max(cells.capacity, cells.count + n)
        let merged = cells.withUnsafeBufferPointer { a in
            other.cells.withUnsafeBufferPointer { b in
                [Cell](unsafeUninitializedCapacity: room) { out, count in
                    var i = 0, j = 0, o = 0
                    let base = out.baseAddress!
                    while i < a.count && j < b.count {
                        if i == skip { i &+= 1; continue }
                        let sa = a[i].symbol.raw, sb = b[j].symbol.raw
                        if sa < sb {
                            (base + o).initialize(to: a[i]); o &+= 1; i &+= 1
                        } else if sb < sa {
                            let c = b[j].coefficient * k
                            if !Row.nearZero(c) { (base + o).initialize(to: Cell(symbol: b[j].symbol, coefficient: c)); o &+= 1 }
                            j &+= 1
                        } else {
                            let c = a[i].coefficient + b[j].coefficient * k
                            if !Row.nearZero(c) { (base + o).initialize(to: Cell(symbol: a[i].symbol, coefficient: c)); o &+= 1 }
                            i &+= 1; j &+= 1
                        }
                    }
                    while i < a.count {
                        if i != skip { (base + o).initialize(to: a[i]); o &+= 1 }
                        i &+= 1
                    }
                    while j < b.count {
                        let c = b[j].coefficient * k
                        if !Row.nearZero(c) { (base + o).initialize(to: Cell(symbol: b[j].symbol, coefficient: c)); o &+= 1 }
                        j &+= 1
                    }
                    count = o
                }
            }
        }
        cells = merged
    }
}
