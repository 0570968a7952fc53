extension Environment {
    /// Closes the store's image and returns once its file is released: every commit made
    /// before the call is written, the main actor's reading connection is closed, then the
    /// writer's (the last one: SQLite folds the `-wal` file into the image and removes it and
    /// the `-shm`). A sign-out can then delete the file; a test can launch again on it.
    ///
    /// The environment goes on from memory: later commits are not written and an attach reads
    /// nothing from the file; `imageWritten()` returns at once. A failure that stopped the
    /// writer is in `imageLog`. Closing an environment without an image, or twice, does nothing.
    /// - Complexity: the writes queued before it, off the main actor; the main actor only waits.
    public func closeImage() async {
        guard let writer = image?.writer else { return }
        // The reader goes with the session, before the writer closes: were it the last
        // connection, its close would fold the WAL into the file on the main actor.
        image = nil
        // The failure that stopped the writer, logged as `imageFailed(_:)` logs it: whether the
        // writer's report reached the main actor before this call (then there is no image
        // left to close) or after (then the report finds none, and logs nothing) is timing.
        if let failure = await writer.close() { logImage(Self.imageFailure(failure)) }
    }
}
