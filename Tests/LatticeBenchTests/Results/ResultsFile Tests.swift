import Foundation
import Testing
@testable import LatticeBench

@Suite struct ResultsFileTests {
    @Test func writesAtomicallyAndReadsBackTheSameResults() throws {
        let directory = try SampleResults.temporaryDirectory()
        let url = directory.appendingPathComponent("results.json")
        let results = try SampleResults.file()
        try Data("stale".utf8).write(to: url)
        try results.write(to: url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["results.json"])
        let read = try ResultsFile.read(from: url)
        #expect(read == results)
        #expect(read.schemaVersion == 1)
        #expect(try read.encoded() == results.encoded())
    }

    @Test func theJSONHasTheDocumentedShape() throws {
        let data = try SampleResults.file().encoded()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["createdAt"] as? String == "2027-01-15T08:00:00Z")
        let benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
        let metrics = try #require(benchmarks.first?["metrics"] as? [[String: Any]])
        let metric = try #require(metrics.first?["metric"] as? [String: Any])
        #expect(metric["name"] as? String == "wallTime")
        #expect(metric["unit"] as? String == "nanoseconds")
        #expect(metric["polarity"] as? String == "prefersSmaller")
        let summary = try #require(metrics.first?["summary"] as? [String: Any])
        #expect(summary["median"] as? Double == 640)
        #expect((summary["medianInterval"] as? [String: Any])?["confidence"] as? Double == 0.95)
        #expect((metrics.first?["samples"] as? [Double])?.count == 101)
    }

    @Test func rejectsAnotherSchemaVersion() throws {
        let text = String(decoding: try SampleResults.file().encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 2")
        #expect(throws: JSONFileError.unsupportedVersion(file: "r.json", key: "schemaVersion", found: 2, supported: 1)) {
            try JSONFileDecoder.decode(ResultsFile.self, from: Data(text.utf8), file: "r.json")
        }
    }

    @Test func namesTheJSONPathOfAMistypedField() throws {
        let text = String(decoding: try SampleResults.file().encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"iterationsPerSample\" : 16", with: "\"iterationsPerSample\" : \"16\"")
        let error = try corruptError(text)
        #expect(error.path == "$.benchmarks[0].iterationsPerSample")
        #expect(error.reason.contains("expected a number"))
    }

    @Test func namesTheJSONPathOfAMissingField() throws {
        let text = String(decoding: try SampleResults.file().encoded(), as: UTF8.self)
            .replacingOccurrences(of: "\"polarity\" : \"prefersSmaller\",", with: "")
        #expect(try corruptError(text).path == "$.benchmarks[0].metrics[0].metric.polarity")
    }

    @Test func reportsWhereTheSyntaxBreaks() throws {
        let text = "{\n  \"schemaVersion\" : 1,\n  \"createdAt\" : oops\n}"
        let error = try corruptError(text)
        #expect(error.path == "$")
        #expect(error.reason.hasPrefix("line 3, column 17:"), "\(error.reason)")
    }

    @Test func rejectsASummaryThatDoesNotMatchItsSamples() throws {
        var results = try SampleResults.file()
        results.benchmarks[1].metrics[1].samples.removeLast()
        let error = try corruptError(String(decoding: try results.encoded(), as: UTF8.self))
        #expect(error.path == "$.benchmarks[1].metrics[1].summary.n")
    }

    @Test func rejectsDuplicateBenchmarkNames() throws {
        var results = try SampleResults.file()
        results.benchmarks[1].name = results.benchmarks[0].name
        let error = try corruptError(String(decoding: try results.encoded(), as: UTF8.self))
        #expect(error.path == "$.benchmarks[1].name")
    }

    @Test func aMissingFileIsUnreadableAndNamed() throws {
        let url = try SampleResults.temporaryDirectory().appendingPathComponent("absent.json")
        do {
            _ = try ResultsFile.read(from: url)
            Issue.record("expected an error")
        } catch {
            guard case .unreadable(let file, _) = error else {
                Issue.record("expected .unreadable, got \(error)")
                return
            }
            #expect(file == url.path)
            #expect(error.description.hasPrefix(url.path))
            #expect(error.description.hasSuffix("No such file or directory"))
        }
    }

    @Test func aDirectoryGivenAsAResultsFileIsNamedWithTheOperatingSystemsReason() throws {
        let directory = try SampleResults.temporaryDirectory()
        #expect(throws: JSONFileError.unreadable(file: directory.path, reason: "Is a directory")) {
            _ = try ResultsFile.read(from: directory)
        }
    }

    /// The `.corrupt` error of decoding `text`, failing the test for any other outcome.
    private func corruptError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> (path: String, reason: String) {
        do {
            _ = try JSONFileDecoder.decode(ResultsFile.self, from: Data(text.utf8), file: "r.json")
        } catch {
            if case .corrupt(let file, let path, let reason) = error {
                #expect(file == "r.json", sourceLocation: sourceLocation)
                return (path, reason)
            }
            Issue.record("expected .corrupt, got \(error)", sourceLocation: sourceLocation)
            throw error
        }
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return ("", "")
    }
}

@Suite struct AllocationSitesFieldTests {
    /// The sample file with allocation sites on its first metric.
    private func text(_ sites: [AllocationSite]) throws -> String {
        var results = try SampleResults.file()
        results.benchmarks[0].metrics[0].allocationSites = sites
        return String(decoding: try results.encoded(), as: UTF8.self)
    }

    private func corrupt(_ text: String) -> (path: String, reason: String)? {
        do {
            _ = try JSONFileDecoder.decode(ResultsFile.self, from: Data(text.utf8), file: "r.json")
        } catch {
            if case .corrupt(_, let path, let reason) = error { return (path, reason) }
        }
        return nil
    }

    @Test func sitesReadBackAndOlderFilesWithoutThemStillRead() throws {
        let sites = [AllocationSite(function: "Lattice.Store.publish(_:)", allocations: 3),
                     AllocationSite(function: "sqlite3VdbeExec", allocations: 0.5)]
        let read = try JSONFileDecoder.decode(ResultsFile.self, from: Data(try text(sites).utf8), file: "r.json")
        #expect(read.benchmarks[0].metrics[0].allocationSites == sites)
        let older = try JSONFileDecoder.decode(ResultsFile.self, from: try SampleResults.file().encoded(), file: "r.json")
        #expect(older.benchmarks[0].metrics[0].allocationSites == nil)
    }

    @Test func aCorruptSiteIsLocated() throws {
        let twice = try text([AllocationSite(function: "f", allocations: 1), AllocationSite(function: "f", allocations: 2)])
        #expect(corrupt(twice)?.path == "$.benchmarks[0].metrics[0].allocationSites[1].function")
        let negative = try text([AllocationSite(function: "f", allocations: -2)])
        #expect(corrupt(negative)?.path == "$.benchmarks[0].metrics[0].allocationSites[0].allocations")
        let mistyped = try text([AllocationSite(function: "f", allocations: 7)])
            .replacingOccurrences(of: "\"allocations\" : 7", with: "\"allocations\" : \"7\"")
        #expect(corrupt(mistyped)?.path == "$.benchmarks[0].metrics[0].allocationSites[0].allocations")
    }
}
