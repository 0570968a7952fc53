// libFuzzer's driver, for a fuzz target that has a `main` of its own (SwiftPM gives every
// executable one): it parses libFuzzer's arguments and calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
