/// Answers that come in parts (`@defer`, `@stream`): the first payload answers the request
/// as a whole response does (the handles get their data, the phase is ready with it); each
/// later one is merged into the response so far (`IncrementalResponse`) and the whole is
/// committed again, so only what the part changed notifies; where each part stands goes to
/// the handles (`OperationHandle.parts`).
extension Environment {
    /// Sends `request`'s task: reads `events` to their end, committing each payload.
    func receiveInParts(_ request: InFlightRequest, of root: OperationRoot,
                        from events: AsyncStream<IncrementalEvent>, sentIn era: Int) {
        root.receivingParts?.task?.cancel()
        root.receivingParts = nil
        request.task = Task { [weak self] in
            var parts: IncrementalResponse?
            for await event in events {
                guard let self, self.take(event, into: &parts, answering: request, of: root, sentIn: era) else { return }
            }
            guard let self, var ended = parts, ended.hasNext else { return }
            ended.end(by: .transport(.connectionLost, underlying: "the answer ended before its last payload"))
            self.partsChanged(ended, of: root, answering: request)
        }
    }

    /// Takes one event. - Returns: whether to read on.
    private func take(_ event: IncrementalEvent, into parts: inout IncrementalResponse?,
                      answering request: InFlightRequest, of root: OperationRoot, sentIn era: Int) -> Bool {
        guard var current = parts else {
            // The first event answers the request, a failure as a whole answer's would.
            let first: IncrementalResponse
            do throws(Failure) {
                guard case .payload(let payload) = event else {
                    if case .failed(let failure) = event { throw failure }
                    return false
                }
                first = try IncrementalResponse(payload)
            } catch {
                answer(request, of: root, with: .failure(error), sentIn: era)
                return false
            }
            answer(request, of: root, with: .success(first.response), sentIn: era)
            guard era == self.era else { return false }
            root.receivingParts = request
            parts = first
            partsChanged(first, of: root, answering: request)
            return first.hasNext
        }
        guard root.receivingParts === request else { return false }
        switch event {
        case .payload(let payload):
            let before = current
            do throws(Failure) {
                try current.apply(payload)
            } catch {
                // A part that fits nothing: every part still pending fails with the reason.
                current.end(by: error)
                break
            }
            do throws(Failure) {
                try commit(current.response, bound: root.bound, key: root.key, sentIn: era)
            } catch {
                // The store refuses the merged response and keeps what it had: the parts the
                // payload brought fail with its reason, not `arrived`, and so do those pending.
                current = before
                current.refuse(payload, because: error)
            }
        case .failed(let failure):
            current.end(by: failure)
        }
        parts = current
        partsChanged(current, of: root, answering: request)
        return current.hasNext
    }

    /// Gives each handle of `root` the parts' states, and lets go of the request when no part
    /// is pending.
    private func partsChanged(_ parts: IncrementalResponse, of root: OperationRoot, answering request: InFlightRequest) {
        var index = 0
        while index < root.handles.count {
            root.handles[index].partsDidChange(parts.parts)
            index += 1
        }
        if !parts.hasNext, root.receivingParts === request { root.receivingParts = nil }
    }
}
