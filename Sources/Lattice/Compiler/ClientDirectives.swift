/// What `@required(action:)` does when its field is null (spec/directives.graphql).
public enum RequiredAction: String, Hashable, Sendable {
    /// The null bubbles; nothing is reported.
    case none = "NONE"
    /// The null bubbles and is reported to the environment's logger.
    case log = "LOG"
    /// The null bubbles and the read of the document fails, naming the path.
    case `throw` = "THROW"
}

/// What `@catch(to:)` turns the errors under it into.
public enum CatchTarget: String, Hashable, Sendable {
    /// A result value: the field's value, or the errors.
    case result = "RESULT"
    /// `null`.
    case null = "NULL"
}

/// The directives the runtime reads itself (spec/directives.graphql): a server does not
/// declare them and would refuse a document that uses them (graphql-js's `KnownDirectives`),
/// so the text the runtime sends leaves them out, as Relay's compiler does.
enum ClientDirective {
    static let required = "required"
    static let throwOnFieldError = "throwOnFieldError"
    static let `catch` = "catch"
    static let expires = "expires"
    /// All four: the compiler reads them, the sent text leaves them out.
    static let names: Set<String> = [required, throwOnFieldError, `catch`, expires]
}
