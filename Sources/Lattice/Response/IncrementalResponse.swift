/// An incremental response put together as its payloads arrive: the initial data with every
/// part merged in at its place (a deferred fragment's fields into its object, a stream's items
/// onto its list), the errors of all payloads, and where each announced part stands.
///
/// Each later payload is merged in (a part is read against the object it lands in: a deferred
/// fragment's `hasArrived`, a stream's earlier items), and `apply(_:)` says where it landed
/// (`Landing`): the environment normalizes only those places of the merged response, so a
/// part costs what it brings, not the response so far (300 empty parts after a 20,000-edge
/// payload held the main actor 92 s when each payload committed the whole again).
public struct IncrementalResponse: Hashable, Sendable {
    /// Where an announced part stands.
    public enum PartState: Hashable, Sendable {
        /// Announced, not done: a deferred fragment not arrived, a stream still sending.
        case pending
        /// Done: its data arrived (a stream: all its items).
        case arrived
        /// Done without its data: its errors (also in the response's), or why the response
        /// ended before it did (a dropped connection).
        case failed(Failure)
    }

    /// Where one payload's parts landed in the response: what committing that payload alone
    /// normalizes (`ResponseNormalizer.normalize(_:for:root:landing:)`), with its errors.
    public struct Landing: Hashable, Sendable {
        /// One place a part landed.
        public struct Place: Hashable, Sendable {
            /// The object a deferred fragment's fields went into, or the list a stream's
            /// items went onto.
            public var path: [GraphQLError.PathElement]
            /// For a stream's items, the index of the first one the payload brought; `nil` for
            /// a deferred fragment's fields.
            public var firstItem: Int?
        }

        /// The places, in the payload's order.
        public var places: [Place] = []
        /// The errors the payload's parts carried (those of a part that fails whole included).
        public var errors: [GraphQLError] = []

        /// Whether the payload landed nowhere (only `completed`, a keep-alive, an empty
        /// increment): there is nothing to commit, and the environment commits nothing; its
        /// errors, if any, are its parts' (`parts`). - Complexity: O(1).
        public var isEmpty: Bool { places.isEmpty }
    }

    /// The response so far: what to normalize.
    public private(set) var response: GraphQLResponse
    /// Every part announced so far, by label (a part without one by its path, `a.b.0`).
    public private(set) var parts: [String: PartState] = [:]
    /// Whether another payload is to come.
    public private(set) var hasNext: Bool
    /// The parts pending, by the id payloads name them with.
    private var announced: [String: IncrementalPayload.Pending] = [:]
    /// The ids announced twice while pending: their parts failed, and what later payloads
    /// bring for them is ignored (which of the two it is for cannot be told).
    private var refused: Set<String> = []

    /// The response `initial` starts. - Throws: `Failure.undecodableResponse` when it is not
    /// an initial payload (no response in it).
    public init(_ initial: IncrementalPayload) throws(Failure) {
        guard let response = initial.response else {
            throw .undecodableResponse(reason: "the first payload of an incremental response has no data", snippet: "")
        }
        self.response = response
        hasNext = initial.hasNext
        _ = try apply(announcing: initial)
    }

    /// Merges a later payload in.
    /// - Throws: `Failure.undecodableResponse` naming the part and the place when a part names
    ///   an id never announced, or a place the response does not have, or streams onto a
    ///   value that is not a list; the response is then left as it was.
    /// - Returns: where the payload's parts landed; no place for a payload that brings no
    ///   data (a keep-alive, or only `completed`).
    /// - Complexity: O(depth of each part's place + size of what it brings); the response's
    ///   storage is shared with `self` as it was, and only the containers on each part's way
    ///   down are copied.
    @discardableResult
    public mutating func apply(_ payload: IncrementalPayload) throws(Failure) -> Landing {
        var next = self
        guard payload.response == nil else {
            throw .undecodableResponse(reason: "a later payload of an incremental response carries data of its own", snippet: "")
        }
        next.hasNext = payload.hasNext
        let landing = try next.apply(announcing: payload)
        self = next
        return landing
    }

    /// The store refused the response with `payload` merged (a value of the wrong type, say):
    /// called on the response as it was before `payload`, which the store holds. The parts
    /// `payload` brought, announced or completed, fail with `failure`, the store's reason, and
    /// so does every part still pending: the response can no longer be committed whole.
    /// - Complexity: O(parts).
    public mutating func refuse(_ payload: IncrementalPayload, because failure: Failure) {
        for pending in payload.pending { parts[Self.name(of: pending)] = .failed(failure) }
        end(by: failure)
    }

    /// Ends the response early (the connection dropped): every part still pending fails with
    /// `failure`, and what arrived stays.
    public mutating func end(by failure: Failure) {
        hasNext = false
        for (id, pending) in announced {
            parts[Self.name(of: pending)] = .failed(failure)
            announced[id] = nil
        }
    }

    private mutating func apply(announcing payload: IncrementalPayload) throws(Failure) -> Landing {
        var landing = Landing()
        for pending in payload.pending {
            if let first = announced.removeValue(forKey: pending.id) {
                let twice = Failure.undecodableResponse(
                    reason: "part id \(pending.id) was announced twice, as \(Self.name(of: first)) and as \(Self.name(of: pending)): what comes for it cannot be placed",
                    snippet: "")
                parts[Self.name(of: first)] = .failed(twice)
                parts[Self.name(of: pending)] = .failed(twice)
                refused.insert(pending.id)
            } else if refused.contains(pending.id) {
                parts[Self.name(of: pending)] = .failed(.undecodableResponse(
                    reason: "part id \(pending.id) was announced again after it was refused", snippet: ""))
            } else {
                announced[pending.id] = pending
                parts[Self.name(of: pending)] = .pending
            }
        }
        for increment in payload.incremental where !refused.contains(increment.id) {
            guard let pending = announced[increment.id] else {
                throw .undecodableResponse(reason: "incremental part \(increment.id) was never announced as pending", snippet: "")
            }
            let place = pending.path + increment.subPath
            guard case .object(var data)? = response.data else {
                throw .undecodableResponse(reason: "incremental part \(increment.id): the response has no data to merge into", snippet: "")
            }
            let firstItem = try Self.merge(increment, into: &data, at: place[...], whole: place)
            response.data = .object(data)
            // A part that brings nothing (no fields, no items) lands nowhere: nothing to commit.
            if increment.data?.isEmpty == false || increment.items?.isEmpty == false {
                landing.places.append(Landing.Place(path: place, firstItem: firstItem))
            }
            landing.errors += increment.errors
            if !increment.errors.isEmpty { response.errors = (response.errors ?? []) + increment.errors }
        }
        for completion in payload.completed where !refused.contains(completion.id) {
            guard let pending = announced.removeValue(forKey: completion.id) else {
                throw .undecodableResponse(reason: "completed part \(completion.id) was never announced as pending", snippet: "")
            }
            if completion.errors.isEmpty {
                parts[Self.name(of: pending)] = .arrived
            } else {
                parts[Self.name(of: pending)] = .failed(.requestErrors(completion.errors))
                landing.errors += completion.errors
                response.errors = (response.errors ?? []) + completion.errors
            }
        }
        if !hasNext {
            // The last payload: a part it leaves pending will never come.
            end(by: .undecodableResponse(reason: "the response ended with the part still pending", snippet: ""))
        }
        return landing
    }

    /// The name a part is known by: its label, else its path.
    static func name(of pending: IncrementalPayload.Pending) -> String {
        pending.label ?? pending.path.map(\.description).joined(separator: ".")
    }

    /// Merges `increment` at `place` under `object`: a deferred fragment's fields into the
    /// object there, a stream's items onto the list there.
    /// - Returns: for a stream's items, the index of the first one; `nil` for fields.
    private static func merge(_ increment: IncrementalPayload.Increment, into object: inout [String: JSONValue],
                              at place: ArraySlice<GraphQLError.PathElement>,
                              whole: [GraphQLError.PathElement]) throws(Failure) -> Int? {
        func missing() -> Failure {
            .undecodableResponse(reason: "incremental part \(increment.id) goes to \(whole.map(\.description).joined(separator: ".")), which the response does not have", snippet: "")
        }
        guard let first = place.first else {
            guard let data = increment.data else { throw missing() }
            object.merge(data) { old, new in Self.deepMerged(old, new) }
            return nil
        }
        guard case .key(let key) = first, var value = object[key] else { throw missing() }
        // Taken out before it changes, so the copy-on-write sees one owner.
        object[key] = nil
        let firstItem = try mergeValue(increment, into: &value, at: place.dropFirst(), whole: whole, missing: missing)
        object[key] = value
        return firstItem
    }

    private static func mergeValue(_ increment: IncrementalPayload.Increment, into value: inout JSONValue,
                                   at place: ArraySlice<GraphQLError.PathElement>, whole: [GraphQLError.PathElement],
                                   missing: () -> Failure) throws(Failure) -> Int? {
        if place.isEmpty, let items = increment.items {
            guard case .array(var list) = value else {
                throw .undecodableResponse(reason: "incremental part \(increment.id) streams onto \(whole.map(\.description).joined(separator: ".")), which is not a list", snippet: "")
            }
            let firstItem = list.count
            value = .null
            list.append(contentsOf: items)
            value = .array(list)
            return firstItem
        }
        switch (value, place.first) {
        case (.object(var object), _):
            value = .null
            let firstItem = try merge(increment, into: &object, at: place, whole: whole)
            value = .object(object)
            return firstItem
        case (.array(var list), .index(let index)?) where list.indices.contains(index):
            value = .null
            let firstItem = try mergeValue(increment, into: &list[index], at: place.dropFirst(), whole: whole, missing: missing)
            value = .array(list)
            return firstItem
        default:
            throw missing()
        }
    }

    /// `new` merged over `old`: objects member by member and lists of one length item by item
    /// (a deferred fragment's field that the initial payload also holds, with another
    /// selection under it), anything else replaced.
    private static func deepMerged(_ old: JSONValue, _ new: JSONValue) -> JSONValue {
        switch (old, new) {
        case (.object(var merged), .object(let incoming)):
            merged.merge(incoming) { deepMerged($0, $1) }
            return .object(merged)
        case (.array(let olds), .array(let news)) where olds.count == news.count:
            return .array(zip(olds, news).map { deepMerged($0, $1) })
        default:
            return new
        }
    }
}

extension IncrementalResponse.PartState: CustomStringConvertible {
    /// `pending`, `arrived`, or `failed(` the failure's description `)`, as a log or a test
    /// message shows it. - Complexity: that of `Failure.description` for a failed part.
    public var description: String {
        switch self {
        case .pending: "pending"
        case .arrived: "arrived"
        case .failed(let failure): "failed(\(failure))"
        }
    }
}
