/// How a walk over records reports the fields it reads. Walks are generic over it, so each
/// mode is a specialized copy of the walk and no mode is a flag checked per field.
@MainActor
public protocol ReadTracking {
    /// Called once for each field the walk reads, before it reads it: `field` of `record`,
    /// whose key under `bound` is `key`.
    mutating func access(_ record: Record, key: FieldKey, field: FieldNode, bound: BoundArtifact)
    /// Called once for each time the walk reads `record`'s type (a type condition checked
    /// against it), before it reads it. The type is observed as the field
    /// `FieldKey.recordType` (`Record.typeKeyPath`), which publish notifies when it changes.
    mutating func accessType(of record: Record)
}

/// Tracked: each read goes through the record's `ObservationRegistrar`, inside whatever
/// tracking scope the caller is in (`withObservationTracking`, a SwiftUI body).
public struct TrackedReads: ReadTracking {
    /// Tracked reads.
    public init() {}

    /// - Complexity: one registrar access: free outside a scope, a key path hash inside one.
    @inline(__always)
    public func access(_ record: Record, key: FieldKey, field: FieldNode, bound: BoundArtifact) {
        record.observe(bound.keyPath(of: field))
    }

    /// - Complexity: one registrar access.
    @inline(__always)
    public func accessType(of record: Record) {
        record.observe(Record.typeKeyPath)
    }
}

/// Untracked: no registrar call at all.
public struct UntrackedReads: ReadTracking {
    /// Untracked reads.
    public init() {}

    @inline(__always)
    public func access(_ record: Record, key: FieldKey, field: FieldNode, bound: BoundArtifact) {}

    @inline(__always)
    public func accessType(of record: Record) {}
}

/// Untracked, recording each (record, field) read into `fields`: what the rootVerdict
/// strategy intersects with a commit's changed fields. Reuse one value across walks
/// (`fields.removeAll(keepingCapacity: true)`) to keep its storage.
public struct RecordedReads: ReadTracking {
    /// The fields read so far.
    public var fields: Set<FieldRef>

    /// Records into `fields` (pass an emptied set to reuse its storage).
    public init(fields: Set<FieldRef> = []) {
        self.fields = fields
    }

    /// - Complexity: one set insertion (two integers hashed).
    @inline(__always)
    public mutating func access(_ record: Record, key: FieldKey, field: FieldNode, bound: BoundArtifact) {
        fields.insert(FieldRef(record: record.serial, key: key))
    }

    /// Records the type as the field `FieldKey.recordType`. - Complexity: one set insertion.
    @inline(__always)
    public mutating func accessType(of record: Record) {
        fields.insert(FieldRef(record: record.serial, key: .recordType))
    }
}
