import Foundation

/// `--profile`: runs each benchmark under the SIGPROF profiler for the time budget and
/// writes its folded stacks (`<name>.folded`) and flamegraph (`<name>.svg`).
///
/// Profiling is a session of its own, never mixed with timing: the signals cost time.
@MainActor
struct ProfilingSession {
    /// Where profiles go unless `--output` names a folder.
    static let defaultDirectory = ".build/lattice-bench/profiles"

    let settings: MeasurementSettings
    let directory: URL
    let progress: Progress
    private let profiler = Profiler()
    private let symbolizer = Symbolizer()

    init(settings: MeasurementSettings, directory: URL, progress: Progress) {
        self.settings = settings
        self.directory = directory
        self.progress = progress
    }

    /// Profiles one benchmark and writes its two files.
    /// - Returns: the files written.
    /// - Throws: what the benchmark throws, `ProfilerError`, or a file-system error.
    /// - Complexity: warm-up + time budget of the operation, then symbolization.
    func profile(_ benchmark: Benchmark, resultName: String) throws -> [URL] {
        let instance = try benchmark.instantiate()
        defer { instance.tearDown() }
        progress.update(resultName, "warming up")
        let batch = try BatchCalibration.warmUpAndCalibrate(instance, settings: settings)
        progress.update(resultName, "profiling")
        try profiler.start()
        // Stacks are kept inside the measured parts only, as every mode measures them: a set-up
        // per operation is never sampled.
        profiler.pause()
        var meter = ProfilerMeter(profiler: profiler)
        let raw: RawProfile
        do {
            let start = Clocks.wallNanoseconds()
            repeat {
                try instance.run(batch, metering: &meter)
            } while Clocks.wallNanoseconds() &- start < settings.timeBudgetNanoseconds
            raw = profiler.stop()
        } catch {
            _ = profiler.stop()
            throw error
        }
        progress.update(resultName, "symbolizing \(raw.stacks.count) stacks")
        let stacks = symbolizer.foldedStacks(of: raw)
        var title = "\(resultName): \(stacks.total) samples"
        if raw.dropped > 0 { title += ", \(raw.dropped) dropped" }
        let graph = FlamegraphSVG(stacks: stacks, title: title)

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let base = ProfileFileName.of(resultName)
        let folded = directory.appendingPathComponent(base + ".folded")
        let svg = directory.appendingPathComponent(base + ".svg")
        try Data(stacks.text.utf8).write(to: folded, options: .atomic)
        try Data(graph.svg.utf8).write(to: svg, options: .atomic)
        return [folded, svg]
    }
}

/// The profiler, keeping samples during the measured parts only.
@MainActor
private struct ProfilerMeter: Meter {
    let profiler: Profiler

    func start() { profiler.resume() }
    func stop() { profiler.pause() }
}
