/// A compiled field: what the normalizer, the lens, the verdict walk and the checkers need,
/// precomputed so no read builds a key, a key path or a path.
public final class FieldNode: Sendable {
    /// What the field holds.
    public enum Kind: Sendable {
        /// A scalar or enum, or a (nested) list of them, stored as one JSON value.
        case scalar(Leaf)
        /// An object: a link to a record read with `selectionSet`.
        case linked(ObjectSelection)
        /// A list of objects: a list of links; `itemNonNull` from the schema (`[T!]`).
        case linkedList(ObjectSelection, itemNonNull: Bool)
    }

    /// The kind of a leaf's named type, for checking that a response value fits.
    public enum Leaf: Sendable {
        case string, id, int, float, boolean, enumeration, custom
    }

    /// The key in the response and in lens reads (the alias, or the name).
    public let responseKey: String
    /// The schema field's name.
    public let name: String
    /// The schema type, its `@semanticNonNull` levels made non-null where the document
    /// handles the field's errors (`@throwOnFieldError`, or a `@catch` on or around it).
    public let type: GraphQLType
    /// Scalar, object or list of objects.
    public let kind: Kind
    /// How to find the storage key.
    public let key: FieldKeyRef
    /// `@required(action:)`, if present.
    public let required: RequiredAction?
    /// `@catch(to:)` on this field, if present.
    public let catchTarget: CatchTarget?
    /// Added by the compiler for normalization (`id`, `__typename`; `AddedSelections`), not
    /// written by the user: it is sent and required like any field, but lenses do not expose
    /// it and reading back skips it.
    public let isAdded: Bool
    /// Declared by a client schema file (`SchemaField.isClientOnly`): left out of the text
    /// sent, never expected in a response, not needed for availability (`DataChecker`, as
    /// Relay's client fields), and read as null until a local update writes it.
    public let isClientOnly: Bool
    /// Whether the normalizer passes the field by: a client-only field (no response holds it)
    /// or an added `__typename` (`normalizeObject` reads it first). One load on every field.
    let normalizerSkips: Bool
    /// Whether a field error here fails the read of the document: the document has
    /// `@throwOnFieldError` and no `@catch` encloses the field (or is on it).
    public let errorsThrow: Bool
    /// Whether a `@catch` encloses the field (on the document, an ancestor, or itself): its
    /// errors and THROW misses are caught, not failures of the document.
    public let isCaught: Bool
    /// Whether a null bubbling out of this field's object keeps bubbling past this field:
    /// it is `@required` or non-null in the schema, and not `@catch`.
    public let passesBubble: Bool
    /// Whether a null here, or bubbled from below, can make the enclosing object null.
    public let bubblesUp: Bool
    /// Where the field was written, for messages: `LINE:COLUMN`.
    public let location: String
    /// `@connection` on this field: its pages merge into one list (`key` names the
    /// connection record's link, not the page's own arguments).
    public let connection: ConnectionField?
    /// An edge directive on this field: what committing its value does to connections' lists.
    public let edgeEdit: EdgeEdit?
    /// Whether `edgeEdit` is set: what the normalizer tests on every field, a plain load.
    let hasEdgeEdit: Bool

    init(responseKey: String, name: String, type: GraphQLType, kind: Kind, key: FieldKeyRef,
         required: RequiredAction?, catchTarget: CatchTarget?, isAdded: Bool,
         errorsThrow: Bool, isCaught: Bool, location: String, connection: ConnectionField? = nil,
         edgeEdit: EdgeEdit? = nil, isClientOnly: Bool = false) {
        self.responseKey = responseKey
        self.name = name
        self.type = type
        self.kind = kind
        self.key = key
        self.required = required
        self.catchTarget = catchTarget
        self.isAdded = isAdded
        self.isClientOnly = isClientOnly
        normalizerSkips = isClientOnly || (isAdded && name == "__typename")
        self.errorsThrow = errorsThrow
        self.isCaught = isCaught
        self.location = location
        self.connection = connection
        self.edgeEdit = edgeEdit
        hasEdgeEdit = edgeEdit != nil
        switch kind {
        case .scalar: selectionSet = nil
        case .linked(let set), .linkedList(let set, _): selectionSet = set
        }
        let passes = (required != nil || type.isNonNull) && catchTarget == nil
        passesBubble = passes
        switch kind {
        case .scalar:
            bubblesUp = required != nil && catchTarget == nil
        case .linked(let set):
            bubblesUp = (required != nil && catchTarget == nil) || (set.canBubble && passes)
        case .linkedList(let set, let itemNonNull):
            bubblesUp = (required != nil && catchTarget == nil) || (set.canBubble && itemNonNull && passes)
        }
    }

    /// The selection set of a linked field, else `nil`: stored, so a walk that asks for it
    /// on every field copies no `kind`.
    public let selectionSet: ObjectSelection?
}
