/// Answers that come in parts (`@defer`, `@stream`): the first payload answers the request
/// as a whole response does (its followers get their data, the phase is ready with it); each
/// later one is merged into the response so far (`IncrementalResponse`) and only where it
/// landed is committed (`IncrementalResponse.Landing`), so a part costs what it brings and
/// only what it changed notifies; a payload that brings no data (only `completed`, a
/// keep-alive) commits nothing. Where each part stands goes to the facts of the root's
/// handles (`OperationHandle.parts`).
extension RequestExecutor {
    /// Sends `request`'s task: reads `events` to their end, committing each payload.
    func receiveInParts(_ request: SharedRequest, from events: AsyncStream<IncrementalEvent>) {
        let key = request.root.key
        receivingParts[key]?.task?.cancel()
        receivingParts[key] = nil
        request.task = Task { [weak self] in
            var parts: IncrementalResponse?
            for await event in events {
                guard let self, self.take(event, into: &parts, answering: request) else { return }
            }
            guard let self else { return }
            guard var ended = parts else {
                // The answer ended before its first payload: as a dropped connection.
                self.answer(request, with: .failure(.transport(.connectionLost,
                                                               underlying: "the answer ended before its first payload")))
                return
            }
            guard ended.hasNext else { return }
            ended.end(by: .transport(.connectionLost, underlying: "the answer ended before its last payload"))
            self.partsChanged(ended, answering: request)
        }
    }

    /// Takes one event. - Returns: whether to read on.
    private func take(_ event: IncrementalEvent, into parts: inout IncrementalResponse?,
                      answering request: SharedRequest) -> Bool {
        let root = request.root
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
                answer(request, with: .failure(error))
                return false
            }
            answer(request, with: .success(first.response))
            guard request.era == era else { return false }
            receivingParts[root.key] = request
            parts = first
            partsChanged(first, answering: request)
            return first.hasNext
        }
        guard receivingParts[root.key] === request else { return false }
        switch event {
        case .payload(let payload):
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
            current.end(by: failure)
        }
        parts = current
        partsChanged(current, answering: request)
        return current.hasNext
    }

    /// Writes the parts' states into the facts of each handle of the request's root, and
    /// lets go of the request when no part is pending.
    private func partsChanged(_ parts: IncrementalResponse, answering request: SharedRequest) {
        let root = request.root
        var index = 0
        while index < root.facts.count {
            root.facts[index].partsDidChange(parts.parts)
            index += 1
        }
        if !parts.hasNext, receivingParts[root.key] === request { receivingParts[root.key] = nil }
    }
}
