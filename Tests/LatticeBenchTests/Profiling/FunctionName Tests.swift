import Testing
@testable import LatticeBench

@Suite struct FunctionNameTests {
    @Test func signaturesBecomeLabelsAndTypesGo() {
        #expect(FunctionName.shortened(
            "static LatticeBench.InstructionCounter.markRegions(_: [LatticeBench.Benchmark], iterations: Swift.Int, "
                + "progress: LatticeBench.Progress) throws -> ()")
            == "static LatticeBench.InstructionCounter.markRegions(_:iterations:progress:)")
        #expect(FunctionName.shortened(
            "static LatticeBench.InstructionCounter.(measure in _AEB457847A87EDAC29E18647B80B97E6)(_: "
                + "LatticeBench.BenchmarkInstance, name: Swift.String?, iterations: Swift.Int) throws -> ()")
            == "static LatticeBench.InstructionCounter.measure(_:name:iterations:)")
        #expect(FunctionName.shortened("Lattice.OperationHandle.phase.getter : Lattice.Phase")
            == "Lattice.OperationHandle.phase.getter")
        #expect(FunctionName.shortened(
            "closure #3 @Swift.MainActor @Sendable (LabSupport.PhaseReadSubject) -> () in closure #1 (Lattice.PhaseStrategy) "
                + "-> [LatticeBench.Benchmark] in PhaseRead.benchmarks() throws -> [LatticeBench.Benchmark]")
            == "closure #3 in closure #1 in PhaseRead.benchmarks()")
        #expect(FunctionName.shortened(
            "protocol witness for Lattice.PhaseKeeper.phase(of: Lattice.OperationHandle) -> Lattice.Phase in "
                + "conformance Lattice.StoredPhase.Keeper : Lattice.PhaseKeeper in Lattice")
            == "protocol witness for Lattice.PhaseKeeper.phase(of:) in conformance Lattice.StoredPhase.Keeper : "
                + "Lattice.PhaseKeeper in Lattice")
    }

    @Test func cNamesAndSwiftSymbolsAreReadable() {
        #expect(FunctionName.readable("swift_retain") == "swift_retain")
        #expect(FunctionName.readable("$s12LatticeBench9blackHoleyyxlF") == "LatticeBench.blackHole<A>(A)")
    }
}
