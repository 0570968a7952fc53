import LatticeBench
final class Box { var x = 0 }
try scratchInstructions([
  Benchmark("sum", setUp: { Array(0..<1000) }) { a in blackHole(a.reduce(0, &+)) },
  Benchmark("boxes") { blackHole((Box(), Box(), Box())) },
])
