#include "CMachinePace.h"

// A Swift function's place in a binary moves with everything linked before it, and a tight
// loop's speed with its place: the same Swift loop measured 1,030 ns in one benchmark
// executable and 1,563 ns in another on the same machine, at the same time. Here the table
// and the function start on a 64-byte line, so the loop sits at the same offset everywhere.
#define TABLE_COUNT 512

static uint64_t table[TABLE_COUNT] __attribute__((aligned(64)));
static int table_filled;

static void fill_table(void) {
    for (uint64_t index = 0; index < TABLE_COUNT; index++) {
        table[index] = index * UINT64_C(0x9E3779B97F4A7C15);
    }
    table_filled = 1;
}

__attribute__((aligned(64), noinline))
uint64_t lattice_machine_pace_work(void) {
    if (!table_filled) fill_table();
    uint64_t sums0 = 0, sums1 = 0, sums2 = 0, sums3 = 0;
    for (uint64_t pass = 0; pass < 16; pass++) {
        for (int index = 0; index < TABLE_COUNT; index += 4) {
            sums0 += table[index] ^ pass;
            sums1 += table[index + 1] >> 3;
            sums2 ^= table[index + 2] + pass;
            sums3 += table[index + 3] << 1;
        }
    }
    return sums0 ^ sums1 ^ sums2 ^ sums3;
}
