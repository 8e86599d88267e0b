import Foundation
import GRDBSQLite

/// Loop Habit Tracker's backup (`Loop Habits Backup YYYY-MM-DD.db`), an SQLite file with the
/// tables `Habits` (`name, type, freq_num, freq_den, unit, target_type, target_value,
/// archived, position`) and `Repetitions` (`habit, timestamp, value, notes`: the timestamp is
/// the day's midnight in UTC, in milliseconds; values as in ``LoopValues``).
///
/// Another program's file, so it is read the way habit reads a store it does not trust: opened
/// `immutable` and read-only (nothing is written, locked or created beside it), the schema
/// untrusted (`trusted_schema = OFF`: no function a view or trigger names runs) and cells checked
/// (`cell_size_check`), and only from real tables whose columns are checked first. A habit store given by mistake is refused.
public enum LoopBackupReader {
    public static func read(path: String) throws -> TrackerExport {
        // Opened once as a regular file before SQLite sees the path (a FIFO or folder fails here).
        _ = try OpenFile(path: path)
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        let uri = "file:" + StoreFile.percentEncoded(path) + "?immutable=1"
        guard sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK else {
            throw TrackerImportError.notATrackerFile(path, reason: "an SQLite file habit cannot open")
        }
        let reader = Reader(handle: handle, path: path)
        try reader.rows("PRAGMA trusted_schema = OFF") { _ in }
        try reader.rows("PRAGMA cell_size_check = ON") { _ in }
        if try reader.integer("PRAGMA application_id") == Int64(Schema.applicationID) {
            throw TrackerImportError.notATrackerFile(path, reason: "a habit store, not a Loop backup (to bring a store back, use 'habit restore')")
        }
        // Column names compare without case (installs from before mid-2017 have `Id`); the
        // queries are ``LoopBackupRules``'.
        let habitColumns = try reader.columns(of: "Habits")
        let repetitionColumns = try reader.columns(of: "Repetitions")
        guard LoopBackupRules.hasTables(habitColumns: habitColumns, repetitionColumns: repetitionColumns) else {
            throw TrackerImportError.notATrackerFile(path, reason: "an SQLite file without Loop's Habits and Repetitions tables")
        }
        var export = TrackerExport(tracker: .loopBackup, habits: [])
        var byID: [Int64: Int] = [:]
        try reader.rows(LoopBackupRules.habitsQuery(columns: habitColumns)) { row in
            let name = (row.text(1) ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                export.reject("Habits row \(row.integer(0) ?? 0): a habit without a name")
                return
            }
            let habit = LoopHabitRow(name: name, numerical: row.integer(2) == 1, numerator: Int(clamping: row.integer(3) ?? 1),
                                     denominator: Int(clamping: row.integer(4) ?? 1), unit: row.text(5) ?? "",
                                     atMost: row.integer(6) == 1, target: row.double(7) ?? 0, archived: (row.integer(8) ?? 0) != 0).habit()
            byID[row.integer(0) ?? 0] = export.habits.count
            export.habits.append(habit)
        }
        var days = [TrackerDays](repeating: TrackerDays(), count: export.habits.count)
        try reader.rows(LoopBackupRules.repetitionsQuery(columns: repetitionColumns)) { row in
            guard let index = row.integer(0).flatMap({ byID[$0] }) else {
                export.reject("Repetitions: an entry of a habit that is not in Habits")
                return
            }
            guard let ms = row.integer(1), let day = LoopBackupRules.day(milliseconds: ms) else {
                export.reject("Repetitions: an entry of \(ImportText.quoted(export.habits[index].originalName)) with a timestamp outside 1970–2100")
                return
            }
            let note = row.text(3).flatMap(TrackerDays.note)
            guard let raw = row.integer(2),
                  let word = LoopValues.word(raw: Int(clamping: raw), numerical: export.habits[index].kind == .quantity, note: note) else {
                export.reject("Repetitions: \(ImportText.quoted(export.habits[index].originalName)) on \(day) has a value Loop does not write")
                return
            }
            days[index].set(day, word, dayNote: note)  // a note of a day not done stays with the day, as in the CSV
        }
        for index in export.habits.indices { days[index].finish(into: &export.habits[index]) }
        return export
    }

    /// Statements on the open handle; any SQLite error is the file's fault (exit 65).
    private struct Reader {
        let handle: OpaquePointer?
        let path: String

        struct Row {
            let statement: OpaquePointer?
            func integer(_ i: Int32) -> Int64? {
                sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, i)
            }
            func double(_ i: Int32) -> Double? {
                sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : sqlite3_column_double(statement, i)
            }
            func text(_ i: Int32) -> String? {
                guard sqlite3_column_type(statement, i) != SQLITE_NULL, let p = sqlite3_column_text(statement, i) else { return nil }
                return String(cString: p)
            }
        }

        func rows(_ sql: String, _ body: (Row) throws -> Void) throws {
            var statement: OpaquePointer?
            defer { sqlite3_finalize(statement) }
            guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
            while true {
                let rc = sqlite3_step(statement)
                if rc == SQLITE_DONE { return }
                guard rc == SQLITE_ROW else { throw failure() }
                try body(Row(statement: statement))
            }
        }

        func integer(_ sql: String) throws -> Int64? {
            var value: Int64?
            try rows(sql) { value = $0.integer(0) }
            return value
        }

        /// The columns of `table` (lower-cased) when it is a real table, else none: a view, or a
        /// virtual table (whose module would run code to be read), is no Loop table. `table` is
        /// one of the reader's constants.
        func columns(of table: String) throws -> Set<String> {
            var definition: String?
            try rows("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)' COLLATE NOCASE") { definition = $0.text(0) ?? "" }
            // SQLite keeps a table's definition as "CREATE TABLE …" (a virtual table's as "CREATE VIRTUAL TABLE …").
            guard let definition, definition.uppercased().hasPrefix("CREATE TABLE") else { return [] }
            var names: Set<String> = []
            try rows("PRAGMA table_info(\(table))") { row in if let name = row.text(1) { names.insert(name.lowercased()) } }
            return names
        }

        func failure() -> TrackerImportError {
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "unknown error"
            return .notATrackerFile(path, reason: "an SQLite file habit cannot read (\(message))")
        }
    }
}
