#ifndef CCALLGRIND_H
#define CCALLGRIND_H
// Functions around valgrind's client-request macros (which Swift cannot import). Each is a
// handful of instructions and a no-op when the process does not run under valgrind.

/// Whether the process runs under valgrind (callgrind's client requests are no-ops otherwise).
int lattice_running_on_valgrind(void);
/// CALLGRIND_ZERO_STATS: resets callgrind's counters to zero.
void lattice_callgrind_zero_stats(void);
/// CALLGRIND_START_INSTRUMENTATION: starts counting (with `--instr-atstart=no`, nothing is
/// counted before). Valgrind flushes its translations, so call it outside the measured region.
void lattice_callgrind_start_instrumentation(void);
/// CALLGRIND_STOP_INSTRUMENTATION: stops counting.
void lattice_callgrind_stop_instrumentation(void);
/// CALLGRIND_DUMP_STATS_AT: writes the counters since the last zero or dump to a new output
/// file whose `desc: Trigger:` line names `label`, then resets them.
void lattice_callgrind_dump_stats_at(const char *label);
#endif
