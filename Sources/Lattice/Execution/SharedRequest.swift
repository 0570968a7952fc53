/// One request of an operation with its variables on its way to the server, shared by every
/// handle of that operation and variables that starts a fetch while it is in flight (as
/// Relay's `fetchQueryDeduped` shares identical requests): one request is sent, and its
/// answer is committed once, for all of them. The request executor makes it, keeps it in its
/// registry under the operation's key while it is in flight (for an answer in parts, until its
/// last payload: a handle that comes after the first joins the answer so far), and ends it.
///
/// Its followers (the facts of the handles waiting for the answer, or its first payload) are
/// listed unretained: each one leaves when its handle starts another fetch, detaches or is
/// released, and the last one leaving cancels the request (`RequestExecutor.leave(_:)`). After
/// the first payload of an answer in parts, the request is the operation's: it is cancelled
/// when the operation's last handle goes (`RequestExecutor.rootWasReleased(_:)`).
@MainActor
final class SharedRequest {
    /// The operation with its variables it asks for.
    let root: OperationRoot
    /// The environment's era when it was sent: an answer to a request sent before the store
    /// was last emptied is dropped.
    let era: Int
    /// The facts of the handles waiting for the answer.
    var followers = UnretainedList<HandleFacts>(position: \.requestPosition)
    /// The transport's call and the answer's commit; set once, when the request is sent.
    var task: Task<Void, Never>?
    /// An answer in parts so far, from its first payload on (`nil` before it, and for an
    /// answer in one piece): a handle that joins the request then has its answer at once.
    var parts: IncrementalResponse?
    /// The unplaced errors of the answer's first payload, for the handles that join it later.
    var unplacedErrors: [GraphQLError] = []
    /// Its number in the environment's event log (`EventLog.requestSent`); 0 without one.
    var logNumber = 0
    /// The payloads of its answer so far, the first one included, counted for the event
    /// log only.
    var payloadsAnswered = 1

    init(root: OperationRoot, era: Int) {
        self.root = root
        self.era = era
    }

    /// Returns once the answer is committed (or its failure given to the followers), its last
    /// part taken, or the request cancelled.
    func completion() async {
        await task?.value
    }
}
