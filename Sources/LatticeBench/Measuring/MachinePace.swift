/// How fast the machine runs at a given moment: the wall time of a fixed reference workload,
/// taken right before each timing sample and recorded beside it as the `machinePace` metric.
///
/// On the shared lab machine a CPU moves between speeds about 1.7 times apart, for seconds
/// to minutes at a time, whatever runs on it (a plain array sum shows it too). A sample's pace says which
/// speed it was taken at, so a comparison can set samples taken at the same speed side by
/// side instead of mistaking the machine's speed for a change of the code.
///
/// The workload, about 1.9 µs at the machine's best speed: 16 passes of four independent
/// sums over a 4 KiB table. Throughput-bound work like this slows with the machine as the
/// runtime's code does (1.9 µs against 3.4–3.9 µs); a dependent multiply chain barely did
/// (9.4 µs against 10.0 µs) and could not tell the two speeds apart.
enum MachinePace {
    /// The table the workload reads, fixed so every run and every commit does the same work.
    private static let table: [UInt64] = (0..<512).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }

    /// Nanoseconds the reference workload took now. It runs once untimed first: a sample that
    /// churned through megabytes leaves the table out of the cache, and its misses tripled the
    /// pace after every 80 ms sample of a large response (every one of them then read as the
    /// slow speed). - Complexity: about 4 µs.
    static func measure() -> Double {
        blackHole(work())
        let start = Clocks.wallNanoseconds()
        blackHole(work())
        return Double(Clocks.wallNanoseconds() &- start)
    }

    @inline(never)
    private static func work() -> UInt64 {
        var sums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        table.withUnsafeBufferPointer { table in
            for pass in 0..<UInt64(16) {
                var index = 0
                while index < table.count {
                    sums.0 = sums.0 &+ (table[index] ^ pass)
                    sums.1 = sums.1 &+ (table[index + 1] >> 3)
                    sums.2 = sums.2 ^ (table[index + 2] &+ pass)
                    sums.3 = sums.3 &+ (table[index + 3] << 1)
                    index += 4
                }
            }
        }
        return sums.0 ^ sums.1 ^ sums.2 ^ sums.3
    }
}
