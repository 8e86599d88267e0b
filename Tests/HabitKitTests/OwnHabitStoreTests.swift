import Foundation
import Testing
@testable import HabitKit

/// Habits of one's own through the store (Standards/habits.md): definitions, entries, skips, removal,
/// `--from` habits on imported data, and reminders.
@Suite struct OwnHabitStoreTests {
    static let created = Fixture.instant("2025-10-01T08:00:00+02:00")

    static func define(_ name: String, _ kind: HabitDefinition.Kind = .yesNo, unit: String? = nil,
                       goal: HabitDefinition.Goal? = nil, times: Int = 1, per: HabitDefinition.Period = .day,
                       from: String? = nil, sources: HabitDefinition.SourceFilter = .app,
                       since: String = "2025-10-01") -> HabitDefinition {
        HabitDefinition(id: Fixture.uuids.next().uuidString.lowercased(), name: name, kind: kind, unit: unit, goal: goal,
                        per: per, times: times, fromType: from, sources: sources, since: Fixture.day(since),
                        created: created, modified: created)
    }

    static func add(_ store: HabitStore, _ d: HabitDefinition) throws -> HabitDefinition {
        try store.addHabit(d)
        return d
    }

    /// Logs `amount` of `habit` as an instant at `iso`, which is also the log's "now".
    @discardableResult
    static func log(_ store: HabitStore, _ habit: HabitDefinition, _ amount: Double = 1, at iso: String) throws -> LogResult {
        let env = Fixture.env(iso)
        return try store.logHabit(habit, amount: amount, InstantRange(env.now, upTo: env.now), note: nil, env: env)
    }

    static func report(_ store: HabitStore, _ habit: HabitDefinition, _ range: DayRange, now: String) throws -> HabitReport {
        try store.read(.overview([habit], range: range, env: Fixture.env(now))).reports[0]
    }

    static func days(_ from: String, _ to: String) -> DayRange { DayRange(Fixture.day(from), upTo: Fixture.day(to)) }

    // MARK: - Definitions and entries

    @Test func aNameIsTakenOnceAndAnUnknownNameListsTheHabits() throws {
        let store = try HabitStore.inMemory()
        _ = try Self.add(store, Self.define("water", .quantity, unit: "glass", goal: .atLeast(8)))
        #expect(throws: HabitInputError.nameTaken("water")) {
            try store.addHabit(Self.define("water"))
        }
        #expect(try store.read(.ownHabits()).map(\.name) == ["water"])
        let env = Fixture.env("2025-10-26T12:00:00+01:00")
        #expect(throws: HabitInputError.unknownHabit("waterr", existing: ["meditate", "workout", "noalc", "water"])) {
            try store.read(.habit(named: "waterr", env: env))
        }
        // The stored definition reads back as it was written.
        let stored = try store.read(.habit(named: "water", env: env))
        #expect(stored.goal == .atLeast(8))
        #expect(stored.unit == "glass")
        #expect(stored.loggedType == HabitDefinition.loggedTypePrefix + stored.id)
    }

    @Test func entriesAreSummedIntoTheHalfOpenDayOfTheirStart() throws {
        let store = try HabitStore.inMemory()
        let water = try Self.add(store, Self.define("water", .quantity, unit: "glass", goal: .atLeast(8)))
        // Berlin, 2025-10-26 is 25 hours long: [00:00 +02:00, 2025-10-27 00:00 +01:00).
        try Self.log(store, water, 3, at: "2025-10-25T23:59:59+02:00")
        try Self.log(store, water, 5, at: "2025-10-26T00:00:00+02:00")
        try Self.log(store, water, 2, at: "2025-10-26T02:30:00+01:00")  // the repeated hour, second time
        try Self.log(store, water, 1, at: "2025-10-26T23:59:59+01:00")
        try Self.log(store, water, 4, at: "2025-10-27T00:00:00+01:00")
        let r = try Self.report(store, water, Self.days("2025-10-25", "2025-10-28"), now: "2025-10-27T12:00:00+01:00")
        #expect(r.days.map(\.value) == [3, 8, 4])
        #expect(r.days.map(\.met) == [false, true, false])
        #expect(r.today == .pending)
        #expect(r.current == 1)
        #expect(r.firstDay == Fixture.day("2025-10-01"))  // its creation day: earlier than the first entry
    }

    struct WindowDSTCase: Sendable, CustomTestStringConvertible {
        let zone: String
        /// The day the clocks change (C).
        let change: String
        /// The offsets in force before and after the change.
        let before: String, after: String
        /// An instant in the hour (or half hour) the change repeats or skips.
        let changed: String
        var testDescription: String { "\(zone) \(change)" }

        var day: LocalDay { Fixture.day(change) }
        /// C − 1's last second, C's first instant, the changed hour, C's last second, C + 2's first instant.
        var entries: [String] {
            ["\(day.adding(days: -1))T23:59:59\(before)", "\(day)T00:00:00\(before)", changed,
             "\(day)T23:59:59\(after)", "\(day.adding(days: 2))T00:00:00\(after)"]
        }
        var now: String { "\(day.adding(days: 2))T12:00:00\(after)" }
    }

    static let windowDSTCases: [WindowDSTCase] = [
        .init(zone: "America/New_York", change: "2025-03-09", before: "-05:00", after: "-04:00", changed: "2025-03-09T03:30:00-04:00"),
        .init(zone: "America/New_York", change: "2025-11-02", before: "-04:00", after: "-05:00", changed: "2025-11-02T01:30:00-05:00"),
        .init(zone: "Europe/Berlin", change: "2025-03-30", before: "+01:00", after: "+02:00", changed: "2025-03-30T03:30:00+02:00"),
        .init(zone: "Europe/Berlin", change: "2025-10-26", before: "+02:00", after: "+01:00", changed: "2025-10-26T02:30:00+01:00"),
        .init(zone: "Australia/Lord_Howe", change: "2025-04-06", before: "+11:00", after: "+10:30", changed: "2025-04-06T01:45:00+10:30"),
        .init(zone: "Australia/Lord_Howe", change: "2025-10-05", before: "+10:30", after: "+11:00", changed: "2025-10-05T02:45:00+11:00"),
    ]

    /// N days in any D across a DST change: entries belong to the half-open local day of their
    /// start (the change day is 23, 23.5, 24.5 or 25 hours long), and a day's window is the D
    /// local days ending with it, whatever their lengths. Walk, 2 days in any 3, added on C − 3:
    /// done on C − 1 (its last second), C (three entries: its first instant, one in the changed
    /// hour, its last second) and C + 2 (its first instant), today. C − 3 … C − 1 hold fewer than
    /// 2 (C − 1's window has only itself); C (C − 1 and C), C + 1 (C − 1 and C) and C + 2 (C and
    /// C + 2) are met. A day moved by an hour — an entry on the wrong side of a boundary — would
    /// change the values (and C's mark, were its first instant counted the day before).
    @Test(arguments: windowDSTCases)
    func aWindowOfDaysCountsLocalDaysAcrossDST(_ c: WindowDSTCase) throws {
        let store = try HabitStore.inMemory()
        let change = Fixture.day(c.change)
        let since = change.adding(days: -3).description
        let walk = try Self.add(store, Self.define("walk", times: 2, per: .days(3), since: since))
        let pages = try Self.add(store, Self.define("pages", .quantity, unit: "page", goal: .atLeast(5), per: .days(2), since: since))
        for iso in c.entries {
            let env = Fixture.env(iso, c.zone)
            for h in [walk, pages] {
                _ = try store.logHabit(h, amount: h == pages ? 2 : 1, InstantRange(env.now, upTo: env.now), note: nil, env: env)
            }
        }
        let env = Fixture.env(c.now, c.zone)
        #expect(env.today == change.adding(days: 2))
        let range = DayRange(change.adding(days: -3), upTo: change.adding(days: 3))
        let reports = try store.read(.overview([walk, pages], range: range, env: env)).reports
        let r = reports[0]
        #expect(r.days.map(\.value) == [0, 0, 1, 3, 0, 1], "\(c)")
        #expect(r.days.map(\.targetMet) == [false, false, false, true, true, true], "\(c)")
        #expect(r.today == .done && r.current == 3 && r.longest == 3)
        #expect(r.period == PeriodProgress(start: change, end: change.adding(days: 3), value: 2, target: 2, met: true))
        // At least 5 pages in any 2 days (2 pages an entry): sums 0, 0, 2, 8, 6, 2 over the two days
        // ending with each; the first day's target is ceil(5 × 1/2) = 3.
        let p = reports[1]
        #expect(p.days.map(\.value) == [0, 0, 2, 6, 0, 2], "\(c)")
        #expect(p.days.map(\.targetMet) == [false, false, false, true, true, false], "\(c)")
        #expect(p.today == .pending && p.current == 2 && p.period?.value == 2 && p.period?.target == 5)
    }

    @Test func aFromHabitCannotBeLogged() throws {
        let store = try HabitStore.inMemory()
        let steps = try Self.add(store, Self.define("steps", .quantity, unit: "count", goal: .atLeast(8000),
                                                    from: "HKQuantityTypeIdentifierStepCount", sources: .all))
        #expect(throws: HabitInputError.self) { try Self.log(store, steps, 100, at: "2025-10-26T12:00:00+01:00") }
        #expect(try store.read(.counts).samples == 0)
    }

    // MARK: - Skips

    @Test func skipAndUnskipForOneHabitAndForAll() throws {
        let store = try HabitStore.inMemory()
        let floss = try Self.add(store, Self.define("floss"))
        let water = try Self.add(store, Self.define("water", .quantity, unit: "glass", goal: .atLeast(8)))
        let env = Fixture.env("2025-10-20T12:00:00+02:00")
        let d = Fixture.day("2025-10-10")
        let anchor = try store.read(.currentAnchor)

        let own = try store.skip(habitID: floss.id, days: DayRange(d, upTo: d.adding(days: 3)), env: env)
        #expect(own.days == [d, d.adding(days: 1), d.adding(days: 2)])
        #expect(try store.skip(habitID: floss.id, days: DayRange(d, upTo: d.adding(days: 3)), env: env).unchanged.count == 3)
        let all = try store.skip(habitID: nil, days: DayRange(d.adding(days: 2), upTo: d.adding(days: 5)), env: env)
        #expect(all.days.count == 3)
        #expect(try store.read(.currentAnchor) == anchor + 6)  // every skip row takes an anchor

        func skipped(_ h: HabitDefinition) throws -> [LocalDay] {
            try Self.report(store, h, DayRange(d.adding(days: -1), upTo: d.adding(days: 7)), now: "2025-10-20T12:00:00+02:00")
                .days.filter(\.skipped).map(\.day)
        }
        #expect(try skipped(floss) == (0..<5).map { d.adding(days: $0) })
        #expect(try skipped(water) == (2..<5).map { d.adding(days: $0) })

        // unskip floss: its own days go; the --all days stay, and the change says so.
        let back = try store.unskip(habitID: floss.id, days: DayRange(d, upTo: d.adding(days: 5)))
        #expect(back.days == [d, d.adding(days: 1), d.adding(days: 2)])
        #expect(back.unchanged == [d.adding(days: 3), d.adding(days: 4)])
        #expect(back.stillSkippedForAll == [d.adding(days: 2), d.adding(days: 3), d.adding(days: 4)])
        #expect(try skipped(floss) == (2..<5).map { d.adding(days: $0) })

        // unskip --all takes the vacation back for every habit.
        let vacation = try store.unskip(habitID: nil, days: DayRange(d, upTo: d.adding(days: 5)))
        #expect(vacation.days == (2..<5).map { d.adding(days: $0) })
        #expect(vacation.stillSkippedForAll.isEmpty)
        #expect(try skipped(floss).isEmpty)
        #expect(try skipped(water).isEmpty)

        // Taking a skip back is a deletion like any other: the change feed reports it.
        let changes = try store.read(.changes(since: anchor))
        #expect(changes.deleted.count == 6)
        #expect(changes.anchor == anchor + 12)
    }

    // MARK: - Removal

    @Test func removingAHabitLeavesTombstonesAndDeletesItsSkipsAndReminders() throws {
        let store = try HabitStore.inMemory()
        let water = try Self.add(store, Self.define("water", .quantity, unit: "glass", goal: .atLeast(8)))
        let floss = try Self.add(store, Self.define("floss"))
        let env = Fixture.env("2025-10-20T12:00:00+02:00")
        let a = try Self.log(store, water, 3, at: "2025-10-19T09:00:00+02:00").samples[0]
        let b = try Self.log(store, water, 2, at: "2025-10-20T09:00:00+02:00").samples[0]
        try Self.log(store, floss, at: "2025-10-20T09:00:00+02:00")
        _ = try store.skip(habitID: water.id, days: DayRange(day: Fixture.day("2025-10-18")), env: env)
        _ = try store.skip(habitID: nil, days: DayRange(day: Fixture.day("2025-10-17")), env: env)
        _ = try store.changeReminder(.add(Reminder(title: "Water", message: "drink", activity: water.id, time: LocalTime("20:00")!, created: Self.created)))
        let flossReminder = try store.changeReminder(.add(Reminder(title: "Floss", message: "floss", activity: floss.id, time: LocalTime("21:00")!,
                                                           created: Self.created)))
        let before = try store.read(.currentAnchor)

        let removal = try store.removeHabit(named: "water", env: env)
        #expect(removal == HabitRemoval(entries: 2, skips: 1, reminders: 1))
        #expect(try store.read(.reminders(env: env)).reminders.map(\.id) == [flossReminder.id])
        #expect(try store.read(.ownHabits()).map(\.name) == ["floss"])
        #expect(throws: HabitInputError.self) { try store.read(.habit(named: "water", env: env)) }
        #expect(try store.read(.counts).samples == 1)
        #expect(try store.read(.currentAnchor) == before + 3)  // two entries and the skip, one anchor each
        // The other habit keeps its entry and the --all skip.
        let r = try Self.report(store, floss, Self.days("2025-10-17", "2025-10-21"), now: "2025-10-20T12:00:00+02:00")
        #expect(r.days.map(\.skipped) == [true, false, false, false])
        #expect(r.today == .done)

        // The change feed reports the deletions: the entries as samples of the habit's type, and the skip.
        let tombstones = try store.read(.tombstones(since: before))
        let samples = tombstones.filter { $0.kind == .sample }
        #expect(Set(samples.map(\.uuid)) == [a.uuid, b.uuid])
        #expect(samples.allSatisfy { $0.type == HabitDefinition.loggedTypePrefix + water.id && $0.anchor > before })
        #expect(try store.read(.changes(since: before)).deleted.count == 3)
    }

    // MARK: - Habits on imported data

    /// An Apple Health export of `records` (the `<Record …/>` lines).
    static func export(_ records: [String]) throws -> String {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + records.map { " " + $0 + "\n" }.joined() + "</HealthData>\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-own-\(UUID().uuidString).xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func steps(_ start: String, _ value: Int) -> String {
        "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Alex’s iPhone\" unit=\"count\" "
            + "startDate=\"\(start)\" endDate=\"\(start)\" value=\"\(value)\"/>"
    }

    static func sleep(_ stage: String, _ start: String, _ end: String) -> String {
        "<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"Alex’s Apple Watch\" "
            + "startDate=\"\(start)\" endDate=\"\(end)\" value=\"HKCategoryValueSleepAnalysis\(stage)\"/>"
    }

    @Test func aStepsHabitSumsImportedStepsPerDay() throws {
        let store = try HabitStore.inMemory()
        let path = try Self.export([
            Self.steps("2025-10-25 23:59:59 +0200", 500),   // Saturday
            Self.steps("2025-10-26 00:00:00 +0200", 3000),  // Sunday (25 hours), first instant
            Self.steps("2025-10-26 02:30:00 +0100", 4000),  // the repeated hour, second time
            Self.steps("2025-10-26 23:59:00 +0100", 1000),
            Self.steps("2025-10-27 00:00:00 +0100", 9000),  // Monday
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-28T12:00:00+01:00"))
        let all = try Self.add(store, Self.define("steps", .quantity, unit: "count", goal: .atLeast(8000),
                                                  from: "HKQuantityTypeIdentifierStepCount", sources: .all, since: "2025-10-27"))
        let range = Self.days("2025-10-25", "2025-10-28")
        let r = try Self.report(store, all, range, now: "2025-10-27T20:00:00+01:00")
        #expect(r.days.map(\.value) == [500, 8000, 9000])
        #expect(r.days.map(\.met) == [false, true, true])
        #expect(r.firstDay == Fixture.day("2025-10-25"))  // the first sample's day, before the habit was added
        #expect(r.current == 2)
        // --sources: the app's sources count none of it; the phone's name selects it.
        let app = try Self.add(store, Self.define("app-steps", .quantity, unit: "count", goal: .atLeast(8000),
                                                  from: "HKQuantityTypeIdentifierStepCount", sources: .app))
        #expect(try Self.report(store, app, range, now: "2025-10-27T20:00:00+01:00").days.map(\.value) == [0, 0, 0])
        let phone = try Self.add(store, Self.define("phone-steps", .quantity, unit: "count", goal: .atLeast(8000),
                                                    from: "HKQuantityTypeIdentifierStepCount", sources: .named(["Alex’s iPhone"])))
        #expect(try Self.report(store, phone, range, now: "2025-10-27T20:00:00+01:00").days.map(\.value) == [500, 8000, 9000])
    }

    @Test func aSleepHabitCountsAsleepStagesOverTheNightBefore() throws {
        let store = try HabitStore.inMemory()
        // Day D counts sleep that starts in [D−1 18:00, D 18:00), Berlin civil time; in bed and awake never count.
        let path = try Self.export([
            Self.sleep("AsleepDeep", "2025-10-19 17:59:00 +0200", "2025-10-19 18:59:00 +0200"),  // 60 min, day 19
            Self.sleep("InBed", "2025-10-20 22:00:00 +0200", "2025-10-21 06:30:00 +0200"),       // not asleep
            Self.sleep("AsleepCore", "2025-10-20 22:30:00 +0200", "2025-10-21 01:00:00 +0200"),  // 150, day 21
            Self.sleep("Awake", "2025-10-21 01:00:00 +0200", "2025-10-21 01:10:00 +0200"),       // not asleep
            Self.sleep("AsleepDeep", "2025-10-21 01:10:00 +0200", "2025-10-21 03:00:00 +0200"),  // 110, day 21
            Self.sleep("AsleepREM", "2025-10-21 03:00:00 +0200", "2025-10-21 06:00:00 +0200"),   // 180, day 21
            Self.sleep("Asleep", "2025-10-21 17:59:00 +0200", "2025-10-21 18:29:00 +0200"),      // 30, day 21
            Self.sleep("AsleepCore", "2025-10-21 18:00:00 +0200", "2025-10-21 18:45:00 +0200"),  // 45, day 22
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-23T12:00:00+02:00"))
        let sleep = try Self.add(store, Self.define("sleep", .quantity, unit: "min", goal: .atLeast(420),
                                                    from: "HKCategoryTypeIdentifierSleepAnalysis", sources: .all, since: "2025-10-22"))
        let r = try Self.report(store, sleep, Self.days("2025-10-19", "2025-10-23"), now: "2025-10-22T20:00:00+02:00")
        // Day 21: 150 + 110 + 180 + 30 = 470 minutes ≥ 420 (7 h).
        #expect(r.days.map(\.value) == [60, 0, 470, 45])
        #expect(r.days.map(\.met) == [false, false, true, false])
        #expect(r.firstDay == Fixture.day("2025-10-19"))
    }

    /// A night a watch and a phone both recorded counts each instant once (issue 22, point 4).
    @Test func aSleepHabitCountsANightTwoSourcesRecordedOnce() throws {
        let store = try HabitStore.inMemory()
        let path = try Self.export([
            Self.sleep("AsleepCore", "2025-10-20 23:00:00 +0200", "2025-10-21 03:00:00 +0200"),  // watch: 240
            Self.sleep("AsleepREM", "2025-10-21 03:00:00 +0200", "2025-10-21 06:00:00 +0200"),   // watch: 180
            Self.sleep("Asleep", "2025-10-20 23:30:00 +0200", "2025-10-21 06:30:00 +0200")
                .replacingOccurrences(of: "Alex’s Apple Watch", with: "Garmin Connect"),       // overlaps; adds 30
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-23T12:00:00+02:00"))
        let sleep = try Self.add(store, Self.define("sleep", .quantity, unit: "min", goal: .atLeast(420),
                                                    from: "HKCategoryTypeIdentifierSleepAnalysis", sources: .all, since: "2025-10-22"))
        let r = try Self.report(store, sleep, Self.days("2025-10-21", "2025-10-22"), now: "2025-10-22T20:00:00+02:00")
        #expect(r.days.map(\.value) == [450])
    }

    // MARK: - Reminders

    /// A store with `habit` and a daily reminder for it at `time` (12 h look-back), created long before.
    static func withReminder(_ habit: HabitDefinition, time: String = "20:00") throws -> (HabitStore, Reminder) {
        let store = try HabitStore.inMemory()
        try store.addHabit(habit)
        let reminder = try store.changeReminder(.add(Reminder(title: habit.name, message: "not yet", activity: habit.id,
                                                      time: LocalTime(time)!, created: created)))
        return (store, reminder)
    }

    @Test func aLogCancelsTheOccurrenceOnlyWhenItMakesTheDayMet() throws {
        let water = Self.define("water", .quantity, unit: "glass", goal: .atLeast(8))
        let (store, reminder) = try Self.withReminder(water)
        #expect(try Self.log(store, water, 3, at: "2025-10-22T19:00:00+02:00").cancelledReminders.isEmpty)  // 3 of 8
        let met = try Self.log(store, water, 5, at: "2025-10-22T19:10:00+02:00")                            // 8 of 8
        #expect(met.cancelledReminders.map(\.reminderID) == [reminder.id])
        #expect(met.cancelledReminders.first?.occurrence == Fixture.instant("2025-10-22T20:00:00+02:00"))
        let check = try store.checkReminders(env: Fixture.env("2025-10-22T20:01:00+02:00"), catchUp: false)
        #expect(check.delivered.isEmpty && check.suppressed.isEmpty)
    }

    @Test func aLogThatMeetsOneDayLeavesTheNextDaysOccurrenceAlone() throws {
        // An 08:00 reminder looks back to 20:00 the evening before. Water met at 23:00 on the 22nd
        // says nothing about the 23rd: its 08:00 occurrence stays and is delivered.
        let water = Self.define("water", .quantity, unit: "glass", goal: .atLeast(8))
        let (store, _) = try Self.withReminder(water, time: "08:00")
        #expect(try Self.log(store, water, 8, at: "2025-10-22T23:00:00+02:00").cancelledReminders.isEmpty)
        let check = try store.checkReminders(env: Fixture.env("2025-10-23T08:01:00+02:00"), catchUp: false)
        #expect(check.delivered.map(\.occurrence.day) == [Fixture.day("2025-10-23")])
    }

    @Test func theCheckSuppressesAnOccurrenceWhenTheDayIsMetAndDeliversItOtherwise() throws {
        let floss = Self.define("floss")
        let (store, _) = try Self.withReminder(floss)
        // Logged at 07:00, before the 12 h look-back of the 20:00 occurrence: nothing cancelled, but the day is met.
        #expect(try Self.log(store, floss, at: "2025-10-22T07:00:00+02:00").cancelledReminders.isEmpty)
        let met = try store.checkReminders(env: Fixture.env("2025-10-22T20:01:00+02:00"), catchUp: false)
        #expect(met.suppressed.map(\.occurrence.day) == [Fixture.day("2025-10-22")])
        #expect(met.delivered.isEmpty)
        // The next day nothing is logged: delivered.
        let next = try store.checkReminders(env: Fixture.env("2025-10-23T20:01:00+02:00"), catchUp: false)
        #expect(next.delivered.map(\.occurrence.day) == [Fixture.day("2025-10-23")])
        #expect(next.suppressed.isEmpty)
    }

    @Test func theCheckAgreesWithTheCalendarInAHabitsFirstPartialWeek() throws {
        // Added on Thursday 2025-10-23: its first week has 4 days in the history, and the calendar
        // shrinks the target to ceil(140 × 4 / 7) = 80. 80 minutes read meet the week there; the
        // reminder must see the same met week and stay silent.
        let reading = Self.define("reading", .quantity, unit: "min", goal: .atLeast(140), per: .week, since: "2025-10-23")
        let (store, _) = try Self.withReminder(reading)
        try Self.log(store, reading, 80, at: "2025-10-23T07:00:00+02:00")
        let r = try Self.report(store, reading, DayRange(day: Fixture.day("2025-10-23")), now: "2025-10-23T20:01:00+02:00")
        #expect(r.period?.target == 80)
        #expect(r.days.first?.met == true)
        let check = try store.checkReminders(env: Fixture.env("2025-10-23T20:01:00+02:00"), catchUp: false)
        #expect(check.delivered.isEmpty)
        #expect(check.suppressed.count == 1)
    }

    @Test func aWeekHabitsReminderIsSuppressedOnceItsWeekIsMet() throws {
        let gym = Self.define("gym", times: 2, per: .week)
        let (store, _) = try Self.withReminder(gym)
        // Monday 2025-10-20 and Tuesday at 07:00 (outside the look-back): the week is met from Tuesday on.
        try Self.log(store, gym, at: "2025-10-20T07:00:00+02:00")
        #expect(try store.checkReminders(env: Fixture.env("2025-10-20T20:01:00+02:00"), catchUp: false).delivered.count == 1)
        try Self.log(store, gym, at: "2025-10-21T07:00:00+02:00")
        #expect(try store.checkReminders(env: Fixture.env("2025-10-21T20:01:00+02:00"), catchUp: false).suppressed.count == 1)
        #expect(try store.checkReminders(env: Fixture.env("2025-10-22T20:01:00+02:00"), catchUp: false).suppressed.count == 1)
    }

    /// N days in any D: an occurrence is suppressed when its day's window — the D days ending with
    /// it — is met, as the calendar marks the day. Walk, 2 days in any 3, from Monday 2025-10-20:
    /// Monday at 07:00 meets Monday's window (1 of 1 in its history): suppressed; Tuesday needs a
    /// second day (delivered); logged Tuesday and Wednesday, Thursday's window (Tue–Thu) holds 2
    /// before anything is done: suppressed; Friday's (Wed–Fri) holds 1: delivered.
    @Test func aReminderOfNDaysInAnyDIsSuppressedWhenItsDaysWindowIsMet() throws {
        let walk = Self.define("walk", times: 2, per: .days(3), since: "2025-10-20")
        let (store, _) = try Self.withReminder(walk)
        try Self.log(store, walk, at: "2025-10-20T07:00:00+02:00")
        #expect(try store.checkReminders(env: Fixture.env("2025-10-20T20:01:00+02:00"), catchUp: false).suppressed.count == 1)
        #expect(try store.checkReminders(env: Fixture.env("2025-10-21T20:01:00+02:00"), catchUp: false).delivered.count == 1)
        try Self.log(store, walk, at: "2025-10-21T21:00:00+02:00")
        try Self.log(store, walk, at: "2025-10-22T07:00:00+02:00")
        #expect(try store.checkReminders(env: Fixture.env("2025-10-22T20:01:00+02:00"), catchUp: false).suppressed.count == 1)
        #expect(try store.checkReminders(env: Fixture.env("2025-10-23T20:01:00+02:00"), catchUp: false).suppressed.count == 1)
        #expect(try store.checkReminders(env: Fixture.env("2025-10-24T20:01:00+02:00"), catchUp: false).delivered.count == 1)
    }
}
