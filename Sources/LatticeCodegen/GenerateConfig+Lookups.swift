import Lattice

extension GenerateConfig {
    /// The lookups, checked against `schema`, the schema the program is compiled against
    /// (keyed as `identity` says: a lookup's key arguments are its records' key fields).
    /// - Throws: `GenerateConfigError.lookups` with every problem, each where its lookup is
    ///   written. - Complexity: as `Lookups(_:schema:)`.
    public func checkedLookups(schema: Schema) throws(GenerateConfigError) -> Lookups {
        do {
            return try Lookups(lookups, schema: schema)
        } catch {
            throw .lookups(error.problems.map { problem in
                lookupLocations[problem.lookup].map { "\($0): \(problem)" } ?? "\(problem)"
            })
        }
    }

    /// `LINE:COLUMN` (1-based, the column in characters) of the first `needle` in `text`;
    /// `1:1` when it is not there (a coordinate written with escapes).
    /// - Complexity: O(length of the text).
    static func position(of needle: String, in text: String) -> String {
        guard let found = text.range(of: needle) else { return "1:1" }
        let before = text[..<found.lowerBound]
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.distance(from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex,
                                     to: before.endIndex) + 1
        return "\(line):\(column)"
    }
}
