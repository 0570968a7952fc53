@MainActor public func scratchInstructions(_ b: [Benchmark]) throws {
    try InstructionCounter.markRegions(b.map { ("X/" + $0.name, $0) }, iterations: 10, progress: Progress())
}
