/// What an operation's directives make of the data present, from a walk of its own
/// selection (never inside its spreads: those are the fragments' to weigh).
public enum Verdict: Hashable, Sendable {
    /// Nothing fails the read.
    case fine
    /// Field errors in the own selection under `@throwOnFieldError` (outside any `@catch`),
    /// in selection order, each with its response path.
    case fieldErrors([GraphQLError])
    /// A `@required` field read null and its null bubbled to the root (any action), or a
    /// `@required(action: THROW)` field outside any `@catch` read null at any depth. `path`
    /// is the response path of that field.
    case requiredFieldMissing(path: [GraphQLError.PathElement])
    /// Under `@throwOnFieldError`, a field of the own selection was never received (Relay
    /// counts missing data as an error there). `path` is the field's response path.
    case missingData(path: [GraphQLError.PathElement])

    /// The case's name, without what it carries (value-free, for `RuntimeEvent`).
    var name: String {
        switch self {
        case .fine: "fine"
        case .fieldErrors: "fieldErrors"
        case .requiredFieldMissing: "requiredFieldMissing"
        case .missingData: "missingData"
        }
    }

    /// Whether the verdict lets the data be shown.
    public var isFine: Bool { self == .fine }

    /// Walks `operation`'s own selection from `root` and answers its verdict; `tracking`
    /// chooses tracked, untracked or recording reads. Operations whose static checks say
    /// nothing can fail (`needsVerdictWalk` false) answer `.fine` without reading.
    /// - Complexity: O(fields of the own selection read), no allocation on the happy path
    ///   (paths are built only when unwinding a failure); stops at the first required miss
    ///   or missing field.
    @MainActor
    public static func evaluate<Tracking: ReadTracking>(
        _ operation: BoundArtifact, root: Record, tracking: inout Tracking
    ) -> Verdict {
        let artifact = operation.artifact
        guard artifact.needsVerdictWalk else { return .fine }
        var walk = VerdictWalk(tracking: tracking, collectsErrors: artifact.throwsOnFieldError,
                                 bubblesOnly: false, logger: nil)
        let outcome = walk.walk(artifact.selectionSet, on: root, bound: operation)
        tracking = walk.tracking
        switch outcome {
        case .complete:
            return walk.errors.isEmpty ? .fine : .fieldErrors(walk.errors)
        case .bubbled:
            return .requiredFieldMissing(path: walk.path.reversed())
        case .stopped(let reason):
            switch reason {
            case .requiredThrow: return .requiredFieldMissing(path: walk.path.reversed())
            case .missing: return .missingData(path: walk.path.reversed())
            }
        }
    }
}
