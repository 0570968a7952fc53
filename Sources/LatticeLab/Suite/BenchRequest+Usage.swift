import LatticeBench

extension BenchRequest {
    /// The help of `lattice bench` (and `scripts/bench.sh`, which passes its arguments on), with
    /// `suite`'s executables and budgets.
    public static func usage(for suite: any BenchmarkSuite) -> String {
        let budgets = suite.executables.map { executable in
            let seconds = executable.budget.rounded() == executable.budget ? "\(Int(executable.budget))" : "\(executable.budget)"
            return "\(executable.name) \(seconds) s"
        }.joined(separator: ", ")
        return """
    usage: lattice bench [OPTIONS] [COMMAND]
           scripts/bench.sh [OPTIONS] [COMMAND]      (builds in release, then runs lattice bench)
           swift package bench [OPTIONS] [COMMAND]   (the same, from a package that depends on Lattice)

    The suite, in the order it runs (each executable also runs alone: `swift run -c release NAME --help`):
      \(suite.executables.map(\.name).joined(separator: " "))
    A full run samples each benchmark for its executable's budget, a quick run for the harness's
    quick budget. Budgets a benchmark:
      \(budgets)
    Any run then samples again, up to three times with a budget doubled each time (from the full
    one, or a quarter of it in a quick run), the benchmarks of a limit left undecided for want of
    samples: too few or too few at the machine's reference pace (pooled with the first), or too
    noisy (measured afresh). A slow or noisy machine gets more samples where a figure is judged,
    not a longer run everywhere.

    commands:
      (none)              run the suite (instructions counted too, unless --quick or --filter),
                          write the results, regenerate BENCHMARKS.md and dashboards/ (with the
                          largest instruction change against the baseline), print the decision
                          in one line
      gate [--baseline FILE] [--results FILE]
                          run the suite with instructions, or judge FILE, then the release gate:
                          exit 3 unless the chain of spec/limits.json decides the strategy it
                          ships, that strategy passes its limits and is the runtime's default
                          (PhaseStrategy.shipped), 2 on a significant regression against the
                          baseline results FILE, 1 when the results or the baseline hold no
                          benchmarks or lack each other's, 0 otherwise
      check [--results FILE]
                          a quick run with instructions (or FILE, a run that counted them), its
                          exact figures (instructions, allocations, counts) judged against
                          results/baseline.json with the tolerances of spec/limits.json: exit 2
                          on a regression (printed with its figures), 1 when a benchmark or
                          figure is on one side only
      baseline            a quick run with instructions, written as results/baseline.json; what
                          moved is recorded in results/accepted.json (BENCHMARKS.md lists it):
                          run it in the commit that makes an intended change
      compare BASE [HEAD] [--time [--rounds N]]
                          both commits checked out under .build/lab/worktrees and built into
                          .build/lab/bins/<commit> (scripts/bench.sh does it), each suite run
                          once quick and once under callgrind, their exact figures compared
                          (instructions per heap layout, or across six random hash seeds for a
                          count that moves with the heap; allocations, counts) with the
                          tolerances of this checkout's spec/limits.json, printed and written
                          to .build/lab/compare/; exit 2 on a regression, 1 when a benchmark is
                          on one side only. With --time, the suites also run A B, B A, … for N
                          quick rounds (default 6, one process each), and times are judged by
                          the rounds at the machine's reference pace; --filter narrows both
                          sides' passes to what it selects

    options:
      --quick             a short run, marked quick; outputs go under .build/lab/quick/ and the
                          committed BENCHMARKS.md, dashboards/ and results stay untouched
      --filter PATTERN    run only matching benchmarks (outputs under .build/lab/partial/):
                          a name contains PATTERN, or matches it as a glob (* ? [), or A|B
      --instructions      also count instructions under callgrind (for the whole suite)
      --profile           also profile every benchmark (folded stacks and flamegraphs) into the
                          run's folder
      --spec DIR          run the suite and the decision on another folder laid out like spec/
                          (schema.graphql, directives.graphql, operations/, responses/,
                          limits.json): the suite picks its largest @throwOnFieldError query and
                          its spreads-only queries itself, DIR/limits.json judges them, and the
                          report goes under .build/lab/spec-<name of DIR>/ (quick/, partial/,
                          gate/ or full/), never to BENCHMARKS.md, dashboards/ or results/, and
                          the decision is never written into DIR/limits.json; with a run or gate
                          only (check, baseline and compare are spec/'s)
      --bin DIR           the release-built suite executables (default: beside lattice)
      --executables       print the suite's executables, one a line, and stop (the plugin
                          builds them)
      --commits-to-build  check the arguments, print the commits compare needs built (none
                          for another command), and stop (scripts/bench.sh builds them)
      --built BASE HEAD   compare these commits, as built (scripts/bench.sh passes what it
                          built, so a commit made meanwhile does not move HEAD)
      -h, --help          this text

    Every benchmark executable lists its benchmarks first (--list): a run fails when one dies by
    a signal or exits non-zero (naming it, the signal and the benchmarks that did not report),
    when one does not report a benchmark it listed, and when --filter matches nothing in any
    executable; the profile for the flamegraph fails the run the same way. Progress goes to
    standard error, the decision and the gate's lines to standard output.

    Exit status: 0 done (gate: ship), 1 could not run (bad arguments, a build failed, a
    benchmark executable failed as above), 2 regression, 3 a limit of the shipped strategy
    failed or is undecided.

    """
    }
}
