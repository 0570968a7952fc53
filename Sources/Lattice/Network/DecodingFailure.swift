/// Turns the error `JSONDecoder` throws into a one-line reason with the path that failed.
///
/// This is the boundary where Foundation's untyped error becomes text for a `Failure` or a
/// `FixtureLoadError`; nothing else in the runtime inspects an `Error`.
public enum DecodingFailure {
    /// The reason, e.g. `data.repository.name: Expected String but found number`.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "\(path(context.codingPath)): \(context.debugDescription)\(underlying)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "<root>" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
