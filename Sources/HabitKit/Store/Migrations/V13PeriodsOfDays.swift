import GRDB

extension Schema {
    /// Migration v13, registered as `v13-periods-of-days`: shipped, so never edited.
    enum V13PeriodsOfDays: SchemaMigration {
        static let identifier = "v13-periods-of-days"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // N days in any D (Loop's "N times in D days"; Standards/habits.md): per 'days' with D in
            // `days`, and times up to D. SQLite cannot change a CHECK, so the table is made again
            // (SQLite's "other kinds of table schema changes"): every row copied as it was (days
            // NULL), then the triggers and indexes on `habit` — v6's sync triggers — made again
            // from the very SQL the store holds for them. Filling the new table fires none of them:
            // nothing is sent for a habit that did not change.
            let dependents = try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master WHERE tbl_name = 'habit' AND type IN ('trigger', 'index') AND sql IS NOT NULL
                ORDER BY type, name
                """)
            try db.execute(sql: """
                CREATE TABLE newHabit (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL CHECK (kind IN ('yes-no', 'quantity')),
                    unit TEXT,
                    goal TEXT CHECK (goal IN ('atLeast', 'atMost')),
                    target REAL CHECK (target > 0),
                    per TEXT NOT NULL CHECK (per IN ('day', 'week', 'month', 'days')),
                    times INTEGER NOT NULL DEFAULT 1 CHECK (times BETWEEN 1 AND 365),
                    fromType TEXT,
                    sources TEXT NOT NULL DEFAULT 'app',
                    since TEXT NOT NULL,
                    archived INTEGER NOT NULL DEFAULT 0,
                    created REAL NOT NULL,
                    modified REAL NOT NULL,
                    asks INTEGER NOT NULL DEFAULT 1 CHECK (asks IN (0, 1)),
                    days INTEGER CHECK (days BETWEEN 2 AND 365),
                    CHECK ((goal IS NULL) = (target IS NULL)),
                    CHECK ((per = 'days') = (days IS NOT NULL)),
                    CHECK (days IS NULL OR times <= days)
                );
                INSERT INTO newHabit (id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived,
                                      created, modified, asks)
                    SELECT id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived,
                           created, modified, asks FROM habit;
                DROP TABLE habit;
                ALTER TABLE newHabit RENAME TO habit;
                """)
            for sql in dependents { try db.execute(sql: sql) }
            try db.execute(sql: "PRAGMA user_version = 13")
        }
    }
}
