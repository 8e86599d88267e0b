import Foundation
import GRDB

/// A command habit's day whose last run failed, as `doctor` lists it.
public struct CommandFailure: Sendable, Equatable {
    public var habit: String
    public var day: LocalDay
    public var error: String
    public var ran: Date
}

extension HabitStore {
    /// Records what a command habit's command found for `day` (Standards/automation.md), in one
    /// transaction: the day's row in `commandRun` (per device), and for a result the day's entry
    /// from ``CommandHabit/source`` — the one before it (from that source) removed, none written
    /// for `notDone`. A failure records nothing but its row: entries stay as they were and the day
    /// stays open (a failure never settles it). A result that makes the day met cancels the habit's
    /// reminder occurrence of that day that is still to come, as `habit log` does.
    public func recordCommandRun(_ definition: HabitDefinition, day: LocalDay, outcome: CommandHabit.Outcome,
                                 settled: Bool, env: HabitEnvironment) throws {
        let settles = settled && outcome.failure == nil
        let value: Double? = switch outcome {
        case .done: 1
        case .notDone: 0
        case .value(let x): x
        case .failure: nil
        }
        try write { db in
            try db.execute(sql: """
                INSERT INTO commandRun (habitId, day, settled, value, error, ran) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (habitId, day) DO UPDATE SET settled = excluded.settled, value = excluded.value,
                    error = excluded.error, ran = excluded.ran
                """, arguments: [definition.id, day.description, settles, value, outcome.failure, env.now.timeIntervalSince1970])
            guard outcome.failure == nil, definition.loggedType != nil else { return }
            // The result names its day (``DayEntry``) and replaces the day's earlier one from
            // ``CommandHabit/source``; done as of now (when the command found it): the one log pipeline.
            let request = LogRequest(.commandResult(definition, value: outcome == .notDone ? nil : value), when: .day(day), source: CommandHabit.source, writer: .quiet)
            _ = try Self.write(try LogPlanner.plan(request, env: env), env: env, db)
        }
    }
}

extension StoreRequest where Value == [HabitDefinition] {
    /// The habits of one's own that have an armed command (never a disarmed one:
    /// ``disarmedCommandHabits(named:)``), not archived, by name; only `name` when given.
    public static func commandHabits(named name: String? = nil) -> Self {
        Self { db in
            try Row.fetchAll(db, sql: "SELECT " + HabitRecord.selection
                             + " FROM habit WHERE command IS NOT NULL AND archived = 0 AND (? IS NULL OR name = ?)"
                             + " AND id NOT IN (SELECT habitId FROM disarmedCommand) ORDER BY name",
                             arguments: [name, name])
                .map { try HabitRecord(row: $0).definition() }
        }
    }
}

extension StoreRequest where Value == [String] {
    /// The names of the command habits whose command is disarmed (a restored backup brought it, and
    /// it was not armed since): never run. Not archived, by name; only `name` when given.
    public static func disarmedCommandHabits(named name: String? = nil) -> Self {
        Self { db in
            try String.fetchAll(db, sql: """
                SELECT name FROM habit WHERE command IS NOT NULL AND archived = 0 AND (? IS NULL OR name = ?)
                AND id IN (SELECT habitId FROM disarmedCommand) ORDER BY name
                """, arguments: [name, name])
        }
    }
}

extension StoreRequest where Value == Set<String> {
    /// The ids of the habits whose command is disarmed, archived ones too (`habit habits`,
    /// `"commandArmed"`): every habit not among them has its command, if any, armed.
    public static var disarmedCommandHabitIDs: Self {
        Self { db in Set(try String.fetchAll(db, sql: "SELECT habitId FROM disarmedCommand")) }
    }
}

extension StoreRequest where Value == Set<LocalDay> {
    /// The settled days of the command habit `habitID`: never run again.
    public static func settledCommandDays(habitID: String) -> Self {
        Self { db in
            Set(try String.fetchAll(db, sql: "SELECT day FROM commandRun WHERE habitId = ? AND settled = 1", arguments: [habitID])
                .compactMap { LocalDay($0) })
        }
    }
}

extension StoreRequest where Value == [CommandFailure] {
    /// The days whose last run failed, of habits that still have a command, newest run first (at most 20).
    public static var commandFailures: Self {
        Self { db in
            try Row.fetchAll(db, sql: """
                SELECT h.name, r.day, r.error, r.ran FROM commandRun r JOIN habit h ON h.id = r.habitId
                WHERE r.error IS NOT NULL AND h.command IS NOT NULL ORDER BY r.ran DESC, h.name, r.day LIMIT 20
                """).compactMap { row in
                guard let day = LocalDay(row[1] as String) else { return nil }
                return CommandFailure(habit: row[0], day: day, error: row[2], ran: Date(timeIntervalSince1970: row[3]))
            }
        }
    }
}
