import Observation

/// Where the parts of an operation's last answer in parts stand (`@defer`, `@stream`), by label
/// (a part without one by its path): kept on the operation's root and bound into its lenses
/// (`BoundArtifact.parts`), so a generated accessor of a deferred fragment reads its part's
/// state (`Lens[deferred:]`). The request executor writes it as the handles' parts.
///
/// Tracked as one value: a body that read a state re-runs when the parts change (a part lands
/// or fails, a refetch's answer announces its own), a few times an answer, and never for a
/// commit that changes no part.
@MainActor
final class PartStates: Observable {
    private var states: [String: IncrementalResponse.PartState] = [:]
    private let registrar = ObservationRegistrar()

    /// The state of the part `deferral` names, read tracked: by its label; without one (a part
    /// known by its path, which a lens does not know), pending while any part is, else failed
    /// as the first failed part by name, else `nil`. `nil` when no answer announced it.
    /// - Complexity: O(1) with a label; O(parts) without.
    func state(of deferral: Deferral) -> IncrementalResponse.PartState? {
        registrar.access(self, keyPath: \.statesToken)
        if let label = deferral.label { return states[label] }
        if states.values.contains(.pending) { return .pending }
        for name in states.keys.sorted() {
            if case .failed? = states[name] { return states[name] }
        }
        return nil
    }

    /// The parts stand so now: notifies the readers when that changes. - Complexity: O(parts).
    func update(_ parts: [String: IncrementalResponse.PartState]) {
        guard parts != states else { return }
        registrar.willSet(self, keyPath: \.statesToken)
        states = parts
        registrar.didSet(self, keyPath: \.statesToken)
    }

    /// Observation token of the states (never applied).
    nonisolated var statesToken: Int { 0 }
}
