import GRDB
import GRDBSQLite

/// One row handed over by ``RawRows/forEach(_:columns:rest:_:)``: its columns' values, valid only
/// during the call.
struct RawRow {
    fileprivate let values: UnsafeMutablePointer<OpaquePointer?>
    let count: Int

    func double(_ i: Int) -> Double { sqlite3_value_double(values[i]) }
    func int64(_ i: Int) -> Int64 { sqlite3_value_int64(values[i]) }
    func isNull(_ i: Int) -> Bool { sqlite3_value_type(values[i]) == SQLITE_NULL }
}

/// The cheapest way through many rows: the rows go, one by one, to a Swift function that SQLite
/// calls as an aggregate inside its own loop, so no row leaves the VM through `sqlite3_step`.
/// A ten-year history is over a hundred thousand rows; stepping through them cost about twice
/// as much as reading them (`Benchmarks/own_habits.py`).
enum RawRows {
    /// The aggregate's name. It is registered on the connection only while one query runs.
    static let function = "habit_each_row"

    /// Calls `body` with each row of `SELECT columns rest` (`rest`: from `FROM` on).
    static func forEach(_ db: Database, columns: SQL, rest: SQL, _ body: (RawRow) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let sink = Sink(body)
            let connection = db.sqliteConnection
            let user = Unmanaged.passUnretained(sink).toOpaque()
            let flags = SQLITE_UTF8 | SQLITE_DIRECTONLY
            guard sqlite3_create_function_v2(connection, function, -1, flags, user, nil, step, final, nil) == SQLITE_OK else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: String(cString: sqlite3_errmsg(connection)))
            }
            defer { sqlite3_create_function_v2(connection, function, -1, flags, nil, nil, nil, nil, nil) }
            let statement = try db.makeStatement(literal: SQL(sql: "SELECT \(function)(") + columns + ") " + rest)
            let h = statement.sqliteStatement
            defer { sqlite3_reset(h) }
            let code = sqlite3_step(h)
            withExtendedLifetime(sink) {}
            if let error = sink.error { throw error }
            guard code == SQLITE_ROW || code == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
            }
        }
    }

    private final class Sink {
        let body: (RawRow) throws -> Void
        var error: Error?
        init(_ body: @escaping (RawRow) throws -> Void) { self.body = body }
    }

    private static let step: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
        guard let context, let values, let user = sqlite3_user_data(context) else { return }
        let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
        guard sink.error == nil else { return }
        do {
            try sink.body(RawRow(values: values, count: Int(count)))
        } catch {
            sink.error = error
            sqlite3_result_error(context, "stopped", -1)
        }
    }

    private static let final: @convention(c) (OpaquePointer?) -> Void = { context in
        if let context { sqlite3_result_null(context) }
    }
}
