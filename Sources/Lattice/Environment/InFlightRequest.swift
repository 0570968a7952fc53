/// The one request of an operation with its variables on its way to the server, shared by
/// every handle of that operation and variables that starts a fetch while it is in flight
/// (as Relay's `fetchQueryDeduped` shares identical requests): one request is sent, and its
/// answer is committed once, for all of them.
///
/// The handles waiting are listed unretained: each one leaves when it starts another fetch,
/// detaches or is released, and the last one leaving cancels the request
/// (`Environment.leave(_:_:)`).
@MainActor
final class InFlightRequest {
    /// The handles waiting for the answer.
    var waiting = UnretainedList<OperationHandle>(position: \.requestPosition)
    /// The transport's call and the answer's commit; set once, when the request is sent.
    var task: Task<Void, Never>?

    /// Returns once the answer is committed (or its failure given to the handles waiting),
    /// or the request was cancelled.
    func completion() async {
        await task?.value
    }
}
