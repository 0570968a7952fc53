import Foundation
import Testing
import LatticeTesting

/// README.md's "Using Lattice in an app" is Examples/IssueTracker's code: each swift, graphql
/// and json block of the README is found line for line (indentation aside) in one of the
/// example's files of that kind, which its own tests compile and run against the loopback
/// server (scripts/lab/check_app.sh, scripts/test.sh's last step). So the page a newcomer copies
/// from cannot drift from an app that builds and works.
@Suite struct ReadmeDocTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The trimmed lines of every file under Examples/IssueTracker whose name ends `.extension`,
    /// its build folder left out.
    static func exampleFiles(_ fileExtension: String) throws -> [[Substring]] {
        let example = repository.appendingPathComponent("Examples/IssueTracker")
        guard let walk = FileManager.default.enumerator(at: example, includingPropertiesForKeys: nil) else { return [] }
        var files: [[Substring]] = []
        for case let url as URL in walk {
            if url.lastPathComponent == ".build" {
                walk.skipDescendants()
            } else if url.pathExtension == fileExtension {
                files.append(SwiftBlocks.trimmedLines(of: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files
    }

    @Test(arguments: [("swift", 6), ("graphql", 1), ("json", 1)])
    func everyBlockOfTheReadmeIsTheExampleAppsCode(_ language: String, _ atLeast: Int) throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = SwiftBlocks.blocks(in: readme, language: language)
        let files = try Self.exampleFiles(language)
        #expect(blocks.count >= atLeast, "README.md has \(blocks.count) \(language) blocks")
        for block in blocks {
            #expect(files.contains { SwiftBlocks.lines($0, contain: block) }, """
                README.md has a \(language) block that no .\(language) file of Examples/IssueTracker \
                holds line for line; change both together:
                \(block.joined(separator: "\n"))
                """)
        }
    }

    @Test func aBlockOfAnotherLanguageIsFoundByItsFence() {
        let markdown = "```graphql\nquery A { a }\n```\n```swift\nlet a = 1\n```\n```json\n{}\n```"
        #expect(SwiftBlocks.blocks(in: markdown, language: "graphql") == [["query A { a }"]])
        #expect(SwiftBlocks.blocks(in: markdown) == [["let a = 1"]])
        #expect(SwiftBlocks.blocks(in: markdown, language: "json") == [["{}"]])
    }
}
