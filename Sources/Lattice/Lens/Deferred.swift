/// A fragment under `@defer` as its generated accessor reads it (`Lens[deferred:]`): still
/// coming, arrived with what reads it, or failed. A generated spread under `@defer` is a
/// `Deferred<FragmentReference<Fragment>>`, an inline fragment under `@defer` a
/// `Deferred<AsType>?`, so a body shows a placeholder, the fragment or the failure, and never
/// reads a field its part has not brought.
public enum Deferred<Value> {
    /// Its fields are not in the store yet and its part has not failed: the answer is still
    /// coming (a view shows its placeholder).
    case pending
    /// Its fields are in the store: what reads them (the fragment's reference, the inline
    /// fragment's typed lens).
    case arrived(Value)
    /// Its part failed, and its fields are not in the store: its errors
    /// (`Failure.requestErrors`), or why the answer ended before it (a dropped connection).
    case failed(Failure)

    /// What reads the fields once arrived, else `nil`. - Complexity: O(1).
    public var value: Value? {
        if case .arrived(let value) = self { return value }
        return nil
    }
}

extension Deferred: Equatable where Value: Equatable {}
