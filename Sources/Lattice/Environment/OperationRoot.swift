import Foundation
import Observation

/// An operation with its variables, as a key: the name and the variables with defaults
/// applied.
struct OperationKey: Hashable, Sendable {
    let name: String
    let variables: [String: JSONValue]

    /// Its key in the store's image (`ImageStamp.key`): the name, a space, the variables as
    /// canonical JSON. - Complexity: O(size of the variables).
    var imageKey: String { name + " " + JSONValue.object(variables).jsonText }
}

/// One retained operation with its variables: what every handle of it shares (the facts of
/// each are listed here, so a commit of its response reaches them in one walk). The
/// environment makes one on the first attach and releases it (and its store retention)
/// when the last handle detaches, so garbage collection can then drop its records.
///
/// Observable for its write stamp only: a tracked availability read depends on it, and the
/// environment notifies it when a response writes the operation or it is invalidated.
@MainActor
final class OperationRoot: Observable {
    let key: OperationKey
    /// The operation bound to its variables, once, with `parts`.
    let bound: BoundArtifact
    /// Where the parts of the operation's last answer in parts stand, which its lenses read.
    let parts: PartStates
    /// The root record the operation reads from (`client:root`).
    let record: Record
    /// The request a fetch sends.
    let request: GraphQLRequest
    /// The store's retention of the operation's records.
    let retention: Retention
    /// The facts of the handles attached to it.
    var facts = UnretainedList<HandleFacts>(position: \.rootPosition)
    private let registrar = ObservationRegistrar()

    init(key: OperationKey, bound: BoundArtifact, parts: PartStates, record: Record, request: GraphQLRequest,
         retention: Retention) {
        self.key = key
        self.bound = bound
        self.parts = parts
        self.record = record
        self.request = request
        self.retention = retention
    }

    /// The operation's artifact.
    var artifact: Artifact { bound.artifact }

    /// The lens `ready` carries: the operation's own selection on its root record.
    /// - Complexity: O(1), no allocation.
    var lens: Lens { Lens(bound, record: record) }

    /// Makes the reading body depend on the operation's write stamp. - Complexity: O(1).
    func accessWriteStamp() {
        registrar.access(self, keyPath: \.writeStampToken)
    }

    /// The operation's write stamp changed (written by a response, or invalidated): notifies
    /// the bodies that read its availability. - Complexity: O(1) plus the notifications.
    func writeStampDidChange() {
        registrar.willSet(self, keyPath: \.writeStampToken)
        registrar.didSet(self, keyPath: \.writeStampToken)
    }

    /// A response of the operation with its variables was committed: the facts of each
    /// handle following `answering` (the request that brought it) get its data, its
    /// `unplacedErrors` and an idle fetch, the others its data (unless `networkOnly`);
    /// nothing settles yet. Those whose facts changed are appended to `changed`.
    /// - Complexity: O(handles attached).
    func responseWasCommitted(unplacedErrors: [GraphQLError], answering: SharedRequest?,
                              changed: inout [HandleFacts]) {
        var index = 0
        while index < facts.count {
            let handle = facts[index]
            let didChange: Bool
            if let answering, handle.request === answering {
                didChange = handle.answerWasCommitted(unplacedErrors: unplacedErrors)
            } else {
                didChange = handle.dataWasWritten()
            }
            if didChange { changed.append(handle) }
            index += 1
        }
    }

    /// The store was emptied at `date`: every handle's facts read no data and a cancelled
    /// fetch (`HandleFacts.dataWasRemoved(at:)`); nothing settles yet. Those whose facts
    /// changed are appended to `changed`. - Complexity: O(handles attached).
    func dataWasRemoved(at date: Date, changed: inout [HandleFacts]) {
        var index = 0
        while index < facts.count {
            if facts[index].dataWasRemoved(at: date) { changed.append(facts[index]) }
            index += 1
        }
    }

    /// Observation token of the write stamp (never applied).
    nonisolated var writeStampToken: Int { 0 }
}
