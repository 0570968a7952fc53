import Foundation

/// Writes a store's commits into its image behind the main actor: the environment hands each
/// commit's rows over in commit order, and one task off the main actor writes them, a
/// transaction a commit, in that order, on a connection of its own.
///
/// A write that fails stops the image (logged once, through `failed`): the app goes on from
/// memory, and the batches after it are dropped, so the file never holds a later commit
/// without an earlier one.
///
/// The size limit is kept here too, off the main actor: at start the launches before the last
/// one are evicted while the file is over it (the last launch's rows are what this launch's
/// screens hydrate from), and after a commit every launch before this one.
final class ImageWriteBehind: Sendable {
    private enum Job: Sendable {
        case rows([ImageRow], [ImageStamp])
        case storeInvalidated(Date)
        case recordsInvalidated([DataID], Date)
        case removeAll
        case flushed(CheckedContinuation<ImageDatabaseError?, Never>)
    }

    private let jobs: AsyncStream<Job>.Continuation
    /// The writer: it ends, its connection closed, once `jobs` is finished and drained.
    private let writing: Task<Void, Never>

    /// Starts the writer of the image at `url`: it opens the image for `schemaDigest` (made if
    /// absent, emptied under another schema, counted as a launch) and keeps the file under
    /// `sizeLimit` bytes as far as eviction by launch can, all off the main actor; the
    /// launches it evicts, when any, reach `evicted` (the event log's, when there is one).
    init(url: URL, schemaDigest: String, sizeLimit: Int, failed: @escaping @Sendable (ImageDatabaseError) -> Void,
         evicted: (@Sendable ([Int64]) -> Void)? = nil) {
        let (stream, jobs) = AsyncStream<Job>.makeStream()
        self.jobs = jobs
        writing = Task.detached(priority: .utility) {
            var image: StoreImage?
            var failure: ImageDatabaseError?
            // Runs one step on the image; a failure stops it: later steps find no image.
            func attempt(_ step: (StoreImage) throws(ImageDatabaseError) -> Void) {
                guard let current = image else { return }
                do throws(ImageDatabaseError) {
                    try step(current)
                } catch {
                    image = nil
                    failure = error
                    failed(error)
                }
            }
            do throws(ImageDatabaseError) {
                image = try StoreImage(url: url, schemaDigest: schemaDigest)
            } catch {
                failure = error
                failed(error)
            }
            // Told only when something was evicted, and only to whoever asked.
            func evict(_ image: StoreImage, keeping launch: Int64) throws(ImageDatabaseError) {
                let launches = try image.evict(toFit: sizeLimit, keeping: launch)
                if let evicted, !launches.isEmpty { evicted(launches) }
            }
            attempt { image throws(ImageDatabaseError) in try evict(image, keeping: image.launch - 1) }
            for await job in stream {
                switch job {
                case .rows(let rows, let stamps):
                    attempt { image throws(ImageDatabaseError) in
                        try image.write(rows.map { ($0.id, $0.row) }, stamps: stamps)
                        if try image.usedBytes() > sizeLimit { try evict(image, keeping: image.launch) }
                    }
                case .storeInvalidated(let date):
                    attempt { image throws(ImageDatabaseError) in try image.storeInvalidated(at: date) }
                case .recordsInvalidated(let ids, let date):
                    attempt { image throws(ImageDatabaseError) in try image.recordsInvalidated(ids, at: date) }
                case .removeAll:
                    attempt { image throws(ImageDatabaseError) in try image.removeAll() }
                case .flushed(let continuation):
                    continuation.resume(returning: failure)
                }
            }
            // Closed here, before the task ends: `close()` returns once the file is released.
            image = nil
        }
    }

    deinit {
        jobs.finish()
    }

    /// Writes everything queued before the call, then closes the writer's connection (the
    /// last one: SQLite checkpoints the WAL into the file and removes `-wal` and `-shm`), and
    /// returns once it is closed. Anything queued after it is dropped.
    /// - Returns: the failure that stopped the writer, if one did.
    /// - Complexity: the queued writes, off the main actor; the caller only waits.
    func close() async -> ImageDatabaseError? {
        let failure = await flushed()
        jobs.finish()
        await writing.value
        return failure
    }

    /// Queues one commit's rows and the ages it set, after every commit queued before it.
    /// - Complexity: O(1).
    func write(_ rows: [ImageRow], stamps: [ImageStamp] = []) {
        jobs.yield(.rows(rows, stamps))
    }

    /// Queues the note that the records `ids` were invalidated at `date`.
    func recordsInvalidated(_ ids: [DataID], at date: Date) {
        jobs.yield(.recordsInvalidated(ids, date))
    }

    /// Queues the note that the whole store was invalidated at `date`.
    func storeInvalidated(at date: Date) {
        jobs.yield(.storeInvalidated(date))
    }

    /// Queues the image's emptying, after every commit queued before it.
    func removeAll() {
        jobs.yield(.removeAll)
    }

    /// Returns once everything queued before the call is written, or dropped after a failure:
    /// then the failure that stopped the writer.
    func flushed() async -> ImageDatabaseError? {
        await withCheckedContinuation { continuation in
            // A writer closed meanwhile (`close()`) takes no more jobs: nothing is left to wait for.
            if case .terminated = jobs.yield(.flushed(continuation)) { continuation.resume(returning: nil) }
        }
    }
}

/// One record's row for the image: its encoded fields, or nil to remove it.
struct ImageRow: Sendable {
    let id: DataID
    let row: [UInt8]?
}

/// An operation's age in the image: when a response last wrote it, and whether it was
/// invalidated since, so staleness and `@expires` hold across launches.
struct ImageStamp: Sendable, Equatable {
    /// The operation with its variables: its name, a space, and the variables as canonical
    /// JSON (`JSONValue.jsonText`).
    let key: String
    let fetchedAt: Date
    let isInvalidated: Bool
}
