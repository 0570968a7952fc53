#include "CCallgrind.h"
#include <valgrind/valgrind.h>
#include <valgrind/callgrind.h>

int lattice_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }
void lattice_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void lattice_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void lattice_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void lattice_callgrind_dump_stats_at(const char *label) { CALLGRIND_DUMP_STATS_AT(label); }
