#include "CCallgrind.h"
#include <valgrind/valgrind.h>
int lattice_running_on_valgrind(void) { return RUNNING_ON_VALGRIND; }
