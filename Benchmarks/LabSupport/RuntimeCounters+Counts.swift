import Lattice

extension RuntimeCounters.Snapshot {
    /// The counts as a benchmark reports them (cumulative; the harness divides by the
    /// operations between two reads), every one the runtime counts, named as it names them
    /// (`RuntimeCounters.Snapshot.all`).
    public var counts: [String: Int] {
        Dictionary(uniqueKeysWithValues: Self.all.map { ($0.name, self[keyPath: $0.count]) })
    }
}
