import GRDB

/// The store's migrations. Each is named and never edited once shipped; each ends by setting
/// `user_version` to its ordinal, which lets a process skip the migrator when it is up to date.
/// Each lives in its own file under `Store/Migrations/`, named after its identifier.
enum Schema {
    /// The migrations in the order they run, one a line: the n-th sets `user_version` to n.
    /// A new one goes at the end, and ``currentVersion`` follows it.
    static let migrations: [any SchemaMigration.Type] = [
        V01SamplesWorkoutsSources.self,
        V02Reminders.self,
        V03ImportWorkoutDetailsNamedAnchors.self,
        V04InternedTextStoreIdentity.self,
        V05OwnHabitsSkips.self,
        V06Sync.self,
        V07RecordedZones.self,
        V08ActivitySummary.self,
        V09RecordSourceVersions.self,
        V10NoalcEntriesAtNoon.self,
        V11HabitsThatNeverAsk.self,
        V12AccessPerType.self,
        V13PeriodsOfDays.self,
        V14WeekdaySchedules.self,
        V15CommandHabits.self,
        V16Answers.self,
        V17NotedEntries.self,
        V18HabitTags.self,
        V19DayTotals.self,
        V20BuiltinDayTotals.self,
        V21DisarmedCommands.self,
        V22DayEntriesAtMidnight.self,
        V23ReminderWordsAtDelivery.self,
    ]

    static var migrator: DatabaseMigrator { migrator(upgradingFrom: nil) }

    /// The migrations, for a store at `user_version` `version` before they run (nil: not known; a
    /// fresh store). v22 needs it: an own habit's `--date` entry sits at 12:00 only in a store
    /// a release with v10 wrote (`version` 10 or later); before v10 it sat at its day's start.
    static func migrator(upgradingFrom version: Int?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.identifier) { db in try migration.migrate(db, upgradingFrom: version) }
        }
        return migrator
    }

    /// `user_version` after the last migration.
    static let currentVersion = 23

    /// `PRAGMA application_id` of every habit store from v4 on ("HBIT"): how habit tells its own
    /// store from another program's SQLite file without changing it. Stores made before v4 have
    /// 0 and are recognised by their migration table.
    static let applicationID: Int32 = 0x4842_4954
}

/// One migration of the store (``Schema/migrations``): registered under `identifier`, run once.
protocol SchemaMigration: SendableMetatype {
    /// The name `grdb_migrations` records: never changed once shipped.
    static var identifier: String { get }

    /// Runs the migration in its transaction; `version` is the store's `user_version` before the
    /// migrator ran (nil: not known, a fresh store).
    static func migrate(_ db: Database, upgradingFrom version: Int?) throws
}
