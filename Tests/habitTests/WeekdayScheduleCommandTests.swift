import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 26, point 3: weekday schedules through the commands — `habit add|edit --on DAYS`,
/// `--every-day`, the refusals, `today`/`status` on days off, streak and calendar, a reminder's
/// default days, export/import/sync, and a v13 store upgraded in place (Standards/habits.md,
/// "Weekday schedules").
@Suite struct WeekdayScheduleCommandTests {
    /// 2026-11-25 is a Wednesday (2026-11-24 a Tuesday).
    static let wednesday = ["HABIT_NOW": "2026-11-25T20:00:00+01:00", "TZ": "Europe/Berlin"]
    static let tuesday = ["HABIT_NOW": "2026-11-24T20:00:00+01:00", "TZ": "Europe/Berlin"]

    @discardableResult
    static func run(_ habit: HabitProcess, _ arguments: [String], env: [String: String] = wednesday) throws -> String {
        let result = try habit.run(arguments, env: env)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    static func habits(_ habit: HabitProcess) throws -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        for h in HabitsFixture.objects(try habit.json(["habits", "--archived", "--json"], env: wednesday)["habits"]) {
            if let name = h["name"] as? String { out[name] = h }
        }
        return out
    }

    static func on(_ habit: HabitProcess, _ name: String) throws -> [String]? { try habits(habit)[name]?["on"] as? [String] }

    @Test func addAndEditTakeAWeekdaySchedule() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"]) == "added yoga: on mon,wed,fri (log it with 'habit log yoga')\n")
        try Self.run(habit, ["add", "floss"])
        try Self.run(habit, ["add", "water", "--unit", "glass", "--at-least", "8", "--on", "weekdays"])
        #expect(try Self.on(habit, "yoga") == ["mon", "wed", "fri"])
        let all = try Self.habits(habit)
        #expect(all["floss"]?.keys.contains("on") == false && all["meditate"]?.keys.contains("on") == false)
        #expect(try Self.on(habit, "water") == ["mon", "tue", "wed", "thu", "fri"])
        let list = try Self.run(habit, ["habits"])
        #expect(list.contains("on mon,wed,fri") && list.contains("≥ 8 glasses a day, on mon-fri"), "\(list)")

        // The words of `remind add --days`: full names, ranges, weekends, spaces.
        let edited = try habit.json(["edit", "yoga", "--on", "weekends", "--json"], env: Self.wednesday)
        #expect((edited["habit"] as? [String: Any])?["on"] as? [String] == ["sat", "sun"])
        try Self.run(habit, ["edit", "yoga", "--on", "monday tuesday"])
        #expect(try Self.on(habit, "yoga") == ["mon", "tue"])
        try Self.run(habit, ["edit", "yoga", "--on", "fri-mon"])
        #expect(try Self.on(habit, "yoga") == ["mon", "fri", "sat", "sun"])
        // --every-day takes it away; a full week is every day.
        #expect(try Self.run(habit, ["edit", "yoga", "--every-day"]) == "changed yoga: every day\n")
        #expect(try Self.habits(habit)["yoga"]?.keys.contains("on") == false)
        try Self.run(habit, ["edit", "yoga", "--on", "tue"])
        try Self.run(habit, ["edit", "yoga", "--on", "daily"])
        #expect(try Self.habits(habit)["yoga"]?.keys.contains("on") == false)
        let week = try habit.json(["add", "run", "--on", "mon-sun", "--json"], env: Self.wednesday)
        #expect((week["habit"] as? [String: Any])?.keys.contains("on") == false)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let words: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        .init(arguments: ["add", "gym", "--on", "mon,wed", "--times", "2", "--per", "week"], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "mon", "--per", "week"], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "mon", "--per", "month"], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "mon", "--per", "3-days"], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "mon", "--times", "1"], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "funday"], words: "funday"),
        .init(arguments: ["add", "gym", "--on", ""], words: "--on"),
        .init(arguments: ["add", "gym", "--on", "mon", "--every-day"], words: "--every-day is for 'habit edit'"),
        .init(arguments: ["edit", "yoga", "--on", "mon", "--every-day"], words: "exclude each other"),
        .init(arguments: ["edit", "yoga", "--per", "week", "--times", "2"], words: "'yoga' is on a weekday schedule"),
        .init(arguments: ["edit", "yoga", "--on", "tue", "--times", "1"], words: "--on"),
        .init(arguments: ["edit", "weekly", "--on", "mon"], words: "--on"),
        .init(arguments: ["edit", "meditate", "--on", "mon"], words: "meditate"),
        .init(arguments: ["edit", "noalc", "--every-day"], words: "noalc"),
    ]

    /// Each refused with one line and exit 64, nothing changed.
    @Test(arguments: refusals)
    func aScheduleIsRefusedWhereItCannotApply(_ r: Refusal) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"])
        try Self.run(habit, ["add", "weekly", "--times", "2", "--per", "week"])
        let before = try Self.run(habit, ["habits", "--archived", "--json"])
        let result = try habit.run(r.arguments, env: Self.wednesday)
        #expect(result.status == 64, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(r.words), "\(result.stderr)")
        #expect(try Self.run(habit, ["habits", "--archived", "--json"]) == before)
    }

    /// Tuesday is a day off for a Monday/Wednesday/Friday habit: `today` and `status` leave it out
    /// (it is neither left nor at risk); on Wednesday it is left, and with a streak at risk.
    @Test func todayAndStatusLeaveAHabitOutOnItsDaysOff() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"])
        try Self.run(habit, ["add", "floss"])
        try Self.run(habit, ["log", "yoga", "--date", "2026-11-23"], env: Self.tuesday)

        func status(_ env: [String: String]) throws -> (left: [String], atRisk: [String], habits: [String]) {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.run(habit, ["status", "--format", "json"], env: env).utf8)) as? [String: Any])
            return (json["left"] as? [String] ?? [], json["atRisk"] as? [String] ?? [],
                    HabitsFixture.objects(json["habits"]).compactMap { $0["habit"] as? String })
        }
        let off = try status(Self.tuesday)
        #expect(!off.left.contains("yoga") && off.left.contains("floss") && !off.habits.contains("yoga"), "\(off)")
        let today = try Self.run(habit, ["today"], env: Self.tuesday)
        #expect(!today.contains("yoga") && today.contains("floss"), "\(today)")
        let todayJSON = try habit.json(["today", "--json"], env: Self.tuesday)
        #expect(!HabitsFixture.objects(todayJSON["habits"]).contains { $0["habit"] as? String == "yoga" })

        let due = try status(Self.wednesday)
        #expect(due.left.contains("yoga") && due.atRisk.contains("yoga"), "\(due)")  // streak 1, no joker
        #expect(try Self.run(habit, ["today"]).contains("yoga"))
        // Logged on its day off anyway, it is still left out of today's list (it is not due).
        try Self.run(habit, ["log", "yoga"], env: Self.tuesday)
        #expect(!(try Self.run(habit, ["today"], env: Self.tuesday)).contains("yoga"))
    }

    /// Streak and calendar: Monday, Wednesday and Friday logged over two weeks, Tuesday the 17th
    /// too (a good day off); today Wednesday the 25th, logged. The days off are skipped in the
    /// calendar, never missed; the streak counts the 6 days logged.
    @Test func theStreakAndTheCalendarPassOverDaysOff() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"], env: ["HABIT_NOW": "2026-11-16T08:00:00+01:00", "TZ": "Europe/Berlin"])
        let logged = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-20", "2026-11-23", "2026-11-25"]
        for day in logged { try Self.run(habit, ["log", "yoga", "--date", day]) }
        let streak = HabitsFixture.objects(try habit.json(["streak", "--json"], env: Self.wednesday)["habits"])
            .first { $0["habit"] as? String == "yoga" }
        #expect(streak?["current"] as? Int == 6 && streak?["today"] as? String == "done", "\(String(describing: streak))")
        let calendar = try habit.json(["calendar", "2026-11", "--habit", "yoga", "--json"], env: Self.wednesday)
        var marks: [String: (met: Bool, skipped: Bool)] = [:]
        for day in HabitsFixture.objects(calendar["days"]) {
            if let date = day["date"] as? String, let yoga = (day["habits"] as? [String: Any])?["yoga"] as? [String: Any] {
                marks[date] = (yoga["met"] as? Bool ?? false, yoga["skipped"] as? Bool ?? false)
            }
        }
        let met = marks.filter { $0.value.met }.keys.sorted()
        #expect(met == logged, "\(marks)")
        for (date, day) in ["2026-11-19": "thu", "2026-11-21": "sat", "2026-11-22": "sun", "2026-11-24": "tue"] {
            #expect(marks[date]?.skipped == true && marks[date]?.met == false, "\(day)")
        }
    }

    /// `remind add` without `--days` takes the habit's days; `--days` still says otherwise.
    @Test func aRemindersDaysDefaultToTheSchedule() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"])
        try Self.run(habit, ["add", "floss"])
        let yoga = try habit.json(["remind", "add", "yoga", "07:00", "--json"], env: Self.wednesday)
        #expect(yoga["days"] as? String == "mon,wed,fri", "\(yoga)")
        let daily = try habit.json(["remind", "add", "yoga", "21:00", "--days", "daily", "--json"], env: Self.wednesday)
        #expect(daily["days"] as? String == "daily", "\(daily)")
        let floss = try habit.json(["remind", "add", "floss", "21:00", "--json"], env: Self.wednesday)
        #expect(floss["days"] as? String == "daily", "\(floss)")
    }

    /// Export, import and sync carry the schedule with the definition; a line without `on` (every
    /// older line) is every day; a line with an `on` habit does not take refuses the file.
    @Test func exportImportAndSyncCarryTheSchedule() throws {
        let a = try HabitProcess()
        defer { a.cleanUp() }
        try Self.run(a, ["add", "yoga", "--on", "mon,wed,fri"])
        try Self.run(a, ["add", "floss"])
        try Self.run(a, ["log", "yoga"])
        let file = a.folder.appendingPathComponent("all.ndjson").path
        try Self.run(a, ["export", "--format", "ndjson", "--output", file])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let habitLines = text.split(separator: "\n").filter { $0.contains("\"kind\":\"habit\"") }
        #expect(habitLines.count == 2 && habitLines.filter { $0.contains("\"on\":") }.count == 1)
        #expect(habitLines.contains { $0.contains("\"yoga\"") && $0.contains("\"on\":[\"mon\",\"wed\",\"fri\"]") })
        let b = try HabitProcess()
        defer { b.cleanUp() }
        try Self.run(b, ["import", file])
        #expect(try Self.on(b, "yoga") == ["mon", "wed", "fri"])
        #expect(try Self.run(b, ["export", "--format", "ndjson"]) == Self.run(a, ["export", "--format", "ndjson"]))

        let c = try HabitProcess()
        defer { c.cleanUp() }
        for bad in ["[\"xyz\"]", "[]", "[\"mon\",\"mon\"]", "\"mon\"", "[\"Monday\"]"] {
            let path = c.folder.appendingPathComponent("bad.ndjson")
            try text.replacingOccurrences(of: "\"on\":[\"mon\",\"wed\",\"fri\"]", with: "\"on\":\(bad)").write(to: path, atomically: true, encoding: .utf8)
            let refused = try c.run(["import", path.path], env: Self.wednesday)
            #expect(refused.status == 65 && refused.stderr.split(separator: "\n").count == 1, "\(bad): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: c.db), "\(bad)")
        }
        // A schedule on a week habit's line is refused too.
        let weekly = c.folder.appendingPathComponent("weekly.ndjson")  // keys are written sorted
        try text.replacingOccurrences(of: "\"on\":[\"mon\",\"wed\",\"fri\"],\"per\":\"day\"", with: "\"on\":[\"mon\",\"wed\",\"fri\"],\"per\":\"week\"")
            .write(to: weekly, atomically: true, encoding: .utf8)
        let refused = try c.run(["import", weekly.path], env: Self.wednesday)
        #expect(refused.status == 65 && refused.stderr.contains("\"on\""), "\(refused.stderr)")
        let old = c.folder.appendingPathComponent("old.ndjson")
        try text.replacingOccurrences(of: ",\"on\":[\"mon\",\"wed\",\"fri\"]", with: "").write(to: old, atomically: true, encoding: .utf8)
        #expect(try !String(contentsOf: old, encoding: .utf8).contains("\"on\""))
        try Self.run(c, ["import", old.path])
        #expect(try Self.habits(c)["yoga"] != nil && Self.on(c, "yoga") == nil)

        let devices = try SyncTests.Devices()
        defer { devices.stores.forEach { $0.cleanUp() } }
        #expect(try devices.run(0, ["add", "yoga", "--on", "mon,wed,fri"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        func on(_ device: Int) throws -> [String]? {
            HabitsFixture.objects(try devices.json(device, ["habits"])["habits"]).first { $0["name"] as? String == "yoga" }?["on"] as? [String]
        }
        #expect(try on(1) == ["mon", "wed", "fri"])
        #expect(try devices.run(1, ["edit", "yoga", "--on", "weekends"]).status == 0)
        try devices.sync(1)
        try devices.sync(0)
        #expect(try on(0) == ["sat", "sun"])
        #expect(try devices.run(0, ["edit", "yoga", "--every-day"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        #expect(try on(1) == nil)
        #expect(try devices.state(0) == devices.state(1))
    }

    /// A v13 store (every habit shape) upgrades in place by `v14-weekday-schedules`: every row as
    /// it was with `weekdays` NULL (every day), v6's triggers as they were, nothing sent, the
    /// schema exactly a new store's; a schedule can then be stored, and the table keeps what a
    /// row may hold (1–126, daily habits only).
    @Test func aV13StoreUpgradesInPlaceWithEveryHabitDueEveryDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let old = try DatabaseQueue(path: habit.db)
        try Schema.migrator.migrate(old, upTo: "v13-periods-of-days")
        let (before, triggers, syncLog) = try old.write { db in
            try db.execute(sql: """
                INSERT INTO habit (id, name, kind, unit, goal, target, per, times, fromType, sources, since, archived, created, modified, asks, days) VALUES
                ('0a000000-0000-4000-8000-000000000001', 'floss', 'yes-no', NULL, NULL, NULL, 'day', 1, NULL, 'app', '2026-11-01', 0, 1794000000.5, 1794000001.25, 1, NULL),
                ('0a000000-0000-4000-8000-000000000002', 'gym', 'yes-no', NULL, NULL, NULL, 'week', 3, NULL, 'app', '2026-10-05', 0, 1794000002, 1794000002, 1, NULL),
                ('0a000000-0000-4000-8000-000000000003', 'walk', 'yes-no', NULL, NULL, NULL, 'days', 2, NULL, 'app', '2026-10-05', 1, 1794000003, 1794000003, 1, 3),
                ('0a000000-0000-4000-8000-000000000004', 'water', 'quantity', 'glass', 'atLeast', 8, 'day', 1, NULL, 'app', '2026-11-02', 0, 1794000005, 1794000005, 0, NULL);
                """)
            return (try StoreUpgradeTests.habitRows(db), try StoreUpgradeTests.habitTriggers(db),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") ?? -1)
        }
        try old.close()
        #expect(before.count == 4 && triggers.count == 3 && syncLog == 4)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)

        let habits = try Self.habits(habit)
        #expect(habits.count == 7 && habits.values.allSatisfy { !$0.keys.contains("on") }, "\(habits)")
        let upgraded = try DatabaseQueue(path: habit.db)
        try upgraded.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.currentVersion)
            let after = try StoreUpgradeTests.habitRows(db)
            #expect(after.map { $0.filter { !["weekdays", "command", "tags"].contains($0.key) } } == before)
            #expect(after.allSatisfy { $0["weekdays"] == "NULL" })
            #expect(try StoreUpgradeTests.habitTriggers(db) == triggers)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") == syncLog)
            #expect(try SchemaCheck.examine(db) == .matches(version: Schema.currentVersion))
            #expect(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations").contains("v14-weekday-schedules"))
        }
        try upgraded.close()
        #expect(try habit.run(["doctor"], env: Self.wednesday).status == 0)

        try Self.run(habit, ["edit", "floss", "--on", "mon,wed,fri"])
        let changed = try DatabaseQueue(path: habit.db)
        try changed.write { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT weekdays FROM habit WHERE name = 'floss'") == 0b0010101)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog") == syncLog + 1)
            for bad in ["UPDATE habit SET weekdays = 1 WHERE name = 'gym'", "UPDATE habit SET weekdays = 1 WHERE name = 'walk'",
                        "UPDATE habit SET weekdays = 127 WHERE name = 'water'", "UPDATE habit SET weekdays = 0 WHERE name = 'water'",
                        "UPDATE habit SET per = 'week' WHERE name = 'floss'"] {
                #expect(throws: DatabaseError.self, "\(bad)") { try db.execute(sql: bad) }
            }
        }
        try changed.close()
    }
}
