/// A `DecodingError` restated as where (a JSON path such as `$.benchmarks[2].metrics[0].summary`)
/// and what, for errors that name the file and the place in it.
public struct DecodingFailure: Sendable {
    /// JSON path of the offending value; `$` for the whole file (e.g. a syntax error).
    public let path: String
    /// What is wrong there.
    public let reason: String

    /// Names the problem at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Where and what `error` says went wrong.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath),
                      reason: "expected \(Self.describe(type)): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath),
                      reason: "expected \(Self.describe(type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), reason: "missing key")
        case .dataCorrupted(let context):
            // Syntax errors carry the line and column in the underlying error's text.
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            self.init(path: Self.path(context.codingPath),
                      reason: context.debugDescription + underlying)
        @unknown default:
            self.init(path: "$", reason: String(describing: error))
        }
    }

    /// `$.a.b[3].c` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "$") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += ".\(key.stringValue)"
            }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is UInt64.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
