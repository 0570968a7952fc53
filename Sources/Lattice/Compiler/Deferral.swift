/// `@defer` on an inline fragment or a spread: the server may send the fragment's fields in a
/// later payload of the response. Until that payload lands, the normalizer leaves the fields
/// unwritten instead of refusing the response, the verdict does not count them as missing,
/// and the handle's `part(label)` reads `.pending`.
public struct Deferral: Hashable, Sendable {
    /// The directive's `label`, the name the part is known by; `nil` when it has none (the
    /// part is then known by its path).
    public let label: String?
}
