import Foundation
import Testing

/// The `--json` contract of Standards/json.md, pinned per command: the binary runs with a fixed
/// `HABIT_NOW` and `TZ` on a fresh store with known data; each test checks the exact key set of
/// every object, the JSON type of every field, and the values the data determines.
///
/// The shapes are decoded with the test's own `Decodable` types (not the executable's), so a
/// renamed field or a changed type fails here. Field names are a contract: change them only with
/// a migration note.
@Suite struct JSONContractTests {
    static let now = "2025-10-26T10:00:00+01:00"  // a Sunday, the day Berlin leaves summer time
    static let env = ["HABIT_NOW": now, "TZ": "Europe/Berlin"]

    // MARK: - The shapes, as a script would decode them

    struct Sample: Decodable {
        let uuid: String
        let type: String
        let start: String
        let end: String
        let value: Double?
        let unit: String?
        let source: String
        let workout: String?
        let metadata: [String: String]?
    }

    struct Workout: Decodable {
        let uuid: String
        let activityType: String
        let start: String
        let end: String
        let duration: Double
        let totalEnergyKcal: Double?
        let totalDistanceMeters: Double?
        let source: String
        let metadata: [String: String]?
    }

    struct Entry: Decodable {
        let kind: String
        let sample: Sample?
        let workout: Workout?
        let samples: [Sample]?
    }

    struct Handled: Decodable {
        let reminder: String
        let title: String
        let occurrence: String
    }

    struct Log: Decodable {
        let samples: [Sample]
        let workout: Workout?
        let replaced: [String]
        let cancelledReminders: [Handled]
    }

    struct Streak: Decodable {
        struct Habit: Decodable {
            let habit: String
            let current: Int
            let longest: Int
            let jokers: Int
            let today: String
        }

        let asOf: String
        let timeZone: String
        let allSources: Bool
        let otherSourceSamples: Int?
        let habits: [Habit]
    }

    struct Day: Decodable {
        let date: String
        let meditateMinutes: Double
        let workoutMinutes: Double
        let workouts: Int
        let activeKcal: Double
        let noalc: String?
        let meditate: Bool
        let workout: Bool
    }

    struct Calendar: Decodable {
        let month: String?
        let year: String?
        let timeZone: String
        let allSources: Bool
        let days: [Day]
    }

    struct Check: Decodable {
        let delivered: [Handled]
        let suppressed: [Handled]
    }

    struct Changes: Decodable {
        struct Added: Decodable {
            let samples: [Sample]
            let workouts: [Workout]
        }

        struct Deleted: Decodable {
            let uuid: String
            let kind: String
            let type: String
            let anchor: Int64
        }

        let since: Int64
        let anchor: Int64
        let added: Added
        let deleted: [Deleted]
    }

    struct ExportObject: Decodable {
        let kind: String
        let sample: Sample?
        let workout: Workout?
    }

    // MARK: - Helpers

    /// A fresh store holding: meditation on Oct 24 (12 min) and 25 (10 min), a 30-minute HIIT
    /// workout on Oct 25 at 18:00, a steady NoAlc day on Oct 24, and 5 minutes of meditation
    /// from an external source this morning.
    static func fixture() throws -> HabitProcess {
        let habit = try HabitProcess()
        for arguments in [["log", "meditate", "12m", "--at", "2025-10-24T07:00"],
                          ["log", "meditate", "10m", "--at", "2025-10-25T07:00"],
                          ["log", "workout", "hiit", "30m", "--at", "2025-10-25T18:00"],
                          ["log", "alcohol", "0", "--date", "2025-10-24"],
                          ["log", "meditate", "5m", "--at", "08:00", "--source", "com.example.app"]] {
            let r = try habit.run(arguments, env: env)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
        }
        return habit
    }

    /// Runs `arguments` (with `--json` unless `json` is false) and returns stdout, failing on a non-zero exit.
    static func output(_ habit: HabitProcess, _ arguments: [String], json: Bool = true, env extra: [String: String] = [:]) throws -> Data {
        let r = try habit.run(arguments + (json ? ["--json"] : []), env: env.merging(extra) { $1 })
        guard r.status == 0 else { throw CLIFailure(result: r) }
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        return Data(r.stdout.utf8)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func keys(_ value: Any?) -> Set<String> {
        Set((value as? [String: Any])?.keys.map { $0 } ?? [])
    }

    static let sampleKeys: Set<String> = ["uuid", "type", "start", "end", "value", "unit", "source"]
    static let workoutKeys: Set<String> = ["uuid", "activityType", "start", "end", "duration", "totalEnergyKcal",
                                           "totalDistanceMeters", "source", "metadata"]
    /// A habit day's `state` (Standards/json.md, Standards/habits.md "Day states").
    static let dayStates: Set<String> = ["met", "done", "open", "missed", "healed", "pending", "skipped", "off-day", "not-due",
                                         "before", "later"]
    static let dayKeys: Set<String> = ["date", "meditateMinutes", "workoutMinutes", "workouts", "activeKcal", "noalc",
                                       "meditate", "workout", "habits"]

    static func isUUID(_ s: String) -> Bool {
        s.count == 36 && s == s.lowercased() && UUID(uuidString: s) != nil
    }

    /// ISO 8601 with an offset, seconds precision: `2025-10-26T10:00:00+01:00`.
    static func isInstant(_ s: String) -> Bool {
        s.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$"#, options: .regularExpression) != nil
    }

    // MARK: - The commands

    @Test func streakHasAsOfTimeZoneAllSourcesAndOneRowPerHabit() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let data = try Self.output(habit, ["streak"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["asOf", "timeZone", "allSources", "habits"])
        #expect(((json["habits"] as? [Any]) ?? []).allSatisfy { Self.keys($0) == ["habit", "per", "current", "longest", "jokers", "today"] })
        let streak = try Self.decode(Streak.self, data)
        #expect(streak.asOf == "2025-10-26")
        #expect(streak.timeZone == "Europe/Berlin")
        #expect(streak.allSources == false)
        #expect(streak.habits.map(\.habit) == ["meditate", "workout", "noalc"])
        let meditate = try #require(streak.habits.first)
        #expect((meditate.current, meditate.longest, meditate.jokers, meditate.today) == (2, 2, 0, "pending"))
        #expect(streak.habits.allSatisfy { ["done", "pending", "missed"].contains($0.today) })

        let all = try Self.decode(Streak.self, try Self.output(habit, ["streak", "--all-sources"]))
        #expect(all.allSources == true)
        #expect(all.otherSourceSamples == 1)
        #expect(all.habits.first?.today == "done")
    }

    @Test func calendarMonthHasEveryDayWithTheSummaryAndWhatTheStreakCounts() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let data = try Self.output(habit, ["calendar", "2025-10"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["month", "timeZone", "allSources", "days"])
        #expect(((json["days"] as? [Any]) ?? []).allSatisfy { Self.keys($0) == Self.dayKeys })
        // Each habit's day: its own state, and a week or month habit's period beside it (null for the built-ins).
        let habitDays = HabitsFixture.objects(json["days"]).flatMap { (($0["habits"] as? [String: Any]) ?? [:]).values }
        #expect(!habitDays.isEmpty && habitDays.allSatisfy { Self.keys($0) == ["value", "met", "skipped", "joker", "state", "period"] })
        #expect(habitDays.allSatisfy { day in
            (day as? [String: Any]).map { Self.dayStates.contains($0["state"] as? String ?? "") && $0["period"] is NSNull } == true
        })
        let calendar = try Self.decode(Calendar.self, data)
        #expect(calendar.month == "2025-10")
        #expect(calendar.year == nil)
        #expect(calendar.days.count == 31)
        #expect(calendar.days.first?.date == "2025-10-01")
        let d24 = try #require(calendar.days.first { $0.date == "2025-10-24" })
        #expect((d24.meditateMinutes, d24.meditate, d24.noalc) == (12, true, "steady"))
        let d25 = try #require(calendar.days.first { $0.date == "2025-10-25" })
        #expect((d25.meditateMinutes, d25.workoutMinutes, d25.workouts, d25.activeKcal, d25.workout) == (10, 30, 1, 245, true))
        #expect(d25.noalc == nil)

        let year = try Self.decode(Calendar.self, try Self.output(habit, ["calendar", "--year"]))
        #expect(year.year == "2025")
        #expect(year.month == nil)
        #expect(year.days.count == 365)
    }

    @Test func logMeditateHasTheSampleANullWorkoutAndTheCancelledReminders() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: Self.env).status == 0)
        let data = try Self.output(habit, ["log", "meditate", "10m"], env: ["HABIT_NOW": "2025-10-26T19:00:00+01:00"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["samples", "workout", "replaced", "cancelledReminders"])
        #expect(json["workout"] is NSNull)
        #expect(Self.keys((json["samples"] as? [Any])?.first) == Self.sampleKeys)  // value and unit: null, never left out
        #expect(Self.keys((json["cancelledReminders"] as? [Any])?.first) == ["reminder", "title", "occurrence"])
        let log = try Self.decode(Log.self, data)
        let s = try #require(log.samples.first)
        #expect(Self.isUUID(s.uuid))
        #expect(s.type == "HKCategoryTypeIdentifierMindfulSession")
        #expect((s.start, s.end) == ("2025-10-26T18:50:00+01:00", "2025-10-26T19:00:00+01:00"))
        #expect(s.value == nil && s.unit == nil)
        #expect(s.source == "dev.habit")
        #expect(log.replaced.isEmpty)
        let cancelled = try #require(log.cancelledReminders.first)
        #expect((cancelled.reminder, cancelled.title, cancelled.occurrence) == ("1", "Meditate", "2025-10-26T20:00:00+01:00"))
    }

    @Test func logWorkoutHasTheWorkoutAndItsEnergySample() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let data = try Self.output(habit, ["log", "workout", "hiit", "30m", "--note", "-3"])
        let json = try Self.object(data)
        #expect(Self.keys(json["workout"]) == Self.workoutKeys)
        #expect(Self.keys((json["samples"] as? [Any])?.first) == Self.sampleKeys.union(["workout"]))
        let log = try Self.decode(Log.self, data)
        let w = try #require(log.workout)
        #expect(Self.isUUID(w.uuid))
        #expect(w.activityType == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect((w.start, w.end, w.duration) == ("2025-10-26T09:30:00+01:00", "2025-10-26T10:00:00+01:00", 1800))
        #expect(w.totalEnergyKcal == 245)
        #expect(w.totalDistanceMeters == nil)
        #expect(w.metadata?["note"] == "-3")
        let energy = try #require(log.samples.first)
        #expect(energy.type == "HKQuantityTypeIdentifierActiveEnergyBurned")
        #expect((energy.value, energy.unit, energy.workout) == (245, "kcal", w.uuid))
    }

    @Test func logAlcoholHasTheDaySampleAtItsFirstInstantAndWhatItReplaced() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let first = try Self.decode(Log.self, try Self.output(habit, ["log", "alcohol", "3"]))
        let data = try Self.output(habit, ["log", "alcohol", "0"])
        let json = try Self.object(data)
        #expect(Self.keys((json["samples"] as? [Any])?.first) == Self.sampleKeys.union(["metadata"]))
        let log = try Self.decode(Log.self, data)
        let s = try #require(log.samples.first)
        #expect(s.type == "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
        #expect((s.start, s.end) == ("2025-10-25T00:00:00+02:00", "2025-10-25T00:00:00+02:00"))  // before 18:00: yesterday, at its first instant
        #expect((s.value, s.unit) == (0, "count"))
        #expect(s.metadata == ["level": "steady", "drinks": "0"])
        #expect(log.workout == nil)
        #expect(log.replaced == [first.samples.first?.uuid ?? ""])
    }

    @Test func remindCheckListsDeliveredAndSuppressedOccurrences() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: Self.env).status == 0)
        #expect(try habit.run(["remind", "add", "workout", "20:00", "--lookback", "2h"], env: Self.env).status == 0)
        #expect(try habit.run(["log", "workout", "20m"], env: ["HABIT_NOW": "2025-10-26T19:00:00+01:00"]).status == 0)
        // The log cancelled the workout reminder; only the meditation one is due.
        let data = try Self.output(habit, ["remind", "check"], env: ["HABIT_NOW": "2025-10-26T20:01:00+01:00"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["delivered", "suppressed"])
        #expect(Self.keys((json["delivered"] as? [Any])?.first) == ["reminder", "title", "occurrence"])
        let check = try Self.decode(Check.self, data)
        #expect(check.delivered.map(\.reminder) == ["1"])
        #expect(check.delivered.first?.occurrence == "2025-10-26T20:00:00+01:00")
        #expect(check.suppressed.isEmpty)
    }

    @Test func exportNdjsonAndJsonHoldTheSameTaggedObjectsAsChanges() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let ndjson = String(decoding: try Self.output(habit, ["export", "--format", "ndjson", "--all-sources"], json: false), as: UTF8.self)
        let lines = ndjson.split(separator: "\n")
        #expect(lines.count == 6)  // 4 meditation/NoAlc samples + the energy sample + the workout
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let kind = object?["kind"] as? String
            #expect(Self.keys(object) == ["kind", kind ?? "?"])
        }
        let objects = try lines.map { try Self.decode(ExportObject.self, Data($0.utf8)) }
        #expect(objects.filter { $0.kind == "sample" }.count == 5)
        #expect(objects.filter { $0.kind == "workout" }.count == 1)
        #expect(objects.allSatisfy { Self.isUUID($0.sample?.uuid ?? $0.workout?.uuid ?? "") })
        #expect(objects.allSatisfy { Self.isInstant($0.sample?.start ?? $0.workout?.start ?? "") })

        struct Document: Decodable { let objects: [ExportObject] }
        let document = try Self.object(try Self.output(habit, ["export", "--format", "json", "--all-sources"], json: false))
        #expect(Self.keys(document) == ["objects"])
        let decoded = try Self.decode(Document.self, try Self.output(habit, ["export", "--format", "json", "--all-sources"], json: false))
        #expect(decoded.objects.map { $0.sample?.uuid ?? $0.workout?.uuid ?? "" } == objects.map { $0.sample?.uuid ?? $0.workout?.uuid ?? "" })

        let changes = try Self.decode(Changes.self, try Self.output(habit, ["changes", "--since", "0"]))
        #expect(Set(changes.added.samples.map(\.uuid)) == Set(objects.compactMap { $0.sample?.uuid }))
        #expect(changes.added.workouts.map(\.uuid) == objects.compactMap { $0.workout?.uuid })
    }

    @Test func changesHasTheAnchorsAddedObjectsAndTombstones() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let before = try Self.decode(Changes.self, try Self.output(habit, ["changes", "--since", "0"]))
        let workout = try #require(before.added.workouts.first)
        #expect(try habit.run(["delete", workout.uuid], env: Self.env).status == 0)
        let data = try Self.output(habit, ["changes", "--since", String(before.anchor)])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["since", "anchor", "added", "deleted"])
        #expect(Self.keys(json["added"]) == ["samples", "workouts", "skips"])
        #expect(((json["deleted"] as? [Any]) ?? []).allSatisfy { Self.keys($0) == ["uuid", "kind", "type", "anchor"] })
        let changes = try Self.decode(Changes.self, data)
        #expect(changes.since == before.anchor)
        #expect(changes.anchor == before.anchor + 2)
        #expect(changes.added.samples.isEmpty && changes.added.workouts.isEmpty)
        #expect(Set(changes.deleted.map(\.kind)) == ["workout", "sample"])
        #expect(changes.deleted.contains { $0.uuid == workout.uuid && $0.type == workout.activityType })
    }

    @Test func logListTimelineAndTodayShareTheEntryShape() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let list = try Self.object(try Self.output(habit, ["log", "list", "--all-sources"]))
        #expect(Self.keys(list) == ["entries"])
        struct List: Decodable { let entries: [Entry] }
        let entries = try Self.decode(List.self, try Self.output(habit, ["log", "list", "--all-sources"])).entries
        #expect(entries.count == 5)  // the energy sample is listed with its workout
        #expect(entries.first?.sample?.source == "com.example.app")  // newest first
        let w = try #require(entries.first { $0.kind == "workout" })
        #expect(w.workout != nil && w.samples?.count == 1 && w.sample == nil)

        struct Timeline: Decodable {
            struct Day: Decodable {
                struct Item: Decodable {
                    let kind: String
                    let entry: Entry?
                    let workout: Workout?
                }

                let date: String
                let items: [Item]
            }

            let days: [Day]
        }
        let timeline = try Self.decode(Timeline.self, try Self.output(habit, ["timeline"]))
        #expect(timeline.days.map(\.date) == ["2025-10-26", "2025-10-25", "2025-10-24"])
        #expect(timeline.days.flatMap(\.items).allSatisfy { ["entry", "workout", "recovery", "rings"].contains($0.kind) })

        struct Today: Decodable {
            struct Habit: Decodable {
                let habit: String
                let today: String
                let current: Int
            }

            let date: String
            let day: Day
            let habits: [Habit]
        }
        let todayData = try Self.output(habit, ["today"])
        #expect(Self.keys(try Self.object(todayData)) == ["date", "day", "habits", "pending"])
        #expect(Self.keys(try Self.object(todayData)["day"]) == Self.dayKeys)
        let today = try Self.decode(Today.self, todayData)
        #expect(today.date == "2025-10-26")
        #expect(today.day.date == "2025-10-26")
        #expect(today.habits.map(\.habit) == ["meditate", "workout", "noalc"])
    }

    @Test func remindListAndConfigListNameEveryField() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "noalc", "21:30", "--days", "mon-fri", "--lookback", "8h", "--title", "Evening"], env: Self.env).status == 0)
        let data = try Self.output(habit, ["remind", "list"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["paused", "reminders"])
        #expect(Self.keys((json["reminders"] as? [Any])?.first)
                == ["id", "title", "message", "activity", "time", "days", "lookbackHours", "enabled", "nextOccurrence", "nextCancelled", "willFire", "doneAlready"])
        struct List: Decodable {
            struct Reminder: Decodable {
                let id: Int64
                let title: String
                let message: String
                let activity: String
                let time: String
                let days: String
                let lookbackHours: Int
                let enabled: Bool
                let nextOccurrence: String?
                let nextState: String?
                let nextCancelled: Bool
            }

            let paused: Bool
            let reminders: [Reminder]
        }
        let list = try Self.decode(List.self, data)
        let r = try #require(list.reminders.first)
        #expect((r.id, r.title, r.activity, r.time, r.days) == (1, "Evening", "noalc", "21:30", "mon-fri"))
        #expect((r.lookbackHours, r.enabled) == (8, true))
        #expect(r.nextOccurrence == "2025-10-27T21:30:00+01:00")
        #expect(r.nextState == nil && r.nextCancelled == false)

        let config = try Self.object(try Self.output(habit, ["config", "list"]))
        #expect(Self.keys(config) == ["weight", "min-minutes", "meditate-goal", "workout-goal", "week-start", "day-start", "grace"])  // timezone: not set
        #expect(config["weight"] as? String == "70")
        #expect(try habit.run(["config", "set", "timezone", "Europe/Berlin"], env: Self.env).status == 0)
        #expect(try Self.object(try Self.output(habit, ["config", "list"]))["timezone"] as? String == "Europe/Berlin")
    }

    @Test func deleteAndUndoPrintTheDeletedEntry() throws {
        let habit = try Self.fixture()
        defer { habit.cleanUp() }
        let undone = try Self.object(try Self.output(habit, ["undo"]))
        #expect(Self.keys(undone) == ["deleted"])
        struct Deleted: Decodable { let deleted: Entry }
        let list = try Self.decode(Changes.self, try Self.output(habit, ["changes", "--since", "0"]))
        let target = try #require(list.added.samples.first { $0.type == "HKCategoryTypeIdentifierMindfulSession" })
        let deleted = try Self.decode(Deleted.self, try Self.output(habit, ["delete", String(target.uuid.prefix(8))]))
        #expect(deleted.deleted.kind == "sample")
        #expect(deleted.deleted.sample?.uuid == target.uuid)
    }

    @Test func importSummaryCountsWhatWasAndWouldBeImported() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let xml = ImportCommandTests.fixtures.appendingPathComponent("apple-health-small-a/export.xml").path
        let data = try Self.output(habit, ["import", xml, "--dry-run"])
        let json = try Self.object(data)
        #expect(Self.keys(json) == ["dryRun", "samples", "workouts", "duplicates", "correlationChildren", "activitySummaries", "samplesByType",
                                    "workoutsByType", "skipped", "sources", "bytes", "seconds", "rejected", "rejections", "futureDated", "notKept"])
        #expect(json["rejected"] as? Int == 0 && (json["rejections"] as? [Any])?.isEmpty == true && json["futureDated"] as? Int == 0)
        struct Summary: Decodable {
            let dryRun: Bool
            let samples: Int
            let workouts: Int
            let duplicates: Int
            let correlationChildren: Int
            let samplesByType: [String: Int]
            let workoutsByType: [String: Int]
            let skipped: [String: Int]
            let sources: [String]
            let bytes: Int
            let seconds: Double
        }
        let summary = try Self.decode(Summary.self, data)
        #expect(summary.dryRun)
        #expect(summary.samples == summary.samplesByType.values.reduce(0, +))
        #expect(summary.workouts == summary.workoutsByType.values.reduce(0, +))
        #expect(summary.bytes == (try FileManager.default.attributesOfItem(atPath: xml)[.size] as? Int))
        #expect(summary.sources == summary.sources.sorted())
    }
}
