#ifndef CCALLGRIND_H
#define CCALLGRIND_H
/// Whether the process runs under valgrind (callgrind's client requests are no-ops otherwise).
int lattice_running_on_valgrind(void);
#endif
