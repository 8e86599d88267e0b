// SQLite's process-wide settings habit makes before its first connection opens
// (Sources/HabitKit/Store/SQLiteLibrary.swift). `sqlite3_config` takes variable arguments, which
// Swift cannot call: this header does it. Only HabitKit's store layer imports it.
#ifndef HABIT_CSQLITESETUP_SHIM_H
#define HABIT_CSQLITESETUP_SHIM_H
#include <sqlite3.h>

/// Turns off SQLite's memory statistics (`SQLITE_CONFIG_MEMSTATUS`): with them on, every
/// allocation and free SQLite makes takes a process-wide mutex to count bytes, and the system
/// SQLite of Debian and Ubuntu is built without its lookaside allocator, so a row inserted or read
/// is a dozen of those. habit reads none of the statistics (`sqlite3_memory_used` and
/// `sqlite3_soft_heap_limit64` are the only things they feed). Returns 1 when the setting was
/// made, 0 once SQLite has been initialised (SQLITE_MISUSE: the setting then stays as it was).
static inline int habit_sqlite_stop_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
}
#endif
