import Foundation

/// The store's image as an environment uses it: a connection that reads (hydration, on the
/// main actor, the rows a handle needs, never writing or waiting), the write-behind (which
/// opens the image, then writes every commit, off the main actor, in commit order), and what
/// went wrong.
@MainActor
final class ImageSession {
    /// The reading connection; nil while there is nothing this launch can read (no file yet,
    /// or one it could not open: the writer says whether it can write).
    let reader: StoreImage?
    let writer: ImageWriteBehind
    /// The image's file.
    let url: URL

    /// Opens the image at `url` for the schema of `schemaDigest`, kept under `sizeLimit` bytes: a file that is no
    /// database is moved aside (logged through `log`) before the writer starts it anew; a
    /// failure of the writer reaches `failed`, and its evictions `eventLog`, if any. - Complexity: one read of the image's `meta`.
    static func open(url: URL, sizeLimit: Int, schemaDigest digest: String, log: @escaping @MainActor (String) -> Void,
                     failed: @escaping @Sendable (ImageDatabaseError) -> Void, eventLog: EventLog?) -> ImageSession {
        var reader: StoreImage?
        do throws(ImageDatabaseError) {
            reader = try StoreImage.reader(at: url, schemaDigest: digest)
        } catch where error.isCorrupt {
            let aside = url.deletingLastPathComponent()
                .appendingPathComponent(url.lastPathComponent + ".corrupt-\(Int(Date().timeIntervalSince1970))")
            for suffix in ["", "-wal", "-shm"] {
                let file = URL(fileURLWithPath: url.path + suffix)
                let target = URL(fileURLWithPath: aside.path + suffix)
                if FileManager.default.fileExists(atPath: file.path) { try? FileManager.default.moveItem(at: file, to: target) }
            }
            log("image \(url.lastPathComponent): \(error); moved aside to \(aside.lastPathComponent), started empty")
        } catch {
            // Nothing to read this launch; the writer, opening the file, logs why if it cannot.
        }
        return ImageSession(reader: reader, writer: ImageWriteBehind(url: url, schemaDigest: digest,
                                                                     sizeLimit: sizeLimit, failed: failed,
                                                                     evicted: eventLog.map(evictions(into:))), url: url)
    }

    /// What the writer calls with the launches it evicted: logged in `log` on the main actor.
    private static func evictions(into log: EventLog) -> @Sendable ([Int64]) -> Void {
        { launches in
            Task { @MainActor in log.append(.imageEvicted(launches: launches.count)) }
        }
    }

    private init(reader: StoreImage?, writer: ImageWriteBehind, url: URL) {
        self.reader = reader
        self.writer = writer
        self.url = url
    }
}

extension Environment {
    /// Queues for the image what the base holds of the records a commit changed the base of
    /// (`CommitChanges.changedBaseRecords`: never a pending optimistic layer's values), with the
    /// age of the operation `key` when given. - Complexity: O(size of those records).
    func writeBehind(_ changedRecords: [DataID], stamping key: OperationKey? = nil) {
        guard let image else { return }
        var stamped: [ImageStamp] = []
        if let key, let stamp = stamps[key] {
            stamped.append(ImageStamp(key: key.imageKey, fetchedAt: stamp.fetchedAt, isInvalidated: stamp.isInvalidated))
        }
        guard !changedRecords.isEmpty || !stamped.isEmpty else { return }
        var rows: [ImageRow] = []
        rows.reserveCapacity(changedRecords.count)
        for id in changedRecords {
            guard let record = store.record(id),
                  let row = RecordEncoding.encodeBase(of: record, in: store) else { continue }
            rows.append(ImageRow(id: id, row: row))
        }
        image.writer.write(rows, stamps: stamped)
        counters?.total.imageWrites += 1
        eventLog?.append(.imageWritten(records: rows.count, operation: stamped.isEmpty ? nil : key?.name))
    }

    /// Reads from the image what `root`'s selection reaches and the store lacks, and commits
    /// it. - Returns: whether anything was read.
    func hydrate(_ root: OperationRoot) -> Bool {
        guard let reader = image?.reader else { return false }
        var hydration = ImageHydration(image: reader, store: store, lookups: program.lookups)
        do throws(ImageDatabaseError) {
            try hydration.hydrate(root.bound)
        } catch where error.isBusy {
            // Another process holds the file this moment: the main actor does not wait for it.
            return false
        } catch {
            imageFailed(error)
            return false
        }
        for (id, problem) in hydration.corrupt { logImage("image row \(id): \(problem); not read") }
        guard !hydration.delta.isEmpty else { return false }
        // The age the last launch wrote: epoch 0, before anything this launch invalidated;
        // invalidated, too, when a record it reached was invalidated after it was written.
        if stamps[root.key] == nil, let stamp = try? reader.stamp(of: root.key.imageKey) {
            let reachedInvalidated = (try? reader.invalidated(anyOf: hydration.recordsRead,
                                                              after: stamp.fetchedAt)) ?? false
            stamps[root.key] = WriteStamp(epoch: 0, fetchedAt: stamp.fetchedAt,
                                          isInvalidated: stamp.isInvalidated || reachedInvalidated)
        }
        eventLog?.append(.imageHydrated(operation: root.key.name, records: hydration.delta.order.count))
        beginCommit()
        published(store.publish(hydration.delta), by: .hydration(operation: root.key.name), stamping: root.key)
        return true
    }

    /// Stops using the image after `error`, logged; the store goes on from memory.
    func imageFailed(_ error: ImageDatabaseError) {
        guard image != nil else { return }
        image = nil
        logImage(Self.imageFailure(error))
    }

    /// What the log says of `error`, which stopped the image.
    static func imageFailure(_ error: ImageDatabaseError) -> String {
        "image: \(error); the store runs from memory"
    }

    /// Returns once every commit made before the call is in the image, or the image stopped
    /// (then `imageLog` says why).
    public func imageWritten() async {
        // The writer alone is held across the wait: `closeImage()` meanwhile closes the reader.
        guard let writer = image?.writer else { return }
        if let failure = await writer.flushed() { imageFailed(failure) }
    }
}
