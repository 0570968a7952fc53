/// Answers that come in parts (`@defer`, `@stream`): the first payload answers the request
/// as a whole response does (its followers get their data, the phase is ready with it); each
/// later one is merged into the response so far (`IncrementalResponse`) and only where it
/// landed is committed (`IncrementalResponse.Landing`), so a part costs what it brings and
/// only what it changed notifies; a payload that brings no data (only `completed`, a
/// keep-alive) commits nothing. Where each part stands goes to the facts of the root's
/// handles (`OperationHandle.parts`).
extension RequestExecutor {
    /// Sends `request`'s task: reads `events` to their end, committing each payload. The
    /// request stays in flight, shared, until its last payload; a request cancelled meanwhile
    /// (its handles gone, the store emptied) stops without saying its connection dropped.
    func receiveInParts(_ request: SharedRequest, from events: AsyncStream<IncrementalEvent>) {
        request.task = Task { [weak self] in
            for await event in events {
                guard let self, self.take(event, answering: request) else { return }
            }
            guard let self, self.inFlight[request.root.key] === request else { return }
            // Still the request in flight, yet the events ended before the last payload.
            let failure: Failure = Task.isCancelled
                ? .cancelled
                : .transport(.connectionLost, underlying: request.parts == nil
                    ? "the answer ended before its first payload" : "the answer ended before its last payload")
            guard request.parts != nil else {
                self.answer(request, with: .failure(failure))
                return
            }
            self.inFlight[request.root.key] = nil
            self.endParts(of: request, by: failure)
        }
    }

    /// Ends the answer in parts of `request`, no longer in flight, early: every part still
    /// pending fails with `failure`, and what arrived stays. - Complexity: O(parts + handles).
    func endParts(of request: SharedRequest, by failure: Failure) {
        guard var parts = request.parts, parts.hasNext else { return }
        parts.end(by: failure)
        partsChanged(parts, answering: request)
    }

    /// Takes one event. - Returns: whether to read on.
    private func take(_ event: IncrementalEvent, answering request: SharedRequest) -> Bool {
        let root = request.root
        guard var current = request.parts else {
            // The first event answers the request, a failure as a whole answer's would.
            let first: IncrementalResponse
            do throws(Failure) {
                guard case .payload(let payload) = event else {
                    if case .failed(let failure) = event { throw failure }
                    return false
                }
                first = try IncrementalResponse(payload)
            } catch {
                answer(request, with: .failure(error))
                return false
            }
            // Kept only when committed while still in flight (no handle left it meanwhile).
            guard answer(request, with: .success(first.response), continuing: first.hasNext) else { return false }
            partsChanged(first, answering: request)
            return first.hasNext
        }
        guard inFlight[root.key] === request else { return false }
        switch event {
        case .payload(let payload):
            if let eventLog {
                request.payloadsAnswered += 1
                eventLog.requestAnswered(request.logNumber, root.key.name, payload: request.payloadsAnswered)
            }
            let before = current
            let landing: IncrementalResponse.Landing
            do throws(Failure) {
                landing = try current.apply(payload)
            } catch {
                // A part that fits nothing: every part still pending fails with the reason.
                current.end(by: error)
                break
            }
            guard !landing.isEmpty else { break }
            do throws(Failure) {
                guard let environment else { throw .cancelled }
                try environment.commit(current.response, bound: root.bound, key: root.key, sentIn: request.era,
                                       landing: landing)
            } catch {
                // The store refuses what the payload brought and keeps what it had: the parts
                // the payload brought fail with its reason, not `arrived`, and so do those pending.
                current = before
                current.refuse(payload, because: error)
            }
        case .failed(let failure):
            eventLog?.requestAnswered(request.logNumber, root.key.name, payload: 0, failure: failure)
            current.end(by: failure)
        }
        partsChanged(current, answering: request)
        return current.hasNext
    }

    /// Keeps `parts` as the request's answer so far, writes the parts' states into its root
    /// (what its lenses read) and the facts of each handle of the root, and lets go of the
    /// request when no part is pending.
    private func partsChanged(_ parts: IncrementalResponse, answering request: SharedRequest) {
        request.parts = parts
        let root = request.root
        root.parts.update(parts.parts)
        var index = 0
        while index < root.facts.count {
            root.facts[index].partsDidChange(parts.parts)
            index += 1
        }
        if !parts.hasNext, inFlight[root.key] === request { inFlight[root.key] = nil }
    }
}
