/// Retains and releases in a callgrind dump: the calls into the Swift runtime's reference
/// counting entry points that came from outside them. Callgrind counts calls exactly, so the
/// instruction pass gives these counts without a pass of its own.
///
/// A variant that forwards to another (`swift_bridgeObjectRetain` calls `swift_retain` for a
/// native object) is one retain: calls from one counted function to another are left out. A
/// `_n` variant is one call, however many it adds. Unowned and weak references are not counted.
enum ReferenceCounting {
    /// The functions a strong retain enters through.
    static let retainFunctions: Set<String> = variants(of: ["swift_retain", "swift_bridgeObjectRetain",
                                                            "swift_unknownObjectRetain"])
        .union(["swift_tryRetain", "swift_unownedRetainStrong"])
    /// The functions a strong release enters through.
    static let releaseFunctions: Set<String> = variants(of: ["swift_release", "swift_bridgeObjectRelease",
                                                             "swift_unknownObjectRelease"])

    /// `name`, `name_n`, and their nonatomic forms (`swift_nonatomic_retain`).
    private static func variants(of names: [String]) -> Set<String> {
        Set(names.flatMap { name in
            let nonatomic = name.replacingOccurrences(of: "swift_", with: "swift_nonatomic_")
            return [name, name + "_n", nonatomic, nonatomic + "_n"]
        })
    }

    /// `retains` and `releases` in `costs`: the calls each family received from functions of
    /// neither family (names as `Metric.retains` and `Metric.releases` give them).
    /// - Complexity: O(callers of the counted functions).
    static func figures(in costs: CallgrindFunctionCosts) -> [String: Double] {
        let counted = retainFunctions.union(releaseFunctions)
        func calls(into family: Set<String>) -> Double {
            family.reduce(0) { sum, callee in
                sum + (costs.calls[callee] ?? [:]).reduce(0) { $0 + (counted.contains($1.key) ? 0 : Double($1.value)) }
            }
        }
        return [Metric.retains.name: calls(into: retainFunctions), Metric.releases.name: calls(into: releaseFunctions)]
    }
}
