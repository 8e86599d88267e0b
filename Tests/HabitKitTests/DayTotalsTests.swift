import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Kept day totals (Standards/data-consistency.md, "Kept day totals"): a read that uses them
/// answers exactly what a read that sums every sample answers, whatever changed in between —
/// imports, logs, deletes, changed samples, another zone or day start.
@Suite struct DayTotalsTests {
    static let first = Fixture.day("2025-09-01")
    static let daysShown = 70

    /// Habits of every measure a sample-based habit has: values in units to convert, durations,
    /// asleep time, an own logged quantity, a named source.
    static func habits(_ store: HabitStore) throws -> [HabitDefinition] {
        typealias T = OwnHabitStoreTests
        return [
            try T.add(store, T.define("steps", .quantity, unit: "count", goal: .atLeast(8000),
                                      from: "HKQuantityTypeIdentifierStepCount", sources: .all, since: "2025-10-20")),
            try T.add(store, T.define("distance", .quantity, unit: "km", goal: .atLeast(5),
                                      from: "HKQuantityTypeIdentifierDistanceWalkingRunning", sources: .all, since: "2025-10-20")),
            try T.add(store, T.define("watch-distance", .quantity, unit: "mi", goal: .atLeast(3),
                                      from: "HKQuantityTypeIdentifierDistanceWalkingRunning", sources: .named(["Watch"]), since: "2025-10-20")),
            try T.add(store, T.define("sleep", .quantity, unit: "min", goal: .atLeast(420),
                                      from: "HKCategoryTypeIdentifierSleepAnalysis", sources: .all, since: "2025-10-20")),
            try T.add(store, T.define("mindful", .quantity, unit: "min", goal: .atLeast(10),
                                      from: "HKCategoryTypeIdentifierMindfulSession", sources: .all, since: "2025-10-20")),
            try T.add(store, T.define("water", .quantity, unit: "glass", goal: .atLeast(3), times: 10, per: .week, since: "2025-09-01")),
            try T.add(store, T.define("floss", since: "2025-09-01")),
        ] + HabitDefinition.builtins(settings: Settings(), since: first, at: Fixture.instant("2025-09-01T12:00:00+02:00"))
    }

    /// A built-in entry logged at a random instant of the shown days (a NoAlc entry replaces the
    /// day's earlier one: a deleted sample).
    static func logBuiltin(_ store: HabitStore, _ rng: inout SeededRandom, env: HabitEnvironment) throws {
        let day = first.adding(days: Int.random(in: 0..<daysShown, using: &rng))
        let start = env.calendar.start(of: day).addingTimeInterval(Double(Int.random(in: 0..<86_000, using: &rng)))
        let range = InstantRange(start, upTo: start.addingTimeInterval(Double(Int.random(in: 60...3_600, using: &rng))))
        let entry: NewEntry = switch Int.random(in: 0..<3, using: &rng) {
        case 0: .meditation(range, note: nil)
        case 1: .workout(.hiit, range, met: nil, note: nil)
        default: .alcohol(day: day, level: [.steady, .easy, .wild][Int.random(in: 0...2, using: &rng)], drinks: nil)
        }
        _ = try store.log(entry, env: env)
    }

    /// An export of a few records of the four imported types at random instants of the shown days.
    static func randomExport(_ rng: inout SeededRandom) throws -> String {
        var records: [String] = []
        let zone = Fixture.zone("Europe/Berlin")
        func instant(_ rng: inout SeededRandom) -> Double {
            let day = first.adding(days: Int.random(in: 0..<daysShown, using: &rng))
            let noon = HabitCalendar(timeZone: zone).start(of: day).timeIntervalSince1970
            return noon + Double(Int.random(in: -3 * 3600..<27 * 3600, using: &rng))
        }
        func text(_ t: Double) -> String {
            // Apple's form: "2025-10-26 10:00:00 +0100".
            let date = Date(timeIntervalSince1970: t)
            let iso = Timestamp.format(date, offsetSeconds: zone.secondsFromGMT(for: date))  // 2025-10-26T10:00:00+01:00
            let offset = iso.suffix(6)
            return iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " " + offset.prefix(3) + offset.suffix(2)
        }
        for _ in 0..<Int.random(in: 1...12, using: &rng) {
            let t = instant(&rng)
            let source = Bool.random(using: &rng) ? "Phone" : "Watch"
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                records.append("<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"\(source)\" unit=\"count\" "
                               + "startDate=\"\(text(t))\" endDate=\"\(text(t + 60))\" value=\"\(Int.random(in: 1...4000, using: &rng))\"/>")
            case 1:
                let unit = ["km", "m", "mi"][Int.random(in: 0..<3, using: &rng)]
                let value = Double(Int.random(in: 1...9999, using: &rng)) / 1000 * (unit == "m" ? 1000 : 1)
                records.append("<Record type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\" sourceName=\"\(source)\" unit=\"\(unit)\" "
                               + "startDate=\"\(text(t))\" endDate=\"\(text(t + 300))\" value=\"\(value)\"/>")
            case 2:
                let stage = ["AsleepCore", "AsleepDeep", "Awake", "InBed", "AsleepREM"][Int.random(in: 0..<5, using: &rng)]
                let length = Double(Int.random(in: 1...240, using: &rng) * 60)
                records.append("<Record type=\"HKCategoryTypeIdentifierSleepAnalysis\" sourceName=\"\(source)\" "
                               + "startDate=\"\(text(t))\" endDate=\"\(text(t + length))\" value=\"HKCategoryValueSleepAnalysis\(stage)\"/>")
            default:
                let length = Double(Int.random(in: 1...1800, using: &rng))
                records.append("<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"\(source)\" "
                               + "startDate=\"\(text(t))\" endDate=\"\(text(t + length))\" value=\"HKCategoryValueNotApplicable\"/>")
            }
        }
        return try OwnHabitStoreTests.export(records)
    }

    static let envs: [(String, LocalTime)] = [
        ("Europe/Berlin", .midnight), ("Europe/Berlin", LocalTime(uncheckedHour: 4, minute: 0, second: 0)),
        ("America/New_York", .midnight), ("Australia/Lord_Howe", .midnight),
    ]

    static func env(_ i: Int) -> HabitEnvironment {
        let (zone, dayStart) = envs[i]
        return HabitEnvironment(now: Fixture.instant("2025-11-08T21:00:00+01:00"), timeZone: Fixture.zone(zone), dayStart: dayStart,
                                makeUUID: { Fixture.uuids.next() })
    }

    /// The overview through kept totals (kept afterwards as a command's read keeps them) and the
    /// same summed from every sample.
    static func both(_ store: HabitStore, _ habits: [HabitDefinition], _ env: HabitEnvironment,
                     allSources: Bool = false) throws -> (HabitOverview, HabitOverview) {
        let range = DayRange(first, upTo: first.adding(days: daysShown))
        let kept = try store.read(.overview(habits, range: range, env: env, allSources: allSources))
        let summed = try store.read { db in
            try HabitStore.overview(habits, range: range, env: env, allSources: allSources, StoreTransaction(db), keptTotals: false)
        }
        return (kept, summed)
    }

    @Test(arguments: [1, 2, 3, 4])
    func keptTotalsAnswerAsEverySampleDoesThroughChanges(seed: UInt64) throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let habits = try Self.habits(store)
        var rng = SeededRandom(seed: seed)
        var envIndex = 0
        var keptRows = 0
        for step in 0..<30 {
            switch Int.random(in: 0..<14, using: &rng) {
            case 0...3:
                let path = try Self.randomExport(&rng)
                defer { try? FileManager.default.removeItem(atPath: path) }
                _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-11-08T12:00:00+01:00"))
            case 4:
                let day = Self.first.adding(days: Int.random(in: 0..<Self.daysShown, using: &rng))
                let habit = habits[Bool.random(using: &rng) ? 5 : 6]
                try OwnHabitStoreTests.log(store, habit, Double(Int.random(in: 1...3, using: &rng)), at: "\(day)T\(Int.random(in: 10...23, using: &rng)):30:00+01:00")
            case 5, 6:
                // A sample deleted behind habit's back: the trigger marks its day.
                let offset = Int.random(in: 0..<1000, using: &rng)
                try store.write { db in
                    try db.execute(sql: "DELETE FROM sample WHERE id = (SELECT id FROM sample ORDER BY id LIMIT 1 OFFSET ? % max(1, (SELECT count(*) FROM sample)))",
                                   arguments: [offset])
                }
            case 7:
                // A sample moved a day or two, or its value changed.
                let offset = Int.random(in: 0..<1000, using: &rng)
                let shift = Double(Int.random(in: -2...2, using: &rng)) * 86_400 + 3_600
                try store.write { db in
                    try db.execute(sql: """
                        UPDATE sample SET start = start + ?, "end" = "end" + ?, value = CASE WHEN value IS NULL THEN NULL ELSE value * 2 END
                        WHERE id = (SELECT id FROM sample ORDER BY id LIMIT 1 OFFSET ? % max(1, (SELECT count(*) FROM sample)))
                        """, arguments: [shift, shift, offset])
                }
            case 8:
                envIndex = Int.random(in: 0..<Self.envs.count, using: &rng)
            case 10, 11:
                try Self.logBuiltin(store, &rng, env: Self.env(envIndex))
            case 12:
                // A workout deleted behind habit's back (its trigger marks its day), or moved a day or two.
                let offset = Int.random(in: 0..<1000, using: &rng)
                let shift = Double(Int.random(in: -2...2, using: &rng)) * 86_400 + 3_600
                try store.write { db in
                    let which = "(SELECT id FROM workout ORDER BY id LIMIT 1 OFFSET ? % max(1, (SELECT count(*) FROM workout)))"
                    if Bool.random(using: &rng) {
                        try db.execute(sql: "DELETE FROM sample WHERE workoutId = \(which); DELETE FROM workout WHERE id = \(which)",
                                       arguments: [offset, offset])
                    } else {
                        try db.execute(sql: #"UPDATE workout SET start = start + ?, "end" = "end" + ? WHERE id = "# + which,
                                       arguments: [shift, shift, offset])
                    }
                }
            default:
                break  // read again with nothing changed
            }
            let (kept, summed) = try Self.both(store, habits, Self.env(envIndex))
            #expect(kept.reports == summed.reports, "seed \(seed), step \(step)")
            // The built-ins of every source (`--all-sources`: their own kept series) the same,
            // with the count of other sources' rows.
            let (keptAll, summedAll) = try Self.both(store, habits.filter { $0.builtin != nil }, Self.env(envIndex), allSources: true)
            #expect(keptAll.reports == summedAll.reports, "all sources, seed \(seed), step \(step)")
            #expect(keptAll.otherSourceCount == summedAll.otherSourceCount, "all sources, seed \(seed), step \(step)")
            keptRows = max(keptRows, try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dayTotal") ?? 0 })
        }
        // The totals were kept (seven habits, all with samples by now, and the built-ins' four series) and used.
        #expect(keptRows >= 9)
    }

    @Test func aReadUsesTheKeptValuesAndSumsAgainOnlyTheDaysAChangeFallsIn() throws {
        let store = try HabitStore.inMemory()
        let steps = try Self.stepsHabit(store, [("2025-10-25 10:00:00 +0200", 500), ("2025-10-26 10:00:00 +0100", 3000),
                                                ("2025-10-27 10:00:00 +0100", 9000)], since: "2025-10-27")
        let range = OwnHabitStoreTests.days("2025-10-25", "2025-10-28")
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 3000, 9000])
        // Kept: from 10-25 (the first sample's day) to today, three values.
        let kept = try store.read { db in try Row.fetchOne(db, sql: "SELECT t.spanStart, t.spanEnd, t.firstDay, length(d.days) FROM dayTotal t JOIN dayTotalDays d USING (habitId)") }
        #expect(kept?[0] == Fixture.day("2025-10-25").ordinal)
        #expect(kept?[1] == Fixture.day("2025-10-28").ordinal)
        #expect(kept?[2] == Fixture.day("2025-10-25").ordinal)
        #expect(kept?[3] == 24)
        // The kept value of 10-26 altered by hand: a read shows it, so the values are read, not summed.
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ?", arguments: [Self.words([500, 1234, 9000])])
        }
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 1234, 9000])
        // A new sample on 10-26 makes that day summed again, and only that day.
        let more = try OwnHabitStoreTests.export([OwnHabitStoreTests.steps("2025-10-26 18:00:00 +0100", 1)])
        defer { try? FileManager.default.removeItem(atPath: more) }
        _ = try store.importHealthExport(at: more, now: Fixture.instant("2025-10-28T12:00:00+01:00"))
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ?", arguments: [Self.words([501, 1234, 9001])])
        }
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [501, 3001, 9001])
        // One day summed again is not worth a write: the read kept nothing (the marks did not move).
        let anchors = try store.read { db in try Row.fetchOne(db, sql: "SELECT anchor, (SELECT value FROM changeCounter) FROM dayTotal") }
        #expect(anchors.map { ($0[0] as Int64) < ($0[1] as Int64) } == true)
        // A deleted sample (the trigger): its day summed again.
        try store.write { db in
            try db.execute(sql: "DELETE FROM sample WHERE value = 9000")
        }
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [501, 3001, 0])
        // Another day start: nothing kept applies; everything summed.
        var early = env
        early.dayStart = LocalTime(uncheckedHour: 11, minute: 0, second: 0)
        #expect(try store.read(.overview([steps], range: range, env: early)).reports[0].days.map(\.value) == [3000, 1, 0])
    }

    /// The built-ins' four series are kept too (the app's sources only), read back where exact,
    /// and summed again on the days a new, deleted or changed row falls in — a workout's trigger included.
    @Test func theBuiltinsKeepTheirTotalsAndSumAgainOnlyChangedDays() throws {
        let store = try HabitStore.inMemory()
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        func at(_ s: String, minutes: Double) -> InstantRange {
            InstantRange(Fixture.instant(s), upTo: Fixture.instant(s).addingTimeInterval(minutes * 60))
        }
        _ = try store.log(.meditation(at("2025-10-25T08:00:00+02:00", minutes: 10), note: nil), env: env)
        _ = try store.log(.meditation(at("2025-10-26T08:00:00+01:00", minutes: 20), note: nil), env: env)
        _ = try store.log(.workout(.hiit, at("2025-10-26T18:00:00+01:00", minutes: 25), met: nil, note: nil), env: env)
        _ = try store.log(.alcohol(day: Fixture.day("2025-10-25"), level: .easy, drinks: nil), env: env)
        let builtins = HabitDefinition.builtins(settings: Settings(), since: Fixture.day("2025-10-25"), at: Fixture.instant("2025-10-25T00:00:00+02:00"))
        let range = OwnHabitStoreTests.days("2025-10-25", "2025-10-28")
        func values() throws -> [[Double]] {
            try store.read(.overview(builtins, range: range, env: env)).reports.map { $0.days.map(\.value) }
        }
        func kept() throws -> [String] {
            try store.read { db in try String.fetchAll(db, sql: "SELECT habitId FROM dayTotal ORDER BY habitId") }
        }
        let first = try values()
        #expect(first[0] == [10, 20, 0])  // meditate, minutes
        #expect(first[1] == [0, 25, 0])  // workout, minutes
        #expect(try kept() == BuiltinDayTotals.ids.sorted())
        // A kept value altered by hand is what a read shows: the values are read, not summed.
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ? WHERE habitId = 'builtin.mindful'", arguments: [Self.words([600, 7 * 60, 0])])
        }
        #expect(try values()[0] == [10, 7, 0])
        // Every source (`--all-sources`) keeps series of its own: it shows the true value.
        let all = try store.read(.overview(builtins, range: range, env: env, allSources: true)).reports[0].days.map(\.value)
        #expect(all == [10, 20, 0])
        #expect(try kept() == (BuiltinDayTotals.ids + BuiltinDayTotals.allSourcesIDs).sorted())
        // A new session on 10-25 sums that day again (for every series), and only that day.
        _ = try store.log(.meditation(at("2025-10-25T09:00:00+02:00", minutes: 5), note: nil), env: env)
        #expect(try values()[0] == [15, 7, 0])
        // A workout deleted behind habit's back: its trigger marks its day.
        try store.write { db in try db.execute(sql: "DELETE FROM sample WHERE workoutId IS NOT NULL; DELETE FROM workout") }
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dayTotalDirty WHERE typeId = -1") } == 1)
        let afterDelete = try values()
        #expect(afterDelete[0] == [15, 20, 0] && afterDelete[1] == [0, 0, 0])  // 10-26 summed again for every series
        // A workout moved from 10-26 to 10-27 (the update trigger marks both days).
        _ = try store.log(.workout(.hiit, at("2025-10-26T18:00:00+01:00", minutes: 30), met: nil, note: nil), env: env)
        #expect(try values()[1] == [0, 30, 0])
        try store.write { db in try db.execute(sql: #"UPDATE workout SET start = start + 86400, "end" = "end" + 86400"#) }
        #expect(try values()[1] == [0, 0, 30])
        // The series stay kept though no habit has their ids (a longer span is kept anew,
        // and that write drops the kept rows of removed habits).
        let longer = try store.read(.overview(builtins, range: OwnHabitStoreTests.days("2025-10-20", "2025-10-28"), env: env))
        #expect(longer.reports[0].days.map(\.value) == [0, 0, 0, 0, 0, 15, 20, 0])
        #expect(try kept() == (BuiltinDayTotals.ids + BuiltinDayTotals.allSourcesIDs).sorted())
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT spanStart FROM dayTotal WHERE habitId = 'builtin.mindful'") }
                == Fixture.day("2025-10-20").ordinal)
    }

    /// `--all-sources` keeps the built-ins' totals of every source in series of their own, with
    /// each day's rows of other sources, so that its reads stay flat however much an import
    /// brought (Benchmarks/README.md): a value altered by hand is what the read shows, the app's
    /// series are untouched by it, the other sources' count comes from the kept days, and an
    /// import sums again only the days it falls in.
    @Test func anAllSourcesReadKeepsTheBuiltinsTotalsOfEverySourceAndTheirOtherSourcesCount() throws {
        let store = try HabitStore.inMemory()
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        _ = try store.log(.meditation(InstantRange(Fixture.instant("2025-10-25T08:00:00+02:00"),
                                                   upTo: Fixture.instant("2025-10-25T08:10:00+02:00")), note: nil), env: env)
        func mindful(_ start: String, seconds: Int) -> String {
            "<Record type=\"HKCategoryTypeIdentifierMindfulSession\" sourceName=\"Watch\" startDate=\"\(start)\" "
                + "endDate=\"\(start.replacingOccurrences(of: ":00:00 ", with: ":\(String(format: "%02d", seconds / 60)):00 "))\" "
                + "value=\"HKCategoryValueNotApplicable\"/>"
        }
        func importing(_ records: [String]) throws {
            let path = try OwnHabitStoreTests.export(records)
            defer { try? FileManager.default.removeItem(atPath: path) }
            _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-27T12:00:00+01:00"))
        }
        try importing([mindful("2025-10-26 09:00:00 +0100", seconds: 1200), mindful("2025-10-27 09:00:00 +0100", seconds: 300)])
        let builtins = HabitDefinition.builtins(settings: Settings(), since: Fixture.day("2025-10-25"), at: Fixture.instant("2025-10-25T00:00:00+02:00"))
        let range = OwnHabitStoreTests.days("2025-10-25", "2025-10-28")
        func read(allSources: Bool) throws -> (minutes: [Double], others: Int) {
            let overview = try store.read(.overview(builtins, range: range, env: env, allSources: allSources))
            return (overview.reports[0].days.map(\.value), overview.otherSourceCount)
        }
        func kept() throws -> [String] {
            try store.read { db in try String.fetchAll(db, sql: "SELECT habitId FROM dayTotal ORDER BY habitId") }
        }
        #expect(try read(allSources: true) == ([10, 20, 5], 2))
        #expect(try kept() == BuiltinDayTotals.allSourcesIDs.sorted())
        #expect(try read(allSources: false) == ([10, 0, 0], 0))
        #expect(try kept() == (BuiltinDayTotals.ids + BuiltinDayTotals.allSourcesIDs).sorted())
        // Altered by hand: the every-source read shows the kept values (minutes, other rows), the app's does not.
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ? WHERE habitId = 'builtin.all.mindful'", arguments: [Self.words([600, 7 * 60, 300])])
            try db.execute(sql: "UPDATE dayTotalDays SET days = ? WHERE habitId = 'builtin.all.otherMindful'", arguments: [Self.words([4])])
        }
        #expect(try read(allSources: true) == ([10, 7, 5], 4))
        #expect(try read(allSources: false) == ([10, 0, 0], 0))
        // doctor names it (and keeps nothing).
        #expect(try store.read(.keptTotalsCheck(env: env)).differing
                == [.init(habit: "meditate (all sources)", days: 1, first: Fixture.day("2025-10-26"))])
        // An import on 10-25 sums that day again, and only that day.
        try importing([mindful("2025-10-25 18:00:00 +0200", seconds: 600)])
        #expect(try read(allSources: true) == ([20, 7, 5], 5))
        // Dropped (doctor's repair), they are summed and kept again: the true values.
        try store.write { db in try db.execute(sql: "DELETE FROM dayTotalDays; DELETE FROM dayTotal") }
        #expect(try read(allSources: true) == ([20, 20, 5], 3))
        #expect(try read(allSources: true) == ([20, 20, 5], 3))
    }

    /// `habit doctor`'s `kept-totals`: what a read shows from kept totals against every sample
    /// summed again; a value altered by hand is found (habit, days, first day), the check keeps
    /// and changes nothing, and the repair it names makes the next read keep true values.
    @Test func doctorFindsKeptTotalsThatDisagreeWithTheirSamples() throws {
        let store = try HabitStore.inMemory()
        let steps = try Self.stepsHabit(store, [("2025-10-25 10:00:00 +0200", 500), ("2025-10-26 10:00:00 +0100", 3000),
                                                ("2025-10-27 10:00:00 +0100", 9000)], since: "2025-10-27")
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        #expect(try store.read(.keptTotalsCheck(env: env)) == KeptTotalsCheck(checked: 0, differing: []))
        let range = OwnHabitStoreTests.days("2025-10-25", "2025-10-28")
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 3000, 9000])
        let agreeing = try store.read(.keptTotalsCheck(env: env))
        #expect(agreeing == KeptTotalsCheck(checked: 1, differing: []))
        #expect(agreeing.finding(store: "/s").status == .ok)

        let altered = Self.words([500, 1234, 9001])
        try store.write { db in try db.execute(sql: "UPDATE dayTotalDays SET days = ?", arguments: [altered]) }
        let before = try store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM dayTotal JOIN dayTotalDays USING (habitId)") }
        let check = try store.read(.keptTotalsCheck(env: env))
        #expect(check == KeptTotalsCheck(checked: 1, differing: [.init(habit: "steps", days: 2, first: Fixture.day("2025-10-26"))]))
        #expect(try store.read { db in try Row.fetchAll(db, sql: "SELECT * FROM dayTotal JOIN dayTotalDays USING (habitId)") } == before)
        let finding = check.finding(store: "/home/a b/habit.sqlite")
        #expect(finding.check == "kept-totals" && finding.status == .problem)
        #expect(finding.detail.contains("'steps'") && finding.detail.contains("2 days (first 2025-10-26)"))
        #expect(finding.fix == "drop them (habit sums the samples and keeps them again at the next read): "
                + "sqlite3 '/home/a b/habit.sqlite' 'DELETE FROM dayTotalDays; DELETE FROM dayTotal'")

        // The repair named: the next read sums the samples and keeps them; the check agrees again.
        try store.write { db in try db.execute(sql: "DELETE FROM dayTotalDays; DELETE FROM dayTotal") }
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 3000, 9000])
        #expect(try store.read(.keptTotalsCheck(env: env)) == KeptTotalsCheck(checked: 1, differing: []))
    }

    /// A v19 store (own habits' kept totals, no workout triggers) upgrades in place to v20: its
    /// kept rows stay, the workout triggers exist, the schema is a new store's, and a workout
    /// deleted after the built-ins' totals were kept is found.
    @Test func aV19StoreUpgradesAndItsWorkoutsAreWatched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("habit.sqlite").path
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v19-day-totals")
        try old.write { db in
            try db.execute(sql: "PRAGMA user_version = 19")
            try db.execute(sql: """
                INSERT INTO dayTotal VALUES ('0a000000-0000-4000-8000-000000000001', 3, 'v1|3|value|count', 1, 0, 20000, 20010, 20000);
                INSERT INTO dayTotalDays VALUES ('0a000000-0000-4000-8000-000000000001', x'0000000000005940');
                """)
        }
        try old.close()
        let store = try HabitStore.open(path: path)
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        try store.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.currentVersion)
            #expect(try SchemaCheck.examine(db) == .matches(version: Schema.currentVersion))
            #expect(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'workout' AND name LIKE '%dayTotal%' ORDER BY name")
                    == ["workout_dayTotal_delete", "workout_dayTotal_update"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dayTotal") == 1)
        }
        let start = Fixture.instant("2025-10-26T18:00:00+01:00")
        _ = try store.log(.workout(.hiit, InstantRange(start, upTo: start.addingTimeInterval(1500)), met: nil, note: nil), env: env)
        let workout = try #require(HabitDefinition.builtins(settings: Settings(), since: Fixture.day("2025-10-26"), at: start).first { $0.builtin == .workout })
        let range = OwnHabitStoreTests.days("2025-10-26", "2025-10-28")
        #expect(try store.read(.overview([workout], range: range, env: env)).reports[0].days.map(\.value) == [25, 0])
        try store.write { db in try db.execute(sql: "DELETE FROM sample WHERE workoutId IS NOT NULL; DELETE FROM workout") }
        #expect(try store.read(.overview([workout], range: range, env: env)).reports[0].days.map(\.value) == [0, 0])
    }

    /// `kept-totals` compares the built-ins' days too once theirs are kept.
    @Test func doctorChecksTheBuiltinsKeptTotalsToo() throws {
        let store = try HabitStore.inMemory()
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        let start = Fixture.instant("2025-10-26T08:00:00+01:00")
        _ = try store.log(.meditation(InstantRange(start, upTo: start.addingTimeInterval(600)), note: nil), env: env)
        _ = try store.read(.overview(env: env))  // every habit: the three built-ins
        #expect(try store.read(.keptTotalsCheck(env: env)) == KeptTotalsCheck(checked: 3, differing: []))
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ? WHERE habitId = 'builtin.mindful'", arguments: [Self.words([420])])
        }
        #expect(try store.read(.keptTotalsCheck(env: env))
                == KeptTotalsCheck(checked: 3, differing: [.init(habit: "meditate", days: 1, first: Fixture.day("2025-10-26"))]))
    }

    @Test func keptTotalsOfARemovedHabitAndSeenDirtyRowsAreDropped() throws {
        let store = try HabitStore.inMemory()
        // Twenty days of steps: deleting them all changes more days than a read sums rather than keeps.
        let path = try OwnHabitStoreTests.export((0..<20).map {
            OwnHabitStoreTests.steps("\(Fixture.day("2025-10-06").adding(days: $0)) 10:00:00 +0200", 3000 + $0)
        })
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-28T12:00:00+01:00"))
        let define = { (name: String) in OwnHabitStoreTests.define(name, .quantity, unit: "count", goal: .atLeast(8000),
                                                                   from: "HKQuantityTypeIdentifierStepCount", sources: .all) }
        let a = try OwnHabitStoreTests.add(store, define("a")), b = try OwnHabitStoreTests.add(store, define("b"))
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        _ = try store.read(.overview([a, b], env: env))
        func count(_ table: String) throws -> Int { try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 } }
        #expect(try count("dayTotal") == 2)
        try store.write { db in try db.execute(sql: "DELETE FROM sample") }
        #expect(try count("dayTotalDirty") == 20)
        _ = try store.removeHabit(named: "b", env: env)
        #expect(try store.read(.overview([a], env: env)).reports[0].days.map(\.value) == [0])
        #expect(try count("dayTotal") == 1)
        #expect(try count("dayTotalDays") == 1)
        #expect(try count("dayTotalDirty") == 1)  // the newest row stays: numbers are never used again
    }

    @Test func aCounterSetBackDropsEveryKeptTotal() throws {
        let store = try HabitStore.inMemory()
        let steps = try Self.stepsHabit(store, [("2025-10-26 10:00:00 +0100", 3000)])
        _ = try store.read(.overview([steps], env: Fixture.env("2025-10-27T20:00:00+01:00")))
        func kept() throws -> Int { try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dayTotal") ?? -1 } }
        #expect(try kept() == 1)
        try store.write { db in try db.execute(sql: "UPDATE changeCounter SET value = value + 5") }
        #expect(try kept() == 1)
        // As a broken import gives its anchors back: later rows could take anchors counted as seen.
        try store.write { db in try db.execute(sql: "UPDATE changeCounter SET value = value - 1") }
        #expect(try kept() == 0)
    }

    @Test func aReadOfABusyStoreWaitsForNoOneAndKeepsNothing() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = try Self.stepsHabit(store, [("2025-10-26 10:00:00 +0100", 3000)])
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        let other = try HabitStore.open(path: store.path)
        let started = Date()
        // Another process holds the write lock while this one reads.
        let values = try other.inOneTransaction { _ in try store.read(.overview([steps], env: env)).reports[0].days.map(\.value) }
        #expect(values == [0])
        #expect(Date().timeIntervalSince(started) < 5)  // not the 10 s a writer waits
        func kept() throws -> Int { try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dayTotal") ?? -1 } }
        #expect(try kept() == 0)
        _ = try store.read(.overview([steps], env: env))
        #expect(try kept() == 1)
        // Kept without waiting for the disk, and the store's own writes still wait for it (FULL).
        #expect(try store.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
    }

    /// The fingerprint spells a measure by `name` (no reflection); for the measures that keep
    /// totals it is the text `"\(measure)"` gave, so a store's kept totals stay valid across the
    /// change. A ring's name differs (rings keep nothing).
    @Test func aMeasureIsSpelledAsInterpolationSpelledIt() {
        for measure in [HabitDataType.Measure.value, .duration, .asleep] {
            #expect(measure.name == "\(measure)")
        }
        #expect(HabitDataType.Measure.ring(.move).name == "ring(move)")
    }

    @Test func newSamplesAreFoundByTheirAnchorsNotByScanningTheirType() throws {
        let store = try HabitStore.inMemory()
        let path = try OwnHabitStoreTests.export((0..<50).map { OwnHabitStoreTests.steps("2025-10-26 10:\(10 + $0):00 +0100", $0) })
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-28T12:00:00+01:00"))
        let plan = try store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + DayTotals.changedSamples(types: "1,2"), arguments: [1, 10]).map { $0["detail"] as String? ?? "" }
        }
        #expect(plan.count == 1 && plan[0].contains("(anchor>?)"), "\(plan)")
    }

    @Test(arguments: [
        "firstDay = 9223372036854775807", "spanStart = -9223372036854775808", "spanEnd = spanStart - 1",
        "firstDay = spanEnd + 1", "spanEnd = firstDay + 1",
    ])
    func keptRowsThatDoNotFitTheirSpanAreNotUsed(_ change: String) throws {
        // A restored file is hostile input: its kept rows may say anything; the read sums the samples.
        let store = try HabitStore.inMemory()
        let steps = try Self.stepsHabit(store, [("2025-10-25 10:00:00 +0200", 500), ("2025-10-26 10:00:00 +0100", 3000)],
                                        since: "2025-10-27")
        let range = OwnHabitStoreTests.days("2025-10-25", "2025-10-28")
        let env = Fixture.env("2025-10-27T20:00:00+01:00")
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 3000, 0])
        try store.write { db in
            try db.execute(sql: "UPDATE dayTotalDays SET days = ?", arguments: [Self.words([7, 7])])
            try db.execute(sql: "UPDATE dayTotal SET " + change)
        }
        #expect(try store.read(.overview([steps], range: range, env: env)).reports[0].days.map(\.value) == [500, 3000, 0])
    }

    /// `samples` (start, steps) imported into `store` as an export, then a steps habit on them.
    static func stepsHabit(_ store: HabitStore, _ samples: [(String, Int)], since: String = "2025-10-01") throws -> HabitDefinition {
        let path = try OwnHabitStoreTests.export(samples.map { OwnHabitStoreTests.steps($0.0, $0.1) })
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try store.importHealthExport(at: path, now: Fixture.instant("2025-10-28T12:00:00+01:00"))
        return try OwnHabitStoreTests.add(store, OwnHabitStoreTests.define(
            "steps", .quantity, unit: "count", goal: .atLeast(8000), from: "HKQuantityTypeIdentifierStepCount", sources: .all, since: since))
    }

    static func words(_ values: [Double]) -> Data {
        values.map { $0.bitPattern.littleEndian }.withUnsafeBytes { Data($0) }
    }
}
