import Foundation
import GRDB

/// The store's query rules, each written once.
enum StoreRules {
    /// "The app's sources": `dev.habit` and `dev.habit.*` (``SourceID/isApp``, materialised in
    /// `source.isApp` when a source row is made). Every query that counts only the app's data —
    /// streaks, calendar, today, reminders' fire-time check, NoAlc replacement, undo, log list,
    /// export — filters with this one predicate, on any table or view with a `sourceId` column.
    static let appSources: SQL = "sourceId IN (\(appSourceIDs))"

    /// The ids of the app's sources, as a query (the one spelling of the rule in SQL).
    static let appSourceIDs = SQL(sql: appSourceIDsQuery)
    static let appSourceIDsQuery = "SELECT id FROM source WHERE isApp = 1"

    /// The ids of imports that have not finished, as a query.
    static let pendingImportRunIDs = SQL(sql: pendingImportRunIDsQuery)
    static let pendingImportRunIDsQuery = "SELECT id FROM importRun WHERE finished = 0"

    /// The opposite: the ids of every other source (for "includes N samples from other sources").
    static let otherSourceIDs: SQL = "SELECT id FROM source WHERE isApp = 0"

    /// Rows of an import that has not finished are invisible (``ImportRun``). The views
    /// `sampleView` and `workoutView` apply it; queries on the tables add it.
    static let visible: SQL = "(importRunId IS NULL OR importRunId NOT IN (\(pendingImportRunIDs)))"

    /// The filter of queries on the tables (not the views) for `all` sources or the app's:
    /// ``visible`` and, unless `all`, ``appSources`` — with both sets resolved first and bound as
    /// lists, because the daily summary runs it inside thousands of correlated aggregates, where
    /// SQLite would build the sub-selects' sets again each time. Same rule, same rows.
    static func resolvedSources(all: Bool, _ db: Database) throws -> SQL {
        // Plain SQL text, ids joined as text (integers only): a log of an own habit comes here
        // to know whether its day is met, and SQL interpolation of arrays costs it more (Benchmarks/README.md).
        var parts: [String] = []
        let pending = try Int64.fetchAll(db, sql: pendingImportRunIDsQuery)
        if !pending.isEmpty { parts.append("(importRunId IS NULL OR importRunId NOT IN (\(Self.list(pending))))") }
        if !all {
            let app = try Int64.fetchAll(db, sql: appSourceIDsQuery)
            parts.append(app.isEmpty ? "0" : "sourceId IN (\(Self.list(app)))")  // no app source yet: no row is the app's
        }
        return SQL(sql: parts.isEmpty ? "1" : "(" + parts.joined(separator: " AND ") + ")")
    }

    /// Integers as an SQL list: `1,2,3`.
    private static func list(_ ids: [Int64]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}

/// Tables and views whose rows have a `start` instant and a `sourceId`.
protocol TimedSourcedRecord: TableRecord {
    associatedtype Columns: TimedColumns
}

/// The columns of a ``TimedSourcedRecord`` that its shared requests use.
protocol TimedColumns {
    static var uuid: Column { get }
    static var start: Column { get }
    static var anchor: Column { get }
}
extension SampleViewRecord: TimedSourcedRecord {}
extension WorkoutViewRecord: TimedSourcedRecord {}

extension QueryInterfaceRequest where RowDecoder: TimedSourcedRecord {
    /// Only rows from the app's sources (``StoreRules/appSources``).
    func fromAppSources() -> Self { filter(literal: StoreRules.appSources) }

    /// Every source with `all`, else only the app's.
    func fromSources(all: Bool) -> Self { all ? self : fromAppSources() }

    /// Rows whose start lies in `range`: half-open, `start >= lower AND start < upper`.
    func starting(in range: InstantRange) -> Self {
        let start = RowDecoder.Columns.start
        return filter(start >= range.lowerBound.timeIntervalSince1970 && start < range.upperBound.timeIntervalSince1970)
    }

    /// Oldest first; ties by UUID — the same order in every store that holds the objects (an
    /// export, a synced device), whatever order they were stored in.
    func chronological() -> Self { order(RowDecoder.Columns.start, RowDecoder.Columns.uuid) }

    /// Added after `anchor`, in change order.
    func changed(after anchor: Int64) -> Self { filter(RowDecoder.Columns.anchor > anchor).order(RowDecoder.Columns.anchor) }
}

extension QueryInterfaceRequest where RowDecoder == SampleViewRecord {
    /// Only samples of types habit may read (Standards/access.md), and none of a workout when
    /// workouts may not be read: the one spelling of "a type denied for reading is absent" for
    /// listings (timeline, log list, export, changes, what sync sends).
    func readable(_ grants: AccessGrants) -> Self {
        let hidden = grants.unreadable
        guard !hidden.isEmpty else { return self }
        let shown = filter(!hidden.contains(SampleViewRecord.Columns.type))
        return grants.mayRead(DataTypes.workout) ? shown : shown.standalone()
    }

    /// Samples of one HealthKit type identifier (through the interned id, so the index is used).
    func ofType(_ identifier: String) -> Self {
        filter(literal: "typeId = (SELECT id FROM sampleType WHERE identifier = \(identifier))")
    }

    /// Samples of any of `identifiers` (and, with `orOwnHabits`, the entries of every habit of one's own).
    func ofTypes(_ identifiers: [String], orOwnHabits: Bool = false) -> Self {
        guard orOwnHabits else { return filter(literal: "typeId IN (SELECT id FROM sampleType WHERE identifier IN \(identifiers))") }
        // Own habits' types are `dev.habit.habit.<id>`: a range on the identifier, '/' being the character after '.'.
        let prefix = HabitDefinition.loggedTypePrefix
        let after = String(prefix.dropLast()) + "/"
        return filter(literal: """
            typeId IN (SELECT id FROM sampleType WHERE identifier IN \(identifiers) OR (identifier >= \(prefix) AND identifier < \(after)))
            """)
    }

    /// Samples of every type whose start lies in `range`, found one type at a time through the
    /// (type, start) indexes: no index of `sample` begins with `start`, and without the type term
    /// SQLite scans every sample for any range (a `log list --days 2`, or the day `habit ui`
    /// changes, read all 130,000 rows of a 10-year store). Not slower over a whole store either.
    func startingOfAnyType(in range: InstantRange) -> Self {
        filter(literal: "typeId IN (SELECT id FROM sampleType)").starting(in: range)
    }

    /// Samples that are not part of a workout (a workout lists its own).
    func standalone() -> Self { filter(SampleViewRecord.Columns.workoutId == nil) }

    /// The sample with `uuid`.
    func withUUID(_ uuid: UUID) -> Self { filter(SampleViewRecord.Columns.uuid == uuid.storeText) }
}

extension QueryInterfaceRequest where RowDecoder == WorkoutViewRecord {
    /// Workouts of one activity type identifier.
    func ofActivityType(_ identifier: String) -> Self { filter(WorkoutViewRecord.Columns.activityType == identifier) }

    func withUUID(_ uuid: UUID) -> Self { filter(WorkoutViewRecord.Columns.uuid == uuid.storeText) }
}
