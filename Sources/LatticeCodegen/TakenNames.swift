/// The names taken in one scope of generated code (a file's top level, a type's nested types,
/// its members), which a new name there must not repeat: the scope's own, and those of the
/// scope it sits in, which are shared with it and never copied into it.
///
/// Shared, not copied: every nested type of every definition avoids every top-level name, and
/// copying those into each nested scope (and lowering the case of all of them again for each
/// top-level name claimed) made `lattice generate` quadratic in the document: with the
/// compiler's own copying (Compiler.swift), 8,000 operations took 7.3 s of CPU and 2,000 took
/// 0.7; 1.6 s and 0.5 since (issue 36).
struct TakenNames {
    /// The names of the enclosing scope: one storage for every scope made inside it.
    let outer: Set<String>
    /// The names this scope was given or has claimed.
    private(set) var own: Set<String>
    /// With case-blind comparison (file names, which a case-insensitive file system would
    /// merge), the lower-cased `own`, kept beside it as names are claimed.
    private var caseBlindKeys: Set<String>?

    /// A scope of its own holding `names`, comparing them case-blind when `caseBlind`.
    /// - Complexity: O(names) (lower-casing them once, when case-blind).
    init(_ names: Set<String> = [], caseBlind: Bool = false) {
        outer = []
        own = names
        caseBlindKeys = caseBlind ? Set(names.map { $0.lowercased() }) : nil
    }

    /// A scope inside `enclosing`, a scope of its own: it avoids every name `enclosing` holds
    /// (compared as they are, whatever `enclosing` compares), and `names` of its own.
    /// - Complexity: O(names); `enclosing`'s are shared, not copied.
    init(inside enclosing: TakenNames, _ names: Set<String> = []) {
        precondition(enclosing.outer.isEmpty, "TakenNames(inside:): Expected a scope of its own to enclose this one")
        outer = enclosing.own
        own = names
        caseBlindKeys = nil
    }

    /// Whether `name` is taken here. - Complexity: O(1) hash lookups.
    func contains(_ name: String) -> Bool {
        if let caseBlindKeys { return caseBlindKeys.contains(name.lowercased()) }
        return own.contains(name) || outer.contains(name)
    }

    /// `candidate`, or with `_` appended until it is not taken here; then taken.
    /// - Complexity: O(1) hash lookups for each `_` appended.
    mutating func claim(_ candidate: String) -> String {
        var name = candidate
        while contains(name) { name += "_" }
        own.insert(name)
        caseBlindKeys?.insert(name.lowercased())
        return name
    }
}
