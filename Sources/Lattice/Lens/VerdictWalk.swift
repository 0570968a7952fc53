/// The walk of a document's own selection that verdicts and lens creation share: reads each
/// field (reporting it to `Tracking`), collects field errors where they throw, and follows
/// `@required` nulls as they bubble. Spreads are not entered (masking).
///
/// Hot path: no allocation per field; the failure path is appended only while unwinding
/// (innermost first, reversed by the caller), as Relay builds error paths.
@MainActor
struct VerdictWalk<Tracking: ReadTracking> {
    /// How a walk of one object ended.
    enum WalkEnd {
        /// Read through; the object stands.
        case complete
        /// A `@required` null made the object null.
        case bubbled
        /// The walk stopped: the read fails, whatever encloses this object.
        case stopped(StopReason)
    }

    enum StopReason {
        /// A `@required(action: THROW)` outside `@catch` read null.
        case requiredThrow
        /// A field under `@throwOnFieldError` was never received.
        case missing
    }

    var tracking: Tracking
    /// Collect field errors and stop at missing data (the document has `@throwOnFieldError`).
    let collectsErrors: Bool
    /// Visit only the selections that can bubble (lens creation), not all of them.
    let bubblesOnly: Bool
    /// Receives LOG misses; only lens creation passes one (verdicts re-run, logs must not).
    let logger: RuntimeLogger?
    /// Collect errors under `@catch` too, and THROW misses as errors (reading a caught field).
    let includesCaught: Bool
    private(set) var errors: [GraphQLError] = []
    /// The failure's path, innermost first.
    private(set) var path: [GraphQLError.PathElement] = []

    init(tracking: Tracking, collectsErrors: Bool, bubblesOnly: Bool, logger: RuntimeLogger?,
         includesCaught: Bool = false) {
        self.tracking = tracking
        self.collectsErrors = collectsErrors
        self.bubblesOnly = bubblesOnly
        self.logger = logger
        self.includesCaught = includesCaught
    }

    mutating func walk(_ set: ObjectSelection, on record: Record, bound: BoundArtifact) -> WalkEnd {
        for step in bubblesOnly ? set.bubbleSteps : set.walkSteps {
            let end: WalkEnd
            if let field = step.field {
                end = visit(field, on: record, bound: bound)
            } else if let inline = step.inline {
                if let condition = inline.condition {
                    tracking.accessType(of: record)
                    guard condition.matches(record.type) else { continue }
                }
                if inline.deferral != nil, !partHasLanded(inline.selectionSet, on: record, bound: bound) { continue }
                end = walk(inline.selectionSet, on: record, bound: bound)
            } else {
                continue
            }
            if case .complete = end { continue }
            return end
        }
        return .complete
    }

    /// Whether a deferred fragment's part has landed on `record`: its first field is there.
    /// Read tracked, so a verdict that passed over the fragment is recomputed when it lands.
    private mutating func partHasLanded(_ set: ObjectSelection, on record: Record, bound: BoundArtifact) -> Bool {
        guard let first = set.walkSteps.first(where: { $0.field != nil })?.field else { return true }
        let key = bound.fieldKey(of: first)
        tracking.access(record, key: key, field: first, bound: bound)
        return record.slots.peek(key).kind != .absent
    }

    private mutating func visit(_ field: FieldNode, on record: Record, bound: BoundArtifact) -> WalkEnd {
        let key = bound.fieldKey(of: field)
        tracking.access(record, key: key, field: field, bound: bound)
        let peek = record.slots.peek(key)
        let collects = collectsErrors && (field.errorsThrow || includesCaught)
        if peek.hasErrors && collects, let fieldErrors = record.slots[key]?.errors {
            errors.append(contentsOf: fieldErrors)
        }
        switch peek.kind {
        case .absent:
            // A client-only field no local update wrote reads as null.
            if !field.isClientOnly {
                guard collectsErrors && field.errorsThrow else { return .complete }
                path.append(.key(field.responseKey))
                return .stopped(.missing)
            }
            fallthrough
        case .null:
            guard let action = field.required else { return .complete }
            return requiredNull(field, action: action, on: record, bound: bound)
        case .scalar:
            return .complete
        case .link:
            guard case .linked(let child) = field.kind, let link = peek.link else { return .complete }
            let target = link.takeUnretainedValue()
            // A deleted record is null (a type read: deletion notifies it).
            tracking.accessType(of: target)
            if target.type == .nonexistent {
                guard let action = field.required else { return .complete }
                return requiredNull(field, action: action, on: record, bound: bound)
            }
            let end = walk(child, on: target, bound: bound)
            return unwind(end, through: field, index: nil)
        case .links:
            guard case .linkedList(let child, let itemNonNull) = field.kind,
                  case .links(let targets)? = record.slots[key]?.value else { return .complete }
            for (index, target) in targets.enumerated() {
                guard let target else { continue }
                // A deleted item is a null item.
                tracking.accessType(of: target)
                if target.type == .nonexistent { continue }
                let end = walk(child, on: target, bound: bound)
                switch end {
                case .complete:
                    continue
                case .stopped:
                    return unwind(end, through: field, index: index)
                case .bubbled:
                    // A nullable item absorbs the bubble; a non-null one nulls the list.
                    guard itemNonNull else { path.removeAll(keepingCapacity: true); continue }
                    return unwind(end, through: field, index: index)
                }
            }
            return .complete
        }
    }

    /// A `@required` field read null: fail (THROW outside `@catch`), or bubble.
    private mutating func requiredNull(_ field: FieldNode, action: RequiredAction,
                                       on record: Record, bound: BoundArtifact) -> WalkEnd {
        path.append(.key(field.responseKey))
        switch action {
        case .throw where !field.isCaught:
            return .stopped(.requiredThrow)
        case .throw where includesCaught:
            errors.append(GraphQLError(message: "@required field \(field.responseKey) is null",
                                       path: [.key(field.responseKey)]))
        case .log:
            logger?.requiredFieldMissing(field, in: bound.artifact, on: record.id)
        case .none, .throw:
            break
        }
        if field.catchTarget != nil {
            path.removeAll(keepingCapacity: true)
            return .complete
        }
        return .bubbled
    }

    /// Carries a child object's end through `field`: a stop always unwinds; a bubble
    /// continues past `@required` and non-null fields and stops at the first other one.
    private mutating func unwind(_ end: WalkEnd, through field: FieldNode, index: Int?) -> WalkEnd {
        switch end {
        case .complete:
            return .complete
        case .stopped:
            if let index { path.append(.index(index)) }
            path.append(.key(field.responseKey))
            return end
        case .bubbled:
            guard field.passesBubble else {
                path.removeAll(keepingCapacity: true)
                return .complete
            }
            if let index { path.append(.index(index)) }
            path.append(.key(field.responseKey))
            return .bubbled
        }
    }
}
