/// What a handle shows: still loading, ready with its data's lens, or failed.
///
/// Ready while data is present unless the verdict fails it (a field error in the own
/// selection under `@throwOnFieldError`, an error of the last response that no field holds,
/// a `@required` null that reached the root); failed by a fetch only when there is no data to
/// show. A fetch's state behind data is `OperationHandle.fetch`, never the phase.
public enum Phase {
    /// No data to show yet, and no failure: a fetch is in flight (or about to be).
    case loading
    /// The data, through the operation's root lens.
    case ready(Lens)
    /// Why there is nothing to show.
    case failed(Failure)

    /// `loading`, `ready` or `failed`: the case, for logs and tests.
    public var name: String {
        switch self {
        case .loading: "loading"
        case .ready: "ready"
        case .failed: "failed"
        }
    }

    /// The failure, when failed.
    public var failure: Failure? {
        switch self {
        case .failed(let failure): failure
        case .loading, .ready: nil
        }
    }

    /// The lens, when ready.
    public var lens: Lens? {
        switch self {
        case .ready(let lens): lens
        case .loading, .failed: nil
        }
    }
}

extension Phase: Equatable {
    /// Whether two phases show the same thing: the same case, the same failure, or lenses on
    /// the same record with the same selection and variables (`Lens.==`: identity, not the
    /// values read, which the lens reads when asked). The stored strategy writes its phase
    /// only when this says it changed.
    /// - Complexity: O(1), O(errors) for failures that carry errors.
    public static func == (lhs: Phase, rhs: Phase) -> Bool {
        switch (lhs, rhs) {
        case (.loading, .loading):
            true
        case let (.ready(lhs), .ready(rhs)):
            lhs == rhs
        case let (.failed(lhs), .failed(rhs)):
            lhs == rhs
        case (.loading, _), (.ready, _), (.failed, _):
            false
        }
    }
}

extension Verdict {
    /// What the verdict, with the errors the last response left unplaced, makes a read of
    /// `operation` fail with; `nil` when the data may be shown. `unplaced` is asked only
    /// when it can matter (under `@throwOnFieldError`, with no other failure first), so a
    /// tracked reader depends on it only then.
    /// - Complexity: O(errors).
    func failure(of operation: Artifact, unplaced: () -> [GraphQLError]) -> Failure? {
        switch self {
        case .fine:
            guard operation.throwsOnFieldError else { return nil }
            let errors = unplaced()
            return errors.isEmpty ? nil : .fieldErrors(errors, operation: operation.name)
        case .fieldErrors(let errors):
            return .fieldErrors(errors + unplaced(), operation: operation.name)
        case .requiredFieldMissing(let path):
            return .requiredFieldMissing(path: path, operation: operation.name)
        case .missingData(let path):
            return .fieldErrors([GraphQLError(message: "the store has no value for this field", path: path)],
                                operation: operation.name)
        }
    }
}
