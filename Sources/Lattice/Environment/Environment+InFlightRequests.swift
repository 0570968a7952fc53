/// Identical requests in flight are shared: the handles of one operation with its variables
/// that fetch while a request of theirs is on its way wait for that one, not for their own.
extension Environment {
    /// Puts `handle` on its operation's request in flight, sending one if there is none.
    /// `RuntimeCounters` count the requests sent and the fetches that shared one.
    /// - Complexity: O(1).
    func request(for handle: OperationHandle) -> InFlightRequest {
        let root = handle.root
        if let shared = root.inFlight {
            shared.waiting.append(handle)
            counters?.total.requestsShared += 1
            return shared
        }
        let request = InFlightRequest()
        request.waiting.append(handle)
        root.inFlight = request
        counters?.total.requestsSent += 1
        let transport = self.transport
        let documents = persistedDocuments
        let era = self.era
        if root.artifact.defersOrStreams {
            receiveInParts(request, of: root, from: documents.executeIncrementally(root.request, on: transport), sentIn: era)
            return request
        }
        request.task = Task { [weak self] in
            let outcome: Result<GraphQLResponse, Failure>
            do throws(Failure) {
                outcome = .success(try await documents.execute(root.request, on: transport))
            } catch {
                outcome = .failure(error)
            }
            self?.answer(request, of: root, with: outcome, sentIn: era)
        }
        return request
    }

    /// Gives every request in flight the failure `cancelled` (`removeAll()`): its handles stop
    /// waiting, and its answer, when it comes, is dropped. - Complexity: O(roots + handles waiting).
    func cancelRequestsInFlight() {
        for root in roots.values {
            guard let request = root.inFlight else { continue }
            request.task?.cancel()
            answer(request, of: root, with: .failure(.cancelled), sentIn: era)
        }
    }

    /// `handle` no longer waits for `request`; when no handle does, it is cancelled.
    /// - Complexity: O(1).
    func leave(_ request: InFlightRequest, _ handle: OperationHandle) {
        request.waiting.remove(handle)
        guard request.waiting.count == 0 else { return }
        if handle.root.inFlight === request { handle.root.inFlight = nil }
        request.task?.cancel()
    }

    /// Commits the answer once for every handle waiting (each gets its data, unplaced errors
    /// and an idle fetch), or gives each the failure; a cancelled request answers nobody.
    /// - Complexity: O(fields written) plus O(handles waiting), as `commit` is.
    func answer(_ request: InFlightRequest, of root: OperationRoot,
                        with outcome: Result<GraphQLResponse, Failure>, sentIn era: Int) {
        guard root.inFlight === request else { return }
        root.inFlight = nil
        do throws(Failure) {
            try commit(try outcome.get(), bound: root.bound, key: root.key, sentIn: era, answering: request)
        } catch {
            var index = 0
            while index < request.waiting.count {
                request.waiting[index].requestFailed(error)
                index += 1
            }
        }
        while request.waiting.count > 0 {
            let handle = request.waiting[0]
            request.waiting.remove(handle)
            handle.requestWasAnswered()
        }
    }
}
