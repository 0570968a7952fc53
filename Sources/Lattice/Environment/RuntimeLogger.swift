/// Where an environment reports what fails nothing but what an app may want to hear of
/// (`Environment.Configuration.logger`): a `@required(action: LOG)` field read null, a
/// problem with the store's image. One closure, called on the main actor as each entry
/// happens; the app sends it on to its own logging (`os.Logger`, a crash reporter's
/// breadcrumbs) or keeps it (LatticeTesting's `RecordingLogger`).
///
/// Value-free by default: an entry names the document and the field (its path, for a
/// `@required` miss), never what the store holds, so a log can leave the device without a
/// user's data. An app that wants the record too (the id of the object whose field was null,
/// an unavailable read's `ReadError`) says `includesValues`.
///
/// Cost: nothing where nothing is logged; reads of selections without `@required` never
/// look at it. An entry costs the closure's call, and a `@required` miss also the field's
/// path, found in its document (O(fields of the document)).
public struct RuntimeLogger: Sendable {
    /// Whether entries carry values from the store (a `@required` miss's record id).
    /// Defaults to `false`.
    public let includesValues: Bool
    private let receive: @MainActor @Sendable (LogEntry) -> Void

    /// A logger that hands each entry to `receive`, with values only when `includesValues`.
    public init(includesValues: Bool = false, _ receive: @escaping @MainActor @Sendable (LogEntry) -> Void) {
        self.includesValues = includesValues
        self.receive = receive
    }

    /// Logs that a read that cannot throw of `document`'s field found `error` and showed a
    /// stand-in. - Complexity: the closure's.
    @MainActor
    func unavailableRead(_ error: ReadError, in document: Artifact) {
        log(.unavailableRead(UnavailableReadEvent(document: document.name, error: error,
                                                  includesValues: includesValues)))
    }

    /// Hands `entry` to the closure. - Complexity: the closure's.
    @MainActor
    public func log(_ entry: LogEntry) {
        receive(entry)
    }

    /// Logs that `field`, `@required(action: LOG)` in `artifact`'s own selection, read null
    /// on `record`. - Complexity: O(fields of `artifact`) to find the field's path.
    @MainActor
    func requiredFieldMissing(_ field: FieldNode, in artifact: Artifact, on record: DataID) {
        let path = artifact.selectionSet.path(to: field) ?? [field.responseKey]
        log(.requiredFieldMissing(RequiredFieldEvent(document: artifact.name, path: path,
                                                     record: includesValues ? record : nil)))
    }
}

/// One thing a `RuntimeLogger` hears of.
public enum LogEntry: Hashable, Sendable {
    /// A `@required(action: LOG)` field read null: the null bubbled to its nearest nullable
    /// parent, and the read went on.
    case requiredFieldMissing(RequiredFieldEvent)
    /// The store's image: a file moved aside, a failure that stopped it, a row that could not
    /// be read (the line `Environment.imageLog` keeps too).
    case image(String)
    /// A request a `LoggingInterceptor` saw end (in the environment's interceptors).
    case request(RequestLogEvent)
    /// A generated accessor that cannot throw found no value to give and showed its type's
    /// `unavailableValue` (or `nil`, or no items) instead (decision record 0010).
    case unavailableRead(UnavailableReadEvent)
    /// A lookup field whose key arguments name a record of a type it cannot return: not
    /// answered from the store, so the operation is fetched (`Lookups`).
    case lookupRefused(LookupRefusedEvent)
}

/// A `@required(action: LOG)` field a lens read found null.
public struct RequiredFieldEvent: Hashable, Sendable, CustomStringConvertible {
    /// The operation or fragment whose own selection holds the field.
    public let document: String
    /// The response keys from the document's root down to the field (list positions and
    /// inline fragments left out): `["viewer", "status", "message"]`.
    public let path: [String]
    /// The record the field is on; `nil` unless the logger `includesValues`.
    public let record: DataID?

    /// An event for `path` in `document`, on `record` when values are logged.
    public init(document: String, path: [String], record: DataID? = nil) {
        self.document = document
        self.path = path
        self.record = record
    }

    /// `@required field Document.viewer.status.message is null`, with ` on <record>` when
    /// the record is given.
    public var description: String {
        "@required field \(document).\(path.joined(separator: ".")) is null"
            + (record.map { " on \($0)" } ?? "")
    }
}
