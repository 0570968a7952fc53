extension PaginationHandle {
    /// What `loadNext` or `loadPrevious` did with its page (a failure is thrown instead).
    public enum PageLoad: Hashable, Sendable {
        /// The page was fetched and merged into the list.
        case merged
        /// The page was fetched and dropped whole: when it landed, the list no longer ended
        /// (or started) at the cursor it was asked from, because a refetch replaced the list
        /// meanwhile. The list is the refetch's; counted in
        /// `RuntimeCounters.Snapshot.pagesDropped`.
        case dropped
        /// Nothing was sent: no page in that direction (`hasNext` or `hasPrevious` false), the
        /// query has no paging variables for it, or a page in that direction is loading.
        case notSent
    }
}
