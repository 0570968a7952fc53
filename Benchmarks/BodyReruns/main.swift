// BodyReruns: exact counts of bodies re-run, per strategy, per operation, per kind of commit
// (CommitKind), for a body that reads only the handle's phase:
//
//   BodyReruns/<strategy>/<Operation>/<commit>
//     bodies       body re-runs per cycle
//     extraBodies  bodies beyond the stored strategy's on the same cycle (the record's second
//                  limit: 0 on verdictValue for every spreads-only operation, spec/'s IssueScreen)
//
// The operations are the spec folder's largest @throwOnFieldError query and its spreads-only
// queries (LabOperations); each writes where its RerunTarget says.
//     and the runtime's counters per cycle (commits, notifications, handlesWalked, ...)
//
// Beside `bodies` and `notifications`, the events behind them in one cycle
// (`RerunSubject.eventsOfOneCycle`, LabSupport): a subject of its own with the event log on,
// run outside the measured passes.
import LabSupport
import Lattice
import LatticeBench
import LatticeSuite
import LatticeTesting

/// A subject, the stored strategy's bodies per cycle of the same kind, and the cycles run.
@MainActor
final class RerunState {
    let subject: RerunSubject
    let kind: CommitKind
    let storedPerCycle: Int
    var cycles = 0

    init(subject: RerunSubject, kind: CommitKind, storedPerCycle: Int) {
        self.subject = subject
        self.kind = kind
        self.storedPerCycle = storedPerCycle
    }

    var counts: [String: Int] {
        var counts = subject.loaded.environment.counters?.total.counts ?? [:]
        counts[SuiteBenchmark.CountName.bodies] = subject.bodies
        counts[SuiteBenchmark.CountName.extraBodies] = subject.bodies - storedPerCycle * cycles
        return counts
    }
}

/// Bodies per cycle under `stored`: the second of two cycles (the first may differ).
@MainActor
func storedBodiesPerCycle(_ fixtures: CompiledSpec, _ target: RerunTarget, _ kind: CommitKind) throws -> Int {
    let subject = try RerunSubject(fixtures, .stored, target)
    kind.cycle(subject)
    let before = subject.bodies
    kind.cycle(subject)
    return subject.bodies - before
}

@MainActor
func benchmarks() throws -> [Benchmark] {
    let fixtures = try CompiledSpec.load()
    let targets = try LabOperations(fixtures).rerunOperations.map { try RerunTarget(operation: $0, in: fixtures) }
    return targets.flatMap { target in
        CommitKind.allCases.flatMap { kind in
            // The stored strategy's count is the same for the three benchmarks of a target
            // and kind: computed once, when the first of them is set up.
            var storedPerCycle: Int?
            return PhaseStrategy.allCases.map { strategy in
                Benchmark(SuiteBenchmark.bodyReruns(strategy: strategy.rawValue, operation: target.operation,
                                                 commit: kind.rawValue).nameInExecutable, metrics: [.wallTime, .instructions],
                          setUp: {
                              let subject = try RerunSubject(fixtures, strategy, target)
                              if kind == .linkMoved, !subject.hasLinks {
                                  throw RerunSubjectError.noLinks(operation: target.operation)
                              }
                              // One cycle first, so every measured cycle starts from the same state.
                              kind.cycle(subject)
                              let stored = try storedPerCycle ?? storedBodiesPerCycle(fixtures, target, kind)
                              storedPerCycle = stored
                              return RerunState(subject: subject, kind: kind, storedPerCycle: stored)
                          },
                          counts: { $0.counts },
                          events: {
                              let events = try RerunSubject.eventsOfOneCycle(fixtures, strategy, target, kind)
                              return [SuiteBenchmark.CountName.bodies: events.bodies,
                                      SuiteBenchmark.CountName.notifications: events.notifications]
                          },
                          operation: { state in
                              state.kind.cycle(state.subject)
                              state.cycles += 1
                          })
            }
        }
    }
}

runSuite("BodyReruns") { try benchmarks() }
