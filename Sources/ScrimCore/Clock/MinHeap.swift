/// Something a `MinHeap` orders: earliest `dueTime` first, ties by `sequence` (the order they were made).
protocol HeapOrdered: AnyObject {
    var dueTime: Seconds { get }
    var sequence: Int { get }
}

/// A binary min-heap of objects by (dueTime, sequence): O(1) to look at the next one, O(log n) to add or take.
struct MinHeap<Element: HeapOrdered> {
    private(set) var elements: [Element] = []

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }
    var first: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard MinHeap.precedes(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    @discardableResult
    mutating func removeFirst() -> Element? {
        guard !elements.isEmpty else { return nil }
        let top = elements[0]
        let last = elements.removeLast()
        if !elements.isEmpty {
            elements[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < elements.count, MinHeap.precedes(elements[left], elements[smallest]) { smallest = left }
                if right < elements.count, MinHeap.precedes(elements[right], elements[smallest]) { smallest = right }
                if smallest == parent { break }
                elements.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return top
    }

    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
    }

    private static func precedes(_ a: Element, _ b: Element) -> Bool {
        a.dueTime < b.dueTime || (a.dueTime == b.dueTime && a.sequence < b.sequence)
    }
}
