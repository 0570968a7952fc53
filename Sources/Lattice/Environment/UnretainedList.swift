/// An element of an `UnretainedList`: it keeps its own position, so removal is O(1).
@MainActor
protocol ListPositioned: AnyObject {
    /// Where the element is in its list; -1 when in none.
    var listPosition: Int { get set }
}

/// Objects listed without being retained, for walks over every retained handle.
///
/// The environment and the stored strategy list handles here instead of holding them
/// strongly, so a handle the app drops is released; each element removes itself (its
/// `isolated deinit` detaches it) before it goes, which is what makes the unowned
/// references safe. Iteration is over a contiguous array of plain pointers: no weak loads,
/// no retain per element, which is the cost of walking 10,000 handles.
@MainActor
struct UnretainedList<Element: ListPositioned> {
    private struct Entry {
        unowned(unsafe) let element: Element
    }

    private var entries: ContiguousArray<Entry> = []

    /// The number of listed elements. - Complexity: O(1).
    var count: Int { entries.count }

    /// Lists `element`, which must be in no list. - Complexity: O(1) amortized.
    mutating func append(_ element: Element) {
        element.listPosition = entries.count
        entries.append(Entry(element: element))
    }

    /// Unlists `element` (swapping the last one into its place); does nothing if it is not
    /// listed here. - Complexity: O(1).
    mutating func remove(_ element: Element) {
        let position = element.listPosition
        guard entries.indices.contains(position), entries[position].element === element else { return }
        let last = entries.removeLast()
        if position < entries.count {
            entries[position] = last
            last.element.listPosition = position
        }
        element.listPosition = -1
    }

    /// The element at `position`, in `0..<count`. Walks index by index (re-reading `count`
    /// at each step) rather than through a closure, so a walk may remove elements without
    /// overlapping accesses to the list. - Complexity: O(1).
    subscript(position: Int) -> Element { entries[position].element }

    /// The elements, retained, in list order. - Complexity: O(elements).
    var elements: [Element] { entries.map(\.element) }
}
