/// A family of the Swift runtime's, the C library's or the allocator's functions that a reader
/// takes as one cost: where a benchmark's instructions go reads "reference counting 33 %"
/// rather than `swift_retain` and `swift_release` and the slow path of a decrement apart. Code
/// of the benchmark's own (Lattice's, the standard library's collections) is no family and is
/// named by its function.
public enum RuntimeFamily: String, CaseIterable, Sendable {
    /// Retains, releases, uniqueness checks and the release that ends in a deinit.
    case referenceCounting = "reference counting"
    /// `malloc`, `free` and the runtime's object allocation around them.
    case allocation = "allocation"
    /// `Hasher` and the `hash(into:)` witnesses feeding it.
    case hashing = "hashing"
    /// The C library's bulk copies and fills.
    case memoryCopies = "memory copies"
    /// The standard library's comparison of two strings.
    case stringComparison = "string comparison"
    /// The runtime's dynamic exclusivity checks (`swift_beginAccess`).
    case exclusivityChecks = "exclusivity checks"
    /// The runtime's lookups of a generic type's metadata in its caches (a generic function
    /// not specialized at the call).
    case metadataLookups = "generic metadata lookups"

    /// The family of the function named `name` (`FunctionCost.name`), if it belongs to one.
    /// - Complexity: O(rules · name length).
    public init?(function name: String) {
        guard let family = Self.allCases.first(where: { family in
            family.prefixes.contains { name.hasPrefix($0) } || family.infixes.contains { name.contains($0) }
        }) else { return nil }
        self = family
    }

    /// Names starting with one of these belong to the family.
    private var prefixes: [String] {
        switch self {
        case .referenceCounting:
            ["swift_retain", "swift_release", "swift_nonatomic_retain", "swift_nonatomic_release",
             "swift_bridgeObjectRetain", "swift_bridgeObjectRelease", "swift_unknownObjectRetain",
             "swift_unknownObjectRelease", "swift_isUniquelyReferenced", "_swift_release_dealloc"]
        case .allocation:
            ["malloc", "free", "calloc", "realloc", "posix_memalign", "swift_allocObject", "swift_deallocObject",
             "swift_deallocClassInstance", "swift_deallocPartialClassInstance", "swift_slowAlloc", "swift_slowDealloc",
             "swift_allocBox", "swift_deallocBox", "(no symbol) in libjemalloc"]
        case .hashing:
            ["Hasher.", "static Hasher."]
        case .memoryCopies:
            ["__memcpy", "__memmove", "__memset", "memcpy", "memmove", "memset"]
        case .stringComparison:
            ["_stringCompare"]
        case .exclusivityChecks:
            ["swift_beginAccess", "swift_endAccess", "swift::runtime::AccessSet"]
        case .metadataLookups:
            ["swift_getGenericMetadata", "_swift_getGenericMetadata", "getCache(swift::TargetTypeContextDescriptor"]
        }
    }

    /// Names containing one of these belong to the family.
    private var infixes: [String] {
        switch self {
        case .referenceCounting: ["swift::RefCounts<"]
        case .hashing: [".hash(into:)", "_rawHashValue(seed:)"]
        case .metadataLookups:
            ["swift::GenericCacheEntry", "swift::MetadataCacheKey", "swift::MetadataWaitQueue", "swift::MetadataCacheEntryBase"]
        case .allocation, .memoryCopies, .stringComparison, .exclusivityChecks: []
        }
    }
}
