/// Objects listed without being retained, for walks over every retained handle.
///
/// The environment, each operation root and the stored strategy list handles (or their
/// keepers) here instead of holding them strongly, so a handle the app drops is released;
/// each element removes itself (its `isolated deinit` detaches it) before it goes, which is
/// what makes the unowned references safe. Iteration is over a contiguous array of plain
/// pointers: no weak loads, no retain per element, which is the cost of walking 10,000
/// handles. Each element keeps its position in the list (at `position`), so removal is O(1).
@MainActor
struct UnretainedList<Element: AnyObject> {
    private struct Entry {
        unowned(unsafe) let element: Element
    }

    private var entries: ContiguousArray<Entry> = []
    /// Where an element keeps its position in this list (-1 when in none).
    private let position: ReferenceWritableKeyPath<Element, Int>

    /// An empty list whose elements keep their position at `position`.
    init(position: ReferenceWritableKeyPath<Element, Int>) {
        self.position = position
    }

    /// The number of listed elements. - Complexity: O(1).
    var count: Int { entries.count }

    /// Lists `element`, which must not be in this list. - Complexity: O(1) amortized.
    mutating func append(_ element: Element) {
        element[keyPath: position] = entries.count
        entries.append(Entry(element: element))
    }

    /// Unlists `element` (swapping the last one into its place); does nothing if it is not
    /// listed here. - Complexity: O(1).
    mutating func remove(_ element: Element) {
        let index = element[keyPath: position]
        guard entries.indices.contains(index), entries[index].element === element else { return }
        let last = entries.removeLast()
        if index < entries.count {
            entries[index] = last
            last.element[keyPath: position] = index
        }
        element[keyPath: position] = -1
    }

    /// The element at `index`, in `0..<count`. Walks go index by index (re-reading `count`
    /// at each step) rather than through a closure, so a walk may remove elements without
    /// overlapping accesses to the list. - Complexity: O(1).
    subscript(index: Int) -> Element { entries[index].element }

    /// The elements, retained, in list order. - Complexity: O(elements).
    var elements: [Element] { entries.map(\.element) }
}
