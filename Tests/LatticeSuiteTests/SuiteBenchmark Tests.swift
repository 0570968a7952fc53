import LatticeBench
import Testing
@testable import LatticeSuite

@Suite struct SuiteBenchmarkTests {
    @Test func recognisesTheSuitesNames() {
        #expect(SuiteBenchmark(name: "PhaseRead/derived/Dashboard/tracked")
                == .phaseRead(strategy: "derived", operation: "Dashboard", tracked: true))
        #expect(SuiteBenchmark(name: "PhaseRead/stored/Dashboard/untracked")
                == .phaseRead(strategy: "stored", operation: "Dashboard", tracked: false))
        #expect(SuiteBenchmark(name: "FieldRead/lensTracked/8") == .fieldRead(reader: "lensTracked", fields: 8))
        #expect(SuiteBenchmark(name: "BodyReruns/rootVerdict/IssueScreen/linkMoved")
                == .bodyReruns(strategy: "rootVerdict", operation: "IssueScreen", commit: "linkMoved"))
        #expect(SuiteBenchmark(name: "ReadScaling/derived/4096") == .readScaling(strategy: "derived", fields: 4096))
        #expect(SuiteBenchmark(name: "CommitScaling/stored/10000")
                == .commitScaling(strategy: "stored", handles: 10000, touched: true))
        #expect(SuiteBenchmark(name: "CommitScaling/rootVerdict/10/untouched")
                == .commitScaling(strategy: "rootVerdict", handles: 10, touched: false))
        #expect(SuiteBenchmark(name: "CommitScaling/counters/off") == .countersCost(setting: "off"))
        #expect(SuiteBenchmark(name: "CommitScaling/eventLog/on") == .eventLogCost(setting: "on"))
        #expect(SuiteBenchmark(name: "CommitScaling/localUpdate/clientField") == .localUpdate(write: "clientField"))
        #expect(SuiteBenchmark(name: "ResponsePath/Feed/decode") == .responsePath(input: "Feed", step: "decode"))
        #expect(SuiteBenchmark(name: "FanOut/read/24") == .fanOut(step: "read", depth: 24))
        #expect(SuiteBenchmark(name: "RecordPage/collect300Roots") == .recordPage(step: "collect300Roots"))
        #expect(SuiteBenchmark(name: "GeneratedCompile/half") == .generatedCompile(size: "half"))
    }

    /// The executables build their names with the type the lab parses them with: each parses
    /// back to itself, and the executable's part is what the harness puts in front.
    @Test(arguments: [
        SuiteBenchmark.phaseRead(strategy: "derived", operation: "Dashboard", tracked: true),
        .phaseRead(strategy: "stored", operation: "CookCard", tracked: false),
        .fieldRead(reader: "lensTracked", fields: 8),
        .bodyReruns(strategy: "rootVerdict", operation: "IssueScreen", commit: "linkMoved"),
        .readScaling(strategy: "derived", fields: 4096),
        .commitScaling(strategy: "stored", handles: 10_000, touched: true),
        .commitScaling(strategy: "rootVerdict", handles: 0, touched: false),
        .countersCost(setting: "on"),
        .eventLogCost(setting: "off"),
        .localUpdate(write: "serverField"),
        .responsePath(input: "Feed", step: "JSONDecoder"),
        .fanOut(step: "normalize", depth: 2),
        .recordPage(step: "commitAgain"),
        .recordPage(step: "unionIngest"),
        .recordPage(step: "imageLaunch"),
        .pagination(step: "appendEdge", page: 1),
        .pagination(step: "nodes", page: 42),
        .optimistic(step: "rows", size: 20),
        .generatedCompile(size: "full"),
    ])
    func namesParseBackToWhatBuiltThem(benchmark: SuiteBenchmark) {
        #expect(SuiteBenchmark(name: benchmark.name) == benchmark)
        #expect(benchmark.name == benchmark.executable + "/" + benchmark.nameInExecutable)
        #expect(LatticeSuite().executable(named: benchmark.executable) != nil)
    }

    @Test(arguments: ["PhaseRead/derived/Dashboard/sideways", "PhaseRead/derived//tracked", "FieldRead/lens/eight",
                      "ReadScaling/derived/0", "HarnessExample/sum", "CommitScaling/stored/many", "CommitScaling/stored/10/sideways",
                      "ResponsePath/Feed", "ResponsePath//decode", "FanOut/read/deep", "RecordPage", "RecordPage/",
                      "RecordPage/ingest/again", ""])
    func leavesOtherNamesAlone(name: String) {
        #expect(SuiteBenchmark(name: name) == nil)
    }

    @Test func ordersKnownStrategiesFirst() {
        #expect(LatticeSuite().ordered(strategies: ["zeta", "rootVerdict", "derived", "alpha", "stored", "derived"])
                == ["stored", "derived", "rootVerdict", "alpha", "zeta"])
    }
}
