import LatticeBench

/// Lattice's sections of BENCHMARKS.md, in the order the page shows them, each with the
/// paragraph that says what it measures.
extension SuiteSections {
    /// The benchmarks page's sections, between the decision and the accepted baseline changes.
    /// - Complexity: that of the tables.
    func page() -> [ReportSection] {
        var sections: [ReportSection] = []
        let scope = tables.scopeBaseline().map {
            " A tracked read includes the body's tracking scope itself (installing and cancelling its registrations), "
                + "about \($0) here: the cheapest tracked read above."
        } ?? ""
        sections.append(ReportSection("Phase read", about: """
            The cost of one read of `phase`, per strategy, on every spec/ query whose verdict walks its own selection \
            (`@throwOnFieldError`, or a `@required` that can bubble to the root), largest first: inside a body's \
            tracking scope (tracked) and outside any scope (untracked). Median per read with the 95 % bootstrap \
            interval of the median; allocations and instructions per tracked read.\(scope)
            """, .table(tables.phaseRead())))
        sections.append(ReportSection("Tracked against untracked, per field", about: """
            One body reading every field of a row through each reader; per field is per body divided by the fields. \
            `generated*` reads through the accessors `lattice generate` writes (Benchmarks/LabSupport/Generated), one \
            record of eight fields a row, as `@Observable` reads one object of eight properties a row. The record's \
            figures (Apple M1 Pro, eight fields, its generated accessors) stand beside this machine's.
            """, .table(tables.fieldRead())))
        sections.append(ReportSection("Goals", about: """
            The goals of the limits file (`goals`), written before the run: judged as limits are (times at the \
            machine's reference pace, on the pessimistic end of the interval; a ratio's interval bootstrapped from \
            both benchmarks), reported here and on the dashboard, and never gating the release: a goal not yet met \
            says how far off it is. The goals on the response path's steps are in its section.
            """, .goals(run.goals.filter { !SuiteTables.boundsResponsePath($0) })))
        sections.append(ReportSection("Body re-runs", about: """
            Bodies re-run per operation of each commit kind (exact counts), and the extra bodies of each strategy \
            against `stored`, today's runtime.
            """, .table(tables.bodyReruns()), below: bodyRerunEvents()))
        sections.append(ReportSection("Read scaling", about: """
            Tracked phase read against the number of fields the verdict walks, on generated operations. \
            \(crossoverSentences())
            """, .table(tables.readScaling())))
        sections.append(ReportSection("Commit scaling", about: """
            One commit while other handles are retained, per strategy: a commit one handle's data holds, and one \
            that no handle reads (what a commit costs a strategy that replaces the stored phase when it touches \
            none of them), with instructions, allocations and the runtime's counters per commit (so a cost comes \
            with its cause).
            """, .table(tables.commitScaling())))
        sections.append(ReportSection("Counters cost", about: """
            The same commit with the runtime's counters off and on, then with the event log off and on \
            (`Environment.Configuration.eventLog`): off must cost nothing, each within the noise band of the \
            commit without either (the goals event-log-off-free and event-log-on-cost judge the log). \
            \(tables.countersOutcome() ?? "")
            """, .table(tables.countersCost())))
        sections.append(ReportSection("Response path", about: """
            From a server's bytes to data read on screen, step by step: `decode` (the runtime's JSON reader, \
            `GraphQLResponse(decoding:)`), `normalize`, `publish` (into a fresh store, made and released in the \
            operation), `commit` (bytes to store: all three), `read` (every field back, through lenses; the spec's \
            response through `StoreReader.read`). Foundation's `JSONSerialization` and `JSONDecoder` (into a JSON tree) read the same \
            bytes in the same run, as the reader's anchors. Inputs: the largest response of the spec folder (spec/'s is Dashboard), a feed \
            of 20 posts by 5 authors (26 records) and a generated list of 100,000 items. MB/s are of the body, \
            fields/s of its data's object members, both at the median time.
            """, .table(tables.responsePath())))
        sections.append(ReportSection("Response path goals", about: """
            Issue 15's goals for this machine, goals of the limits file judged as the others are: the \
            reader at least 2.5 × as fast as `JSONSerialization` (its time at most 0.4 of it), at most one \
            allocation per container (and per long string) beside its two stacks, the feed's bytes to store \
            under 250 µs and its publish under 90 µs, and normalization at least 1,000,000 fields a second.
            """, .goals(SuiteTables.responsePathGoals(run.goals))))
        sections.append(ReportSection("The record's benchmark", about: """
            The decision record's system publishes what each step costs on its recorded page of 899 records \
            (686 KB of the public Rick and Morty API): \(ReferenceSystemFigures.source). `RecordPage` measures the \
            same steps on a page of the same shape made for this lab (`Tests/Fixtures/RecordPage`: 900 records, \
            689 KB). The machines differ, so a ratio says how far apart the two stand, not which runtime is \
            faster; it is Lattice's median over the published best (over the published median in brackets), and \
            a row above 1 misses the best (issue 38 sets every row at or under it). \
            \(tables.observableAnchor() ?? "")Here the commit into an empty store makes and releases the store \
            inside the measured operation; a read is the body's time divided by the fields it reads; a \
            collection pass marks every record and sweeps none (but `collectNone`'s, which sweeps the 50,004 records \
            a commit refilled before it, a set-up the measurement leaves out); the image (docs/decisions/0008) is written over \
            an image holding the page, each row read and merged, and read into an empty store as an attach at \
            launch reads it. The rows past the page's steps are measured by the executable their benchmark names \
            (`Optimistic`, `Pagination`, `Incremental`) on data of the same shape; where Lattice's operation does more than the \
            published one (a page taken back, a record written back), the measurement says so. \
            \(tables.imageBytes() ?? "")\(tables.ingestFloor() ?? "")In paces: Lattice's median over the run's reference \
            pace (`MachinePace`'s workload at this machine's best speed).
            """, .table(tables.recordPage()), below: tables.recordPageMisses()))
        sections.append(ReportSection("Optimistic layers", about: """
            The store's optimistic layers (docs/decisions/0005): `cycle`, one layer's life on a store of that many \
            rows (eight fields of a row shown, one server commit of another row written under it, the layer \
            confirmed by the answer); `rebase`, one server commit under that many pending layers of eight fields; \
            `rows`, a layer over that many rows, each read by a body, shown and then reverted. Record 0005's \
            limits judge them (the decision records above): the cycle costs the same at 100 and 100,000 rows, and \
            the rows hear of each change once.
            """, .table(tables.optimistic())))
        sections.append(ReportSection("Pagination", about: """
            A `@connection` list of 50-edge pages in a lazy list view (docs/decisions/0006): `load`, page N \
            loaded over the N - 1 pages shown (normalized, merged after the end, the list body and the 50 new \
            rows rendered) and taken back (the page popped, its rows let go), both halves costing the page; the \
            counts are the load's; `loadListOnly`, the same with no row bodies. `listBody`, an eager list body \
            re-reading every edge of N pages: the one cost that grows with the list; `nodes`, every node of N \
            pages read outside any body; `inspect`, the store of N pages inspected (`Store.inspect()`, issue 40); \
            `appendEdge`, an optimistic `@appendEdge` answer shown over N pages and \
            reverted. Record 0006's limits judge them (the decision records above): page 42 \
            costs what page 2 costs, re-runs the list body once and no row already shown.
            """, .table(tables.pagination())))
        sections.append(ReportSection("Lifetime", about: """
            Memory while a list is scrolled one query a page (docs/decisions/0007): `scroll`, pages 1 to N of 50 \
            items from an empty environment, each attached, answered, and the one before it detached into the \
            release buffer of 10, the turn's scheduled collection run; after the last page, the records the store \
            holds and the bytes dropping the environment frees, and the collections the scroll ran. Record \
            0007's limits judge them (the decision records above): after page 42 the store holds at most 1.2 \
            times what it holds after page 10; its collection passes are the record's page's, above.
            """, .table(tables.lifetime())))
        sections.append(ReportSection("Incremental delivery", about: """
            An answer in parts (`@defer`, `@stream`; docs/decisions/0009), 20 payloads and 978 KiB, as the \
            record's system measures its multipart reader (20 parts, 978 KB, 16 KB chunks: 483 µs, Apple M1 \
            Pro): `multipart`, the body split into its parts in chunks of that many KiB (the reader alone; the \
            goals want 16 KiB at or under the record's figure and every chunk size within 1.2 times the others); \
            `decoded`, each part decoded too; `normalized`, each payload merged into the answer so far and \
            committed where it landed, as the environment does; `partsAlone`, each part committed as a \
            single-part answer of its own (the goal wants `normalized` at most twice it); `initial`, the initial payload from its first byte to its \
            fields read; `part`, one deferred part landing on a shown answer, with the bodies it re-ran: record \
            0009's limit wants none but the part's readers.
            """, .table(tables.incremental()), below: tables.incrementalEvents()))
        sections.append(ReportSection("Generated code: generating and compiling", about: """
            What an app's build pays for `lattice generate`'s output, on issue 23's union document \
            (`LatticeTesting.UnionDocument`: sections of cards of metas, each level a union of three whose first \
            member holds the next; `full` is 10 x 50 x 20, 1.2 MB of GraphQL, `half` 5 x 50 x 20): the schema and \
            document compiled, the Swift generated and written, and compiled by `swiftc` in debug (`-Onone -g`) \
            against the Lattice module, as one step; the compiler's peak memory is its process's (driver and \
            frontend) as the kernel reports it. Selections written alike share one struct \
            (docs/generated-code.md), so the full document is 101 accessor lines in 9 structs. The goals above \
            judge it: at most 6 s and 0.5 GB, and linear in the document. The record's system publishes 4.01 s \
            and 0.36 GB for its document of that shape (Apple M1 Pro, debug).
            """, .table(tables.generatedCompile())))
        sections.append(ReportSection("Allocations", about: """
            Mallocs and bytes per operation, exact (jemalloc); retains and releases per operation, exact (calls \
            into the Swift runtime's reference counting, counted by callgrind in the instruction pass); the \
            resident peak while a batch ran above the process's resident set before the benchmark was set up, \
            measured (pages; median and interval of the batches); and the functions that asked for memory most \
            often in an operation, past the Swift runtime's allocation entry points (callgrind's call counts; \
            docs/harness.md, "Retains, I/O, the resident peak").
            """, .table(tables.allocations())))
        sections.append(ReportSection("Input and output", about: """
            Bytes per operation the benchmark's thread passed to `read` and `write` system calls (the kernel's \
            `rchar` and `wchar`), exact, for the benchmarks that read or wrote anything: the record's image \
            written, hydrated and launched.
            """, .table(tables.inputOutput())))
        sections.append(ReportSection("Other benchmarks", about: "Benchmarks outside the suite's naming scheme.",
                                      .table(tables.otherBenchmarks())))
        return sections
    }

    /// Under the body re-runs' table: the events behind each strategy's bodies, where the run
    /// recorded them; empty when it recorded none (an older file).
    private func bodyRerunEvents() -> String {
        let table = tables.bodyRerunEvents()
        guard !table.isEmpty else { return "" }
        return "The events behind the bodies, in one operation of each (the event log on, outside the measured "
            + "operations): which commit (its number and who wrote it), which field, which body; `no commit` for a "
            + "body a fetch's state re-ran.\n\n" + table.markdown()
    }

    /// The read-scaling section's sentences: where each strategy's read crosses the limit.
    private func crossoverSentences() -> String {
        guard let bound = run.timeBound else { return "No time limit is set, so no crossover is computed." }
        return crossoverSentences(series: { "`\($0)`" }, bound: ValueFormat.string(bound, unit: .nanoseconds))
    }
}
