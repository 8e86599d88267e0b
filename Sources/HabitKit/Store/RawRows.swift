import Foundation
import GRDB
import GRDBSQLite

/// One row handed over by ``RawRows/forEach(_:columns:rest:cached:_:)``: its columns' values, valid only
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
///
/// The aggregate is registered once per connection and stays until the connection closes (SQLite
/// then calls its destructor, which forgets the connection): registering it again would expire
/// every statement the connection has prepared. Reads that run the same few texts many times (an
/// overview: a calendar's month asks each habit for the days after today, ~30 queries) keep their
/// statements prepared in GRDB's cache (`cached`); a single query (a log's check of its day)
/// does not, as the cache's first use costs a process more than one prepare.
enum RawRows {
    /// The aggregate's name.
    static let function = "habit_each_row"

    /// Calls `body` with each row of `SELECT columns rest` (`rest`: from `FROM` on); with `cached`,
    /// through the connection's statement cache.
    static func forEach(_ db: Database, columns: SQL, rest: SQL, cached: Bool = false, _ body: (RawRow) throws -> Void) throws {
        try withoutActuallyEscaping(body) { body in
            let connection = db.sqliteConnection
            let slot = try Slot.of(connection)
            let sink = Sink(body)
            // A query inside another's body (none today) gets the slot and gives it back.
            let outer = slot.sink
            slot.sink = sink
            defer { slot.sink = outer }
            let (sql, arguments) = try (SQL(sql: "SELECT \(function)(") + columns + ") " + rest).build(db)
            let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
            try statement.setArguments(arguments)
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

    /// A connection's registration: the sink of the query running on it. Used only on the
    /// connection's own thread (GRDB serialises a connection), found through ``Registry``.
    private final class Slot {
        let connection: OpaquePointer
        var sink: Sink?
        /// The next open connection's slot (a list: a process has one or two, and a dictionary's
        /// first use cost a `habit log` 0.4 M instructions of runtime look-ups).
        var next: Slot?

        init(_ connection: OpaquePointer) { self.connection = connection }

        /// The slot of `connection`, registering the aggregate on it the first time.
        static func of(_ connection: OpaquePointer?) throws -> Slot {
            guard let connection else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no connection") }
            if let slot = Registry.shared.slot(connection) { return slot }
            let slot = Slot(connection)
            // Retained by SQLite until it calls `destroy` (on closing, or at once when this fails).
            let user = Unmanaged.passRetained(slot).toOpaque()
            let flags = SQLITE_UTF8 | SQLITE_DIRECTONLY
            guard sqlite3_create_function_v2(connection, function, -1, flags, user, nil, step, final, destroy) == SQLITE_OK else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: String(cString: sqlite3_errmsg(connection)))
            }
            Registry.shared.add(slot)
            return slot
        }
    }

    /// The slots of the open connections (a second reading connection has its own).
    private final class Registry: @unchecked Sendable {
        static let shared = Registry()
        private let lock = NSLock()
        private var first: Slot?

        func slot(_ connection: OpaquePointer) -> Slot? {
            lock.withLock {
                var slot = first
                while let s = slot, s.connection != connection { slot = s.next }
                return slot
            }
        }

        func add(_ slot: Slot) { lock.withLock { slot.next = first; first = slot } }

        /// Forgets `slot` (not a later connection's at the same address).
        func remove(_ slot: Slot) {
            lock.withLock {
                if first === slot { first = slot.next; return }
                var previous = first
                while let p = previous, p.next !== slot { previous = p.next }
                previous?.next = slot.next
            }
        }
    }

    private static let step: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, count, values in
        guard let context, let values, let user = sqlite3_user_data(context) else { return }
        guard let sink = Unmanaged<Slot>.fromOpaque(user).takeUnretainedValue().sink, sink.error == nil else { return }
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

    private static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { user in
        guard let user else { return }
        Registry.shared.remove(Unmanaged<Slot>.fromOpaque(user).takeRetainedValue())
    }
}
