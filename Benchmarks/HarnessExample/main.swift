// A tiny, non-GraphQL example of every LatticeBench metric:
// time and CPU (`empty`, `sumArray`, `sumArray+10%`), exact allocations (`allocateBoxes`),
// a custom count (`countedSteps`), stacks worth profiling (`sortStrings`), and a set-up per
// operation that no figure counts (`takeBoxes`).
// Instructions: run with `--instructions`; stacks: with `--profile`.
import LatticeBench

/// A class instance is one heap allocation.
final class Box {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// The boxes `takeBoxes` takes, put back before each operation.
@MainActor
final class Shelf {
    var boxes: [Box] = []

    /// Ten boxes and the array holding them: eleven allocations, and a sum over `numbers`.
    func fill() {
        boxes = (0..<10).map { Box($0 + numbers.reduce(0, &+)) }
    }
}

/// Counts the steps of `countedSteps`, cumulatively, for the harness to read.
@MainActor
final class StepCounter {
    var steps = 0
}

let numbers = Array(0..<1_000)
let tenPercentMore = Array(0..<1_100)
let words = (0..<500).map { index in String((index &* 2_654_435_761) % 1_000_003, radix: 36) }

BenchmarkMain.run([
    // The empty operation: about 0 ns once the harness subtracts its own overhead.
    Benchmark("empty") {},
    Benchmark("sumArray", setUp: { numbers }) { numbers in
        blackHole(numbers.reduce(0, &+))
    },
    // The same work on 10% more elements: comparing it with `sumArray` shows a regression.
    Benchmark("sumArray+10%", setUp: { tenPercentMore }) { numbers in
        blackHole(numbers.reduce(0, &+))
    },
    // Exactly three allocations per operation.
    Benchmark("allocateBoxes") {
        blackHole(Box(1))
        blackHole(Box(2))
        blackHole(Box(3))
    },
    // A custom exact count: 7 steps per operation.
    Benchmark("countedSteps", setUp: { StepCounter() },
              counts: { counter in ["steps": counter.steps] }) { counter in
        for _ in 0..<7 { counter.steps += 1 }
    },
    Benchmark("sortStrings", setUp: { words }) { words in
        blackHole(words.sorted())
    },
    // The shelf filled before each operation, unmeasured: the operation's one allocation (a Box)
    // is the whole `mallocs`, and the fill's sum none of its instructions.
    Benchmark("takeBoxes", setUp: { Shelf() }, setUpEach: { $0.fill() }) { shelf in
        blackHole(Box(shelf.boxes.count))
        shelf.boxes.removeAll()
    },
])
