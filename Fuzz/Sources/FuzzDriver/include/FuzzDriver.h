#ifndef HABIT_FUZZ_DRIVER_H
#define HABIT_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own main (compiler-rt, FuzzerDriver.cpp):
/// parses the libFuzzer flags in argv and runs `callback` on every input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
