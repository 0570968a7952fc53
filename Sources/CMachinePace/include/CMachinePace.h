#ifndef CMACHINEPACE_H
#define CMACHINEPACE_H
#include <stdint.h>
// The machine-pace probe's workload (MachinePace in LatticeBench), in C so that its machine
// code and its alignment are the same in every executable that links it.

/// 16 passes of four independent sums over a 4 KiB table: about 1 µs at the machine's best
/// speed. Returns the combined sums (for the caller to consume).
uint64_t lattice_machine_pace_work(void);
#endif
