import CSQLiteSetup

/// SQLite's settings for the whole process, made before its first connection opens.
public enum SQLiteLibrary {
    /// Turns SQLite's memory statistics off (Sources/CSQLiteSetup/shim.h says what they cost and
    /// that habit reads none of them). Call it first thing, before any store is opened: once SQLite
    /// is initialised the setting can no longer change, and this returns false and changes
    /// nothing. Standards/data-consistency.md, "SQLite's settings".
    @discardableResult
    public static func configureProcess() -> Bool {
        habit_sqlite_stop_memory_statistics() == 1
    }
}
