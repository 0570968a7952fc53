import Foundation

/// How the check test runs `generate.py check`.
enum RecordPageCheck {
    /// Why the check test was skipped, and what runs it.
    static let howToEnable = """
        needs the fixtures' Python with graphql-core: run scripts/test.sh (it makes .venv/), or set \
        LATTICE_PYTHON to a Python that has it; and the lattice binary, built with the tests
        """

    /// The repository's root, above Tests/LabSupportTests/Support/.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `LATTICE_PYTHON`, else the repository's `.venv/bin/python`.
    static var python: String {
        ProcessInfo.processInfo.environment["LATTICE_PYTHON"]
            ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
    }

    /// The `lattice` of this build: every product lands in the test bundle's folder.
    static var lattice: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lattice").path
    }

    /// Whether both are there: the check test runs only then.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.isExecutableFile(atPath: lattice)
    }

    /// Runs the check: its exit status and what it printed on stdout and stderr.
    static func run() throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [repositoryRoot.appendingPathComponent("Tests/Fixtures/RecordPage/generate.py").path,
                             "check", "--lattice", lattice]
        // One pipe for both, read to its end before waiting: a pipe nobody reads would block
        // the child once full.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }
}
