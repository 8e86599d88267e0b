import Foundation

/// What ``LoopBackupReader`` asks of a Loop backup and how it reads Loop's values, apart from the
/// file: the tables it needs, the queries it runs on the columns found, and Loop's timestamps.
/// Pure (no database): the reader in `Store/` runs the queries.
enum LoopBackupRules {
    /// Loop's tables are there when `Habits` has `id` and `name` and `Repetitions` has `habit`
    /// and `timestamp` (column names lower-cased: installs from before mid-2017 have `Id`).
    static func hasTables(habitColumns: Set<String>, repetitionColumns: Set<String>) -> Bool {
        ["id", "name"].allSatisfy(habitColumns.contains) && ["habit", "timestamp"].allSatisfy(repetitionColumns.contains)
    }

    /// `name` when the table has it, else `NULL` (a missing optional column reads as NULL). The
    /// queries name only Loop's columns, spelled as these constants, never text from the file.
    static func column(_ name: String, in columns: Set<String>) -> String { columns.contains(name) ? name : "NULL" }

    /// The habits: `id, name, type, freq_num, freq_den, unit, target_type, target_value, archived`,
    /// in Loop's order (`position`, then `id`).
    static func habitsQuery(columns h: Set<String>) -> String {
        "SELECT id, name, \(column("type", in: h)), \(column("freq_num", in: h)), \(column("freq_den", in: h)), "
            + "\(column("unit", in: h)), \(column("target_type", in: h)), \(column("target_value", in: h)), "
            + "\(column("archived", in: h)) FROM Habits ORDER BY \(column("position", in: h)), id"
    }

    /// The entries: `habit, timestamp, value, notes`, oldest first. Schema 12 and before have no
    /// `value`: every row is a check, as Loop's own migration reads them (2, `YES_MANUAL`).
    static func repetitionsQuery(columns r: Set<String>) -> String {
        let value = r.contains("value") ? "value" : "2"
        return "SELECT habit, timestamp, \(value), \(column("notes", in: r)) FROM Repetitions ORDER BY timestamp, rowid"
    }

    /// The day whose UTC midnight is `ms` milliseconds after the epoch (Loop's timestamps), or nil
    /// outside the supported dates.
    static func day(milliseconds ms: Int64) -> LocalDay? {
        let perDay: Int64 = 86_400_000
        guard ms >= Int64(SupportedDates.days.lowerBound.ordinal) * perDay,
              ms < Int64(SupportedDates.days.upperBound.ordinal) * perDay else { return nil }
        return LocalDay(ordinal: Int(ms / perDay))
    }
}
