// The C library's allocator settings habit makes at start (Sources/habit/Habit.swift;
// Standards/habits.md, "Speed"). glibc only: elsewhere this does nothing.
#ifndef HABIT_CMALLOC_SHIM_H
#define HABIT_CMALLOC_SHIM_H
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

/// Blocks up to 32 MiB come from the heap (glibc's own ceiling for the threshold it adapts), and
/// up to 8 MiB freed at the heap's top stay there, instead of glibc's 128 KiB for both until its
/// thresholds adapt: a read that builds and drops a few hundred-kilobyte arrays per habit then
/// reuses memory it has touched, where each new mapping or regrown heap costs a page fault per
/// 4 KiB touched. (Setting either stops glibc adapting both: a lower block threshold made every
/// buffer of an import a new mapping.) Returns 1 when both were set.
static inline int habit_tune_allocator(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 8 << 20) == 1;
#else
    return 0;
#endif
}
#endif
