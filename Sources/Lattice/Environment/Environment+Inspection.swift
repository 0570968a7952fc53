import Foundation

extension Environment {
    /// The store as it stands, by its structure (`StoreInspection`): what `Store.inspect`
    /// says, each retained root with its attached handles (phase, fetch, policy), and the
    /// image (its file's size and the launches it counted). Value-free unless
    /// `includesValues`: no field's or variable's value, no record id the server made.
    ///
    /// Costs nothing until called: nothing is kept for it but a count of pages per connection.
    /// Call it outside a body: a handle's phase is read as a body reads it (the derived
    /// strategy walks the verdict, tracked), so a body that inspects depends on every phase.
    /// - Complexity: O(records + retained roots + handles + layers' records), plus a verdict
    ///   walk per handle under the derived strategy and two file-size lookups with an image.
    public func inspect(includesValues: Bool = false) -> StoreInspection {
        var rootsByRetention: [ObjectIdentifier: OperationRoot] = [:]
        for root in roots.values { rootsByRetention[ObjectIdentifier(root.retention)] = root }
        var inspection = store.inspect(includesValues: includesValues) { retention in
            guard let root = rootsByRetention[ObjectIdentifier(retention)] else { return [] }
            return root.facts.elements.map(Self.inspectHandle)
        }
        if let image {
            // The writer counts this launch when it opens the file: one after the reader's.
            inspection.image = StoreInspection.Image(file: image.url, launches: Int(image.reader?.launch ?? 0) + 1,
                                                     rows: nil)
        }
        return inspection
    }

    private static func inspectHandle(_ facts: HandleFacts) -> StoreInspection.Handle {
        let phase = facts.keeper.phase(of: facts)
        let fetch = switch facts.storedActivity {
        case .idle: "idle"
        case .inFlight: "inFlight"
        case .failed: "failed"
        }
        return StoreInspection.Handle(phase: phase.name, failure: phase.failure?.name, fetch: fetch,
                                      policy: facts.policy.rawValue)
    }
}
