import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

/// The lab's limits file: LatticeBench's limits and tolerances with the chain, `ships` and each
/// limit's strategies beside them.
@Suite struct LabLimitsTests {
    static let valid = """
    {
      "version": 4,
      "chain": ["derived", "rootVerdict", "stored"],
      "ships": "derived",
      "limits": [
        { "id": "phase-read", "description": "phase read on the largest operation",
          "strategies": ["derived", "rootVerdict", "stored"],
          "benchmark": "PhaseRead/{strategy}/*/tracked", "metric": "wallTime",
          "statistic": "median", "bound": 50000, "maxCV": 0.2 },
        { "id": "extra-bodies", "description": "no extra bodies", "strategies": ["derived"],
          "benchmark": "BodyReruns/{strategy}/spreads/readValueChanged", "metric": "extraBodies",
          "statistic": "value", "bound": 0 },
        { "id": "scaling", "description": "flat commits", "strategies": ["derived", "rootVerdict"],
          "benchmark": "CommitScaling/{strategy}/10000/untouched", "relativeTo": "CommitScaling/{strategy}/10/untouched",
          "metric": "instructions", "statistic": "median", "bound": 1.5 }
      ],
      "baseline": [
        { "benchmarks": "PhaseRead/*", "tolerance": 0, "why": "hot" }
      ],
      "decisions": [
        { "id": "0002", "record": "docs/decisions/0002.md", "title": "the chain", "reopenIf": "the chain fails",
          "chainLimits": ["phase-read", "extra-bodies"] },
        { "id": "0003", "record": "docs/decisions/0003.md", "title": "strict", "reopenIf": "normalizing costs more",
          "limits": [
            { "id": "normalize", "description": "normalize", "benchmark": "ResponsePath/Dashboard/normalize",
              "metric": "instructions", "statistic": "median", "bound": 11640000 }
          ] },
        { "id": "0004", "record": "docs/decisions/0004.md", "title": "sse", "reopenIf": "a libcurl with WebSocket",
          "chainLimits": [], "limits": [] }
      ],
      "goals": [
        { "id": "goal-read", "description": "generated within 1.2 of observable",
          "benchmark": "FieldRead/generatedUntracked/8", "relativeTo": "FieldRead/observableUntracked/8",
          "metric": "wallTime", "statistic": "median", "bound": 1.2 }
      ]
    }
    """

    private func decode(_ text: String) throws(JSONFileError) -> LabLimits {
        try JSONFileDecoder.decode(LabLimits.self, from: Data(text.utf8), file: "spec/limits.json")
    }

    @Test func eachStrategyGetsItsLimitsWithThePatternsNamingIt() throws {
        let limits = try decode(Self.valid)
        #expect(limits.chain == ["derived", "rootVerdict", "stored"])
        #expect(limits.ships == "derived")
        #expect(limits.file.limits.map(\.id) == ["phase-read", "extra-bodies", "scaling"])
        #expect(limits.limits(for: "stored").map(\.id) == ["phase-read"])
        let scaling = try #require(limits.limits(for: "rootVerdict").last)
        #expect(scaling.benchmark == "CommitScaling/rootVerdict/10000/untouched")
        #expect(scaling.relativeTo == "CommitScaling/rootVerdict/10/untouched")
        #expect(limits.file.baselineTolerance(for: "PhaseRead/stored/Dashboard/tracked")?.why == "hot")
        #expect(try LimitsFile.read(from: try temporaryFile(Self.valid)).limits == limits.file.limits,
                "LatticeBench reads the same file's limits, the lab's keys left out")
    }

    /// Each ratio's two sides, for each strategy it applies to, are one interleaving group of a
    /// measuring pass, and only of a measuring pass (callgrind counts instructions one
    /// benchmark at a time, whatever runs beside it).
    @Test func aRatiosSidesAreMeasuredInTurn() throws {
        let limits = try decode(Self.valid)
        // The chain's ratio for each strategy it applies to, then the goal's.
        #expect(limits.ratioSides == ["CommitScaling/derived/10000/untouched|CommitScaling/derived/10/untouched",
                                      "CommitScaling/rootVerdict/10000/untouched|CommitScaling/rootVerdict/10/untouched",
                                      "FieldRead/generatedUntracked/8|FieldRead/observableUntracked/8"])
        let executable = SuiteExecutable("CommitScaling", budget: 2)
        let measuring = SuitePass(mode: .measure, quick: true, interleave: limits.ratioSides)
        #expect(measuring.sampling(executable) == limits.ratioSides.flatMap { ["--interleave", $0] } + ["--quick"])
        let counting = SuitePass(mode: .instructions, quick: true, interleave: limits.ratioSides)
        #expect(!counting.sampling(executable).contains("--interleave"))
    }

    @Test func decisionRecordsDecodeWithTheLimitsThatWatchThem() throws {
        let limits = try decode(Self.valid)
        #expect(limits.decisions.map(\.id) == ["0002", "0003", "0004"])
        #expect(limits.decisions[0].chainLimits == ["phase-read", "extra-bodies"])
        #expect(limits.decisions[0].limits.isEmpty, "an absent list of own limits is empty")
        #expect(limits.decisions[1].limits.map(\.benchmark) == ["ResponsePath/Dashboard/normalize"])
        #expect(!limits.decisions[2].watched)
        #expect(limits.limits(for: "derived").map(\.id) == ["phase-read", "extra-bodies", "scaling"],
                "a record's own limits are no strategy's")
    }

    @Test(arguments: [
        ("\"ships\": \"derived\",", "", "$.ships"),
        ("\"ships\": \"derived\"", "\"ships\": \"\"", "$.ships"),
        ("\"ships\": \"derived\"", "\"ships\": \"optimistic\"", "$.ships"),
        ("\"chain\": [\"derived\", \"rootVerdict\", \"stored\"]", "\"chain\": []", "$.chain"),
        ("\"chain\": [\"derived\", \"rootVerdict\", \"stored\"]", "\"chain\": [\"derived\", \"derived\"]", "$.chain"),
        ("\"strategies\": [\"derived\"],", "\"strategies\": [\"cached\"],", "$.limits[1].strategies"),
        ("\"strategies\": [\"derived\"],", "\"strategies\": [],", "$.limits[1].strategies"),
        ("\"strategies\": [\"derived\"],", "", "$.limits[1].strategies"),
        ("\"bound\": 1.5", "\"bound\": 0", "$.limits[2].bound"),
        ("\"id\": \"extra-bodies\"", "\"id\": \"phase-read\"", "$.limits[1].id"),
        ("\"chainLimits\": [\"phase-read\", \"extra-bodies\"]", "\"chainLimits\": [\"phase-read\", \"phase-reed\"]",
         "$.decisions[0].chainLimits[1]"),
        ("\"id\": \"0004\"", "\"id\": \"0002\"", "$.decisions[2].id"),
        ("\"id\": \"0004\"", "\"id\": \"scaling\"", "$.decisions[2].id"),
        ("\"id\": \"normalize\"", "\"id\": \"phase-read\"", "$.decisions[1].limits[0].id"),
        ("\"title\": \"strict\", ", "", "$.decisions[1].title"),
        ("\"reopenIf\": \"the chain fails\",", "", "$.decisions[0].reopenIf"),
        ("\"ResponsePath/Dashboard/normalize\"", "\"ResponsePath/{strategy}/normalize\"", "$.decisions[1].limits[0].benchmark"),
        ("\"bound\": 11640000", "\"bound\": \"many\"", "$.decisions[1].limits[0].bound"),
        ("\"id\": \"goal-read\"", "\"id\": \"phase-read\"", "$.goals[0].id"),
        ("\"id\": \"goal-read\"", "\"id\": \"0003\"", "$.goals[0].id"),
        ("\"FieldRead/generatedUntracked/8\"", "\"FieldRead/{strategy}/8\"", "$.goals[0].benchmark"),
        ("\"bound\": 1.2", "\"bound\": 0", "$.goals[0].bound"),
        ("\"metric\": \"instructions\", \"statistic\": \"median\", \"bound\": 11640000",
         "\"statistic\": \"median\", \"bound\": 11640000", "$.decisions[1].limits[0].metric"),
    ])
    func namesTheJSONPathOfWhatIsWrong(replacing: String, with: String, path: String) throws {
        let text = Self.valid.replacingOccurrences(of: replacing, with: with)
        #expect(text != Self.valid)
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let found, _) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(file == "spec/limits.json")
            #expect(found == path)
        }
    }

    @Test func goalsDecodeAndNoStrategyHasThem() throws {
        let limits = try decode(Self.valid)
        #expect(limits.goals.map(\.id) == ["goal-read"])
        #expect(limits.goals.first?.relativeTo == "FieldRead/observableUntracked/8")
        #expect(!limits.limits(for: "derived").contains { $0.id == "goal-read" })
        let start = try #require(Self.valid.range(of: ",\n  \"goals\""))
        let end = try #require(Self.valid.range(of: "\n}", options: .backwards))
        let withoutGoals = String(Self.valid[..<start.lowerBound]) + String(Self.valid[end.lowerBound...])
        #expect(try decode(withoutGoals).goals.isEmpty, "goals are optional")
    }

    @Test(arguments: [2, 3])
    func anOlderFileIsRefusedAsSuch(version: Int) throws {
        // Version 3 had no decision records: read as a file with none, every record would go
        // unwatched without a word.
        let old = Self.valid.replacingOccurrences(of: "\"version\": 4", with: "\"version\": \(version)")
        #expect(throws: JSONFileError.unsupportedVersion(file: "spec/limits.json", key: "version", found: version,
                                                         supported: 4)) {
            try decode(old)
        }
    }

    @Test func aFileWithoutDecisionsIsRefusedAtThatKey() throws {
        let start = try #require(Self.valid.range(of: ",\n  \"decisions\""))
        let end = try #require(Self.valid.range(of: "\n}", options: .backwards))
        let text = String(Self.valid[..<start.lowerBound]) + String(Self.valid[end.lowerBound...])
        do {
            _ = try decode(text)
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let path, _) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(file == "spec/limits.json")
            #expect(path == "$.decisions")
        }
    }

    @Test func everyCommittedRecordsReopeningLineNamesItsLimits() throws {
        let package = LabSamples.limitsURL.deletingLastPathComponent().deletingLastPathComponent()
        let limits = try LabLimits.read(from: LabSamples.limitsURL)
        #expect(limits.decisions.map(\.id) == ["0001", "0002", "0003", "0004", "0005", "0006", "0007", "0008", "0009"])
        for record in limits.decisions {
            let text = try String(contentsOf: package.appendingPathComponent(record.record), encoding: .utf8)
            let reopening = try #require(text.split(separator: "\n").last { $0.hasPrefix("Reopen if") },
                                         "\(record.record) ends with its reopening line")
            #expect(reopening.contains("spec/limits.json"), "\(record.record)")
            for id in record.chainLimits + record.limits.map(\.id) {
                #expect(reopening.contains("`\(id)`"), "\(record.record) names \(id)")
            }
            if !record.watched { #expect(reopening.contains("not watched"), "\(record.record)") }
        }
    }

    @Test func aRewrittenShipsChangesOneLineOfTheCommittedFile() throws {
        let url = LabSamples.limitsURL
        let committed = try Data(contentsOf: url)
        var limits = try LabLimits.read(from: url)
        #expect(try limits.encoded(file: url.path) == committed, "the committed file is in the form a run writes")
        limits.ships = limits.chain.first { $0 != limits.ships } ?? limits.ships
        let rewritten = try #require(String(data: try limits.encoded(file: url.path), encoding: .utf8))
        let before = try #require(String(data: committed, encoding: .utf8))
        let changed = zip(before.split(separator: "\n"), rewritten.split(separator: "\n")).filter { $0 != $1 }
        #expect(changed.count == 1 && changed.first?.1.contains("\"ships\"") == true)
    }

    @Test func theSecondSpecFoldersLimitsAreRead() throws {
        let url = LabSamples.limitsURL.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/SmallSpec/limits.json")
        let limits = try LabLimits.read(from: url)
        #expect(limits.limits(for: "derived").first?.benchmark == "PhaseRead/derived/Pantry/tracked")
    }

    private func temporaryFile(_ text: String) throws -> URL {
        let url = try LabSamples.temporaryDirectory().appendingPathComponent("limits.json")
        try Data(text.utf8).write(to: url)
        return url
    }
}
