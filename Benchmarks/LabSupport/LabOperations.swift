import Lattice
import LatticeTesting

/// The operations of a spec folder the lab measures, picked from its compiled documents as the
/// decision record defines them, so the suite runs on spec/ or on any folder laid out like it
/// (`LATTICE_SPEC`, `scripts/bench.sh --spec DIR`). Only queries with an `ok` response count:
/// the lab loads that response.
public struct LabOperations: Sendable {
    /// The largest `@throwOnFieldError` query by own field count (then by name): the record's
    /// first limit reads its phase. spec/'s is Dashboard.
    public let largestThrowing: String
    /// Every query whose own selection is only spreads, by name: the record's second limit
    /// counts their extra bodies. spec/'s is IssueScreen.
    public let spreadsOnly: [String]
    /// Every query whose verdict walks its own selection (`@throwOnFieldError`, or a
    /// `@required` that can bubble to the root or throws): `largestThrowing` first, then by
    /// own field count (largest first), then by name. PhaseRead reads each one's phase.
    public let verdictWalking: [String]

    /// Picks the operations of `fixtures`.
    /// - Throws: `LabOperationsError` naming the folder when it has no `@throwOnFieldError`
    ///   query or no spreads-only query with an `ok` response: the limits would then judge
    ///   nothing, and a run must fail rather than pass on nothing.
    /// - Complexity: O(artifacts × log artifacts + responses × artifacts).
    public init(_ fixtures: CompiledSpec) throws(LabOperationsError) {
        let answered = Set(fixtures.responses.filter { $0.case == "ok" }.map(\.operation))
        let queries = fixtures.program.artifacts.values
            .filter { $0.kind == .query && answered.contains($0.name) }
            .sorted { ($0.ownFieldCount, $1.name) > ($1.ownFieldCount, $0.name) }
        let folder = fixtures.spec.root.path
        guard let largest = queries.first(where: \.throwsOnFieldError) else {
            throw .noThrowingOperation(folder: folder)
        }
        let spreadsOnly = queries.filter(Self.selectsOnlySpreads).map(\.name).sorted()
        guard !spreadsOnly.isEmpty else { throw .noSpreadsOnlyOperation(folder: folder) }
        largestThrowing = largest.name
        self.spreadsOnly = spreadsOnly
        verdictWalking = [largest.name] + queries.filter { $0.needsVerdictWalk && $0 !== largest }.map(\.name)
    }

    /// The operations BodyReruns commits into: `largestThrowing`, then `spreadsOnly`.
    public var rerunOperations: [String] { [largestThrowing] + spreadsOnly.filter { $0 != largestThrowing } }

    /// Whether `artifact`'s own selection is made only of spreads: at least one, and no field
    /// written in the document (the compiler's additions aside), inside inline fragments included.
    static func selectsOnlySpreads(_ artifact: Artifact) -> Bool {
        var spreads = 0
        func onlySpreads(_ set: ObjectSelection) -> Bool {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if !field.isAdded { return false }
                case .inlineFragment(let inline):
                    if !onlySpreads(inline.selectionSet) { return false }
                case .spread:
                    spreads += 1
                }
            }
            return true
        }
        return onlySpreads(artifact.selectionSet) && spreads > 0
    }
}

/// A spec folder the lab cannot judge; each case names the folder and what it lacks.
public enum LabOperationsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No query with `@throwOnFieldError` and an `ok` response.
    case noThrowingOperation(folder: String)
    /// No query whose own selection is only spreads, with an `ok` response.
    case noSpreadsOnlyOperation(folder: String)

    public var description: String {
        switch self {
        case .noThrowingOperation(let folder):
            "\(folder): no query with @throwOnFieldError and an ok response (responses/<Name>.ok.json): "
                + "the phase-read limit needs the largest one"
        case .noSpreadsOnlyOperation(let folder):
            "\(folder): no query whose own selection is only fragment spreads, with an ok response "
                + "(responses/<Name>.ok.json): the extra-bodies limit needs one"
        }
    }
}
