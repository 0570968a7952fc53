/// Where a callgrind dump's allocations were asked for: each call into `malloc` and its kin
/// credited to the function that led to it, past the Swift runtime's entry points
/// (`swift_allocObject` → `swift_slowAlloc` → `malloc` is a site in the caller of
/// `swift_allocObject`). Callgrind keeps one caller per call, not whole stacks: a forwarding
/// function's allocations are shared among its callers by their calls into it, which is exact
/// for the runtime's entry points (each allocates once a call) and a share otherwise (SQLite's
/// allocator serves some requests from its own pool).
enum AllocationSites {
    /// The allocator's entry points.
    static let allocatorFunctions: Set<String> = ["malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc",
                                                  "memalign", "valloc"]
    /// The sites kept per benchmark, most allocations first.
    static let kept = 5
    /// How far up a chain of forwarding functions a call is followed.
    private static let deepest = 8

    /// Whether `function` passes a request on rather than being a site: the Swift runtime's C
    /// entry points, C++'s `operator new`, code without a symbol (a library's own allocator,
    /// SQLite's among them), the standard library's underscored internals (an array's growth,
    /// `_ContiguousArrayBuffer._consumeAndCreateNew`, allocates once a call for its caller), and
    /// any function whose name says it allocates (`sqlite3DbMallocRawNN`), so that the site is
    /// the code that wanted the memory.
    static func forwards(_ function: String) -> Bool {
        function.hasPrefix("swift_") || function.hasPrefix("operator new") || function.hasPrefix("(no symbol)")
            || function.hasPrefix("_") || function.hasPrefix("static _") || allocates(function)
    }

    /// Whether `function`'s name says it allocates.
    private static func allocates(_ function: String) -> Bool {
        function.lowercased().contains("alloc")
    }

    /// Allocations by site in `costs`.
    /// - Complexity: O(allocating call edges · forwarding depth).
    static func figures(in costs: CallgrindFunctionCosts) -> [String: Double] {
        var sites: [String: Double] = [:]
        func credit(_ function: String, _ count: Double, depth: Int) {
            var callers = costs.calls[function] ?? [:]
            // An object's code without symbols is one function, its allocator and the rest alike:
            // its callers that allocate are the ones that reached the allocator through it.
            let allocating = callers.filter { allocates($0.key) }
            if function.hasPrefix("(no symbol)"), !allocating.isEmpty { callers = allocating }
            let total = Double(callers.values.reduce(0, +))
            guard forwards(function), depth < deepest, total > 0 else {
                sites[function, default: 0] += count
                return
            }
            for (caller, calls) in callers { credit(caller, count * Double(calls) / total, depth: depth + 1) }
        }
        for allocator in allocatorFunctions {
            for (caller, calls) in costs.calls[allocator] ?? [:] where !allocatorFunctions.contains(caller) {
                credit(caller, Double(calls), depth: 0)
            }
        }
        return sites
    }

    /// The `kept` sites with the most allocations per operation, then by name.
    /// - Complexity: O(s log s).
    static func largest(_ perOperation: [String: Double]) -> [AllocationSite] {
        perOperation.filter { $0.value > 0 }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            .prefix(kept)
            .map { AllocationSite(function: $0.key, allocations: $0.value) }
    }
}
