extension ComparisonThresholds {
    /// alpha 0.05, noise 5 %, exact 0, exact floor 0.5, confidence 0.95.
    ///
    /// - alpha 0.05: the conventional level, also benchstat's and criterion's; about one
    ///   unchanged benchmark in twenty passes it by chance, which is why the noise band
    ///   exists as a second condition.
    /// - noise 5 %: on the shared 2-core machine this lab runs on, repeated runs of one
    ///   binary drift by a few percent (frequency, cache neighbours); criterion uses 2 % on
    ///   quiet machines. A 10 % change still lands outside the band.
    /// - exact 0: deterministic counts (allocations, instructions) do not drift; a
    ///   difference that moves the whole range of their samples (instructions: one count per
    ///   heap layout, see `HeapLayout`) was caused by a code change.
    /// - exact floor 0.5: a count is an average over a few operations; half an instruction or
    ///   allocation per operation is less than any operation can add.
    public static let `default` = ComparisonThresholds(alpha: 0.05, noise: 0.05, exact: 0, exactFloor: 0.5,
                                                       confidence: 0.95)
}
