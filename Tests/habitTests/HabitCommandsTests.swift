import ArgumentParser
import Foundation
import Testing
@testable import habit
@testable import HabitKit
import HabitTestSupport

/// A store with habits of one's own, written in-process (the commands under test only read it
/// or change it): floss (yes/no, daily), water (≥ 8 glass, two entries), gym (3 days a week),
/// steps (`--from steps`, ≥ 8000, all sources), an archived `old`, one skip and one reminder of
/// water.
enum HabitsFixture {
    /// A Sunday.
    static let now = "2026-11-22T10:00:00+01:00"

    static func env(_ iso: String = now) throws -> HabitEnvironment {
        let uuids = SequentialUUIDs(startingAt: 1000)
        return HabitEnvironment(now: try #require(Timestamp.parse(iso)?.instant),
                                timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), makeUUID: { uuids.next() })
    }

    static func instant(_ iso: String) throws -> Date { try #require(Timestamp.parse(iso)?.instant) }

    @discardableResult
    static func add(_ store: HabitStore, _ name: String, _ spec: HabitSpec, since: String = "2026-11-01",
                    env: HabitEnvironment) throws -> HabitDefinition {
        let habit = try spec.newHabit(named: name, id: env.makeUUID().uuidString.lowercased(),
                                      since: try #require(LocalDay(since)), at: env.now)
        try store.addHabit(habit)
        return habit
    }

    static func log(_ store: HabitStore, _ habit: HabitDefinition, _ amount: Double, at iso: String, env: HabitEnvironment) throws {
        let t = try instant(iso)
        _ = try store.logHabit(habit, amount: amount, InstantRange(t, upTo: t), note: nil, env: env)
    }

    static func prepare() throws -> HabitProcess {
        let habit = try HabitProcess()
        let store = try HabitStore.open(path: habit.db)
        let env = try env()
        try add(store, "floss", HabitSpec(), env: env)
        let water = try add(store, "water", HabitSpec(unit: "glass", atLeast: "8"), env: env)
        try add(store, "gym", HabitSpec(per: .week, times: "3"), env: env)
        try add(store, "steps", HabitSpec(atLeast: "8000", from: "steps"), env: env)
        var old = try add(store, "old", HabitSpec(), env: env)
        old.archived = true
        try store.updateHabit(named: "old", env: env) { d, _ in d = old }
        try log(store, water, 3, at: "2026-11-21T09:00:00+01:00", env: env)
        try log(store, water, 5, at: "2026-11-21T15:00:00+01:00", env: env)
        _ = try store.skip(habitID: water.id, days: DayRange(day: try #require(LocalDay("2026-11-19"))), env: env)
        _ = try store.changeReminder(.add(Reminder(title: "Drink", message: "m", activity: water.id,
                                           time: try #require(LocalTime("20:00")), created: env.now)))
        return habit
    }

    static func objects(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }
}

@Suite struct CommandWordTests {
    /// A habit named like a command would make `habit log NAME` or `habit NAME` ambiguous.
    @Test func noCommandOrSubcommandWordIsAcceptedAsAHabitName() {
        var words: [String] = []
        func walk(_ command: any ParsableCommand.Type) {
            for sub in command.configuration.subcommands {
                if let name = sub.configuration.commandName { words.append(name) }
                walk(sub)
            }
        }
        walk(HabitCommand.self)
        #expect(words.count > 30)
        #expect(words.contains("stats") && words.contains("systemd") && words.contains("unskip"))
        let accepted = words.filter { (try? HabitName.validate($0)) != nil }
        #expect(accepted.isEmpty, "accepted as habit names: \(accepted)")
    }
}

@Suite struct HabitCommandsTests {
    static let env = ["HABIT_NOW": HabitsFixture.now]

    // MARK: - add, habits

    @Test func theDesignExamplesAreAddedAndListedAsTheContractSays() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let examples: [[String]] = [
            ["floss"], ["water", "--unit", "glass", "--at-least", "8"], ["reading", "--unit", "min", "--at-least", "150", "--per", "week"],
            ["gym", "--times", "3", "--per", "week"], ["coffee", "--unit", "cup", "--at-most", "2"],
            ["steps", "--from", "steps", "--at-least", "8000"], ["sleep", "--from", "sleep", "--at-least", "7h"],
            ["walks", "--from", "distance", "--unit", "m", "--at-least", "5000", "--sources", "Alex’s iPhone,com.garmin"],
        ]
        for example in examples {
            let result = try habit.run(["add"] + example, env: Self.env)
            #expect(result.status == 0, "\(example): \(result.stderr)")
        }
        let added = try habit.json(["add", "tea", "--unit", "cup", "--per", "week"], env: Self.env)
        #expect((added["habit"] as? [String: Any])?["kind"] as? String == "quantity")

        let listed = try habit.json(["habits"], env: Self.env)
        let habits = HabitsFixture.objects(listed["habits"])
        #expect(habits.map { $0["name"] as? String } == ["meditate", "workout", "noalc", "coffee", "floss", "gym", "reading", "sleep",
                                                         "steps", "tea", "walks", "water"])
        let keys: Set<String> = ["name", "kind", "unit", "target", "per", "times", "from", "sources", "since", "archived", "asks", "command", "commandArmed", "tags"]
        #expect(habits.allSatisfy { ($0["tags"] as? [String]) == [] }, "no habit here has a tag")
        for h in habits { #expect(Set(h.keys) == keys, "\(h)") }
        #expect(habits.allSatisfy { $0["command"] is NSNull && $0["commandArmed"] is NSNull }, "no habit here has a command")
        func entry(_ name: String) throws -> [String: Any] { try #require(habits.first { $0["name"] as? String == name }) }

        let meditate = try entry("meditate")
        #expect(meditate["kind"] as? String == "builtin")
        #expect(meditate["target"] as? [String: Double] == ["atLeast": 2])
        #expect(try entry("noalc")["target"] is NSNull)
        let floss = try entry("floss")
        #expect(floss["kind"] as? String == "yes-no")
        #expect(floss["unit"] is NSNull && floss["target"] is NSNull && floss["from"] is NSNull)
        #expect(floss["per"] as? String == "day" && floss["times"] as? Int == 1)
        #expect(floss["sources"] as? String == "app")
        #expect(floss["since"] as? String == "2026-11-22")
        #expect(floss["archived"] as? Bool == false)
        let water = try entry("water")
        #expect(water["unit"] as? String == "glass")
        #expect(water["target"] as? [String: Double] == ["atLeast": 8])
        #expect(try entry("coffee")["target"] as? [String: Double] == ["atMost": 2])
        #expect(try entry("reading")["per"] as? String == "week")
        let gym = try entry("gym")
        #expect(gym["times"] as? Int == 3 && gym["per"] as? String == "week" && gym["kind"] as? String == "yes-no")
        let steps = try entry("steps")
        #expect(steps["from"] as? String == "HKQuantityTypeIdentifierStepCount")
        #expect(steps["sources"] as? String == "all")
        let sleep = try entry("sleep")
        #expect(sleep["unit"] as? String == "min")
        #expect(sleep["target"] as? [String: Double] == ["atLeast": 420])
        let walks = try entry("walks")
        #expect(walks["unit"] as? String == "m")
        #expect(walks["sources"] as? [String] == ["Alex’s iPhone", "com.garmin"])
        #expect(try entry("tea")["target"] is NSNull)

        let text = try habit.run(["habits"], env: Self.env).stdout
        for phrase in ["≥ 8 glasses a day", "3 days a week", "≤ 2 cups a day", "steps ≥ 8000 a day (all sources)", "≥ 2 min a day",
                       "≥ 2 h 30 min a week", "every day", "since 2026-11-22"] {
            #expect(text.contains(phrase), "'\(phrase)' missing in:\n\(text)")
        }
    }

    @Test func archivedHabitsAreListedOnlyWithArchivedAndMarked() throws {
        let habit = try HabitsFixture.prepare()
        defer { habit.cleanUp() }
        let active = HabitsFixture.objects(try habit.json(["habits"], env: Self.env)["habits"])
        #expect(!active.contains { $0["name"] as? String == "old" })
        let all = HabitsFixture.objects(try habit.json(["habits", "--archived"], env: Self.env)["habits"])
        #expect(all.first { $0["name"] as? String == "old" }?["archived"] as? Bool == true)
        #expect(all.count == active.count + 1)
        let text = try habit.run(["habits", "--archived"], env: Self.env).stdout
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("old") && $0.hasSuffix("archived") })
    }

    // MARK: - edit, archive, remove

    @Test func editChangesTheDefinitionAndKeepsItsEntries() throws {
        let habit = try HabitsFixture.prepare()
        defer { habit.cleanUp() }
        let before = try HabitStore.open(path: habit.db).read(.habit(named: "water", env: try HabitsFixture.env()))
        let edited = try habit.json(["edit", "water", "--name", "drink", "--at-most", "9", "--per", "week"], env: Self.env)
        let entry = try #require(edited["habit"] as? [String: Any])
        #expect(entry["name"] as? String == "drink")
        #expect(entry["target"] as? [String: Double] == ["atMost": 9])
        #expect(entry["per"] as? String == "week")
        let store = try HabitStore.open(path: habit.db)
        let after = try store.read(.habit(named: "drink", env: try HabitsFixture.env()))
        #expect(after.id == before.id)
        #expect(try store.read(.removalCounts(of: after)).entries == 2)
        #expect(try habit.run(["edit", "drink", "--no-target"], env: Self.env).stdout == "changed drink: any amount of glasses a week\n")
        #expect(try habit.run(["edit", "gym", "--times", "2"], env: Self.env).stdout == "changed gym: 2 days a week\n")
        #expect(try habit.run(["edit", "steps", "--sources", "app"], env: Self.env).stdout == "changed steps: steps ≥ 8000 a day (habit's sources)\n")
        #expect(try habit.run(["edit", "floss", "--name", "flossing"], env: Self.env).status == 0)
    }

    @Test func archiveHidesAHabitAndUndoBringsItBack() throws {
        let habit = try HabitsFixture.prepare()
        defer { habit.cleanUp() }
        let archived = try habit.run(["archive", "floss"], env: Self.env)
        #expect(archived.stdout.hasPrefix("archived floss: hidden from streak, calendar, today and habits; its data is kept"))
        #expect(!HabitsFixture.objects(try habit.json(["habits"], env: Self.env)["habits"]).contains { $0["name"] as? String == "floss" })
        #expect(try habit.run(["archive", "floss"], env: Self.env).stdout == "floss is archived already; nothing changed\n")
        let back = try habit.json(["archive", "floss", "--undo"], env: Self.env)
        #expect((back["habit"] as? [String: Any])?["archived"] as? Bool == false)
        #expect(HabitsFixture.objects(try habit.json(["habits"], env: Self.env)["habits"]).contains { $0["name"] as? String == "floss" })
    }

    @Test func removeWithoutYesSaysWhatWouldGoAndWithYesRemovesIt() throws {
        let habit = try HabitsFixture.prepare()
        defer { habit.cleanUp() }
        let before = try HostileInputTests.files(habit)
        let refused = try habit.run(["remove", "water"], env: Self.env)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("2 entries, 1 skip and 1 reminder") && refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(try HostileInputTests.files(habit) == before)

        let removed = try habit.run(["remove", "water", "--yes"], env: Self.env)
        #expect(removed.stdout == "removed water with 2 entries, 1 skip and 1 reminder\n", "\(removed.stderr)")
        #expect(!HabitsFixture.objects(try habit.json(["habits", "--archived"], env: Self.env)["habits"])
            .contains { $0["name"] as? String == "water" })
        #expect(try HabitStore.open(path: habit.db).read(.reminders(env: HabitEnvironment(now: Date(), timeZone: .gmt, makeUUID: { UUID() }))).reminders.isEmpty)
        let json = try habit.json(["remove", "old", "--yes"], env: Self.env)
        #expect(json["habit"] as? String == "old" && json["entries"] as? Int == 0 && json["skips"] as? Int == 0
                && json["reminders"] as? Int == 0)
    }

    // MARK: - skip, unskip

    @Test func skipAndUnskipSayWhatChanged() throws {
        let habit = try HabitsFixture.prepare()
        defer { habit.cleanUp() }
        let skipped = try habit.run(["skip", "floss", "2026-12-24", "--to", "2026-12-28"], env: Self.env)
        #expect(skipped.stdout == "skipped floss on 2026-12-24 … 2026-12-27 (4 days)\n", "\(skipped.stderr)")
        let again = try habit.json(["skip", "floss", "--from", "2026-12-26", "--to", "2026-12-30"], env: Self.env)
        #expect(Set(again.keys) == ["habit", "skipped", "unchanged"])
        #expect(again["habit"] as? String == "floss")
        #expect(again["skipped"] as? [String] == ["2026-12-28", "2026-12-29"])
        #expect(again["unchanged"] as? [String] == ["2026-12-26", "2026-12-27"])
        let text = try habit.run(["skip", "floss", "2026-12-25"], env: Self.env)
        #expect(text.stdout == "floss was skipped already on 2026-12-25\n")

        let vacation = try habit.json(["skip", "--all", "--from", "2027-01-01", "--to", "2027-01-03"], env: Self.env)
        #expect(vacation["habit"] is NSNull)
        #expect(vacation["skipped"] as? [String] == ["2027-01-01", "2027-01-02"])
        #expect(try habit.run(["skip", "--all", "-1"], env: Self.env).stdout == "skipped every habit on 2026-11-21\n")
        #expect(try habit.run(["skip", "alcohol", "yesterday"], env: Self.env).stdout == "skipped noalc on 2026-11-21\n")

        let unskipped = try habit.json(["unskip", "floss", "2027-01-01", "--to", "2027-01-02"], env: Self.env)
        #expect(Set(unskipped.keys) == ["habit", "unskipped", "unchanged", "stillSkippedForAll"])
        #expect(unskipped["unskipped"] as? [String] == [])
        #expect(unskipped["unchanged"] as? [String] == ["2027-01-01"])
        #expect(unskipped["stillSkippedForAll"] as? [String] == ["2027-01-01"])
        let unskipText = try habit.run(["unskip", "floss", "2026-12-24", "--to", "2026-12-26"], env: Self.env)
        #expect(unskipText.stdout == "unskipped floss on 2026-12-24 … 2026-12-25 (2 days)\n")
        let forAll = try habit.run(["unskip", "floss", "2027-01-02"], env: Self.env)
        #expect(forAll.stdout.contains("floss stays skipped on 2027-01-02: every habit is skipped then"), "\(forAll.stdout)")
        #expect(try habit.run(["unskip", "--all", "2027-01-01", "--to", "2027-01-04"], env: Self.env).stdout
            == "unskipped every habit on 2027-01-01 … 2027-01-02 (2 days)\nthere was no skip for every habit on 2027-01-03\n")
    }

    @Test func withoutAStoreUnskipChangesNothingAndCreatesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.run(["unskip", "--all", "today"], env: Self.env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "there was no skip for every habit on 2026-11-22\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let skip = try habit.run(["skip", "meditate", "today"], env: Self.env)
        #expect(skip.stdout == "skipped meditate on 2026-11-22\n", "\(skip.stderr)")
        #expect(FileManager.default.fileExists(atPath: habit.db))
    }

    // MARK: - score

    @Test func twentyGoodDaysScore0_655747() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let store = try HabitStore.open(path: habit.db)
        let env = try HabitsFixture.env("2026-11-21T10:00:00+01:00")
        let floss = try HabitsFixture.add(store, "floss", HabitSpec(), since: "2026-11-01", env: env)
        for day in 1...20 {
            try HabitsFixture.log(store, floss, 1, at: "2026-11-\(day < 10 ? "0" : "")\(day)T08:00:00+01:00", env: env)
        }
        let now = ["HABIT_NOW": "2026-11-21T10:00:00+01:00"]
        let score = try habit.json(["score", "floss"], env: now)
        #expect(Set(score.keys) == ["asOf", "habits"])
        #expect(score["asOf"] as? String == "2026-11-21")
        let habits = HabitsFixture.objects(score["habits"])
        #expect(habits.count == 1)
        #expect(habits.first?["habit"] as? String == "floss")
        #expect(habits.first?["score"] as? Double == 0.655747)
        let text = try habit.run(["score"], env: now.merging(["NO_COLOR": "1"]) { $1 }).stdout
        #expect(text.contains("floss    ███████░░░  66 %"), "\(text)")
        #expect(text.hasPrefix("meditate "))
    }

    // MARK: - stats

    @Test func statsPerDaySumsAreTheCalendarsDayValuesAcrossTheDSTChange() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let store = try HabitStore.open(path: habit.db)
        let env = try HabitsFixture.env("2026-10-28T10:00:00+01:00")
        let water = try HabitsFixture.add(store, "water", HabitSpec(unit: "glass", atLeast: "8"), since: "2026-10-20", env: env)
        for (amount, at) in [(1.0, "2026-10-24T23:59:59+02:00"), (2, "2026-10-25T00:00:00+02:00"), (3, "2026-10-25T02:30:00+01:00"),
                             (4, "2026-10-25T23:30:00+01:00"), (5, "2026-10-26T00:00:00+01:00")] {
            try HabitsFixture.log(store, water, amount, at: at, env: env)
        }
        let sleep = try HabitsFixture.add(store, "sleep", HabitSpec(atLeast: "7h", from: "sleep"), since: "2026-10-20", env: env)
        let watch = try SourceID("com.example.watch")
        var batch = DemoGenerator.Batch()
        func sleepSample(_ from: String, _ to: String, _ stage: String) throws -> Sample {
            Sample(uuid: env.makeUUID(), type: "HKCategoryTypeIdentifierSleepAnalysis", start: try HabitsFixture.instant(from),
                   end: try HabitsFixture.instant(to), value: nil, unit: nil, source: watch, metadata: ["categoryValue": stage],
                   created: env.now, utcOffset: 3600, timeZoneID: "Europe/Berlin")
        }
        batch.samples = [
            try sleepSample("2026-10-24T23:00:00+02:00", "2026-10-25T06:00:00+01:00", "HKCategoryValueSleepAnalysisAsleepCore"),
            try sleepSample("2026-10-24T22:30:00+02:00", "2026-10-25T07:00:00+01:00", "HKCategoryValueSleepAnalysisInBed"),
            try sleepSample("2026-10-25T14:00:00+01:00", "2026-10-25T14:30:00+01:00", "HKCategoryValueSleepAnalysisAsleepREM"),
            try sleepSample("2026-10-25T18:00:00+01:00", "2026-10-25T19:00:00+01:00", "HKCategoryValueSleepAnalysisAsleepDeep"),
        ]
        try store.insert(batch)

        let now = ["HABIT_NOW": "2026-10-28T10:00:00+01:00"]
        let range = DayRange(try #require(LocalDay("2026-10-23")), upTo: try #require(LocalDay("2026-10-28")))
        let overview = try store.read(.overview([water, sleep], range: range, env: env))
        for (name, report) in zip(["water", "sleep"], overview.reports) {
            let stats = try habit.json(["stats", name, "--per", "day", "--from", "2026-10-23", "--to", "2026-10-28"], env: now)
            let buckets = HabitsFixture.objects(stats["buckets"])
            #expect(buckets.map { $0["start"] as? String } == range.map(\.description))
            #expect(buckets.map { $0["sum"] as? Double } == report.days.map(\.value), "\(name)")
        }
        let water24to26 = try habit.json(["stats", "water", "--per", "day", "--from", "2026-10-24", "--to", "2026-10-27"], env: now)
        #expect(HabitsFixture.objects(water24to26["buckets"]).map { $0["count"] as? Int } == [1, 3, 1])
        let sleepDays = try habit.json(["stats", "sleep", "--per", "day", "--from", "2026-10-25", "--to", "2026-10-27"], env: now)
        // 23:00 to 06:00 across the extra hour is 8 h; with the 30 min nap before 18:00: 510 min. 18:00 is the next night's.
        #expect(HabitsFixture.objects(sleepDays["buckets"]).map { $0["sum"] as? Double } == [510, 60])
        #expect(sleepDays["allSources"] as? Bool == true)
    }

    @Test func statsOfATypeReadsTheAppsSourcesAndPointsToAllSources() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let store = try HabitStore.open(path: habit.db)
        let env = try HabitsFixture.env()
        var batch = DemoGenerator.Batch()
        for (steps, at) in [(4000.0, "2026-11-16T09:00:00+01:00"), (6000, "2026-11-17T09:00:00+01:00"), (9000, "2026-11-23T00:00:00+01:00")] {
            let t = try HabitsFixture.instant(at)
            batch.samples.append(Sample(uuid: env.makeUUID(), type: "HKQuantityTypeIdentifierStepCount", start: t, end: t, value: steps,
                                        unit: "count", source: try SourceID("com.example.watch"), created: env.now, utcOffset: 3600,
                                        timeZoneID: "Europe/Berlin"))
        }
        try store.insert(batch)
        _ = try store.logWorkout(.hiit, InstantRange(try HabitsFixture.instant("2026-11-18T07:00:00+01:00"),
                                                     upTo: try HabitsFixture.instant("2026-11-18T07:25:00+01:00")),
                                 met: nil, source: .app, note: nil, env: env)

        let mine = try habit.json(["stats", "steps", "--per", "week"], env: Self.env)
        #expect(Set(mine.keys) == ["habit", "type", "unit", "per", "allSources", "buckets", "otherSourceSamples"])
        #expect(mine["type"] as? String == "HKQuantityTypeIdentifierStepCount")
        #expect(mine["unit"] as? String == "count" && mine["per"] as? String == "week" && mine["allSources"] as? Bool == false)
        #expect(mine["habit"] is NSNull)
        #expect(mine["otherSourceSamples"] as? Int == 2)
        let buckets = HabitsFixture.objects(mine["buckets"])
        #expect(buckets.count == 12)
        #expect(buckets.last?["start"] as? String == "2026-11-16" && buckets.last?["end"] as? String == "2026-11-23")
        #expect(buckets.first?["start"] as? String == "2026-08-31")
        for b in buckets {
            #expect(Set(b.keys) == ["start", "end", "count", "sum", "avg", "min", "max"])
            #expect(b["count"] as? Int == 0 && b["sum"] as? Double == 0 && b["avg"] is NSNull && b["min"] is NSNull && b["max"] is NSNull)
        }
        let note = try habit.run(["stats", "steps", "--per", "week"], env: Self.env).stdout
        #expect(note.contains("2 samples from other sources; add --all-sources"), "\(note)")

        let all = try habit.json(["stats", "HKQuantityTypeIdentifierStepCount", "--per", "week", "--all-sources", "--from", "2026-11-18",
                                  "--to", "2026-11-30"], env: Self.env)
        #expect(all["allSources"] as? Bool == true)
        let weeks = HabitsFixture.objects(all["buckets"])
        #expect(weeks.map { $0["start"] as? String } == ["2026-11-16", "2026-11-23"])
        #expect(weeks[0]["count"] as? Int == 2 && weeks[0]["sum"] as? Double == 10000 && weeks[0]["avg"] as? Double == 5000)
        #expect(weeks[0]["min"] as? Double == 4000 && weeks[0]["max"] as? Double == 6000)
        #expect(weeks[1]["count"] as? Int == 1 && weeks[1]["sum"] as? Double == 9000)

        let workout = try habit.json(["stats", "workout", "--per", "month", "--from", "2026-11-01", "--to", "2026-12-01"], env: Self.env)
        #expect(workout["habit"] as? String == "workout" && workout["unit"] as? String == "min")
        #expect(HabitsFixture.objects(workout["buckets"]).map { $0["sum"] as? Double } == [25])
    }

    // MARK: - Bad input

    struct Refusal: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var withStore = true
        var mentions: [String] = []
        var testDescription: String { "habit " + arguments.joined(separator: " ") + (withStore ? "" : " (no store)") }
    }

    static let refusals: [Refusal] = [
        Refusal(arguments: ["add", "list"], mentions: ["'list'", "command word"]),
        Refusal(arguments: ["add", "stats"], withStore: false, mentions: ["'stats'"]),
        Refusal(arguments: ["add", "meditate"], mentions: ["'meditate'"]),
        Refusal(arguments: ["add", "floss"], mentions: ["'floss' exists already"]),
        Refusal(arguments: ["add", "old"], mentions: ["'old' exists already"]),
        Refusal(arguments: ["add", "Floss"], mentions: ["invalid habit name 'Floss'"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "3", "--at-most", "4"], mentions: ["--at-least and --at-most"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "3", "--at-most", "4"], withStore: false),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "-1"], mentions: ["'-1'", "negative"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-most", "0"], mentions: ["'0'", "above zero"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "nan"], mentions: ["'nan'"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "inf"], mentions: ["'inf'"]),
        Refusal(arguments: ["add", "x", "--unit", "g", "--at-least", "3kg"], mentions: ["'3kg'"]),
        Refusal(arguments: ["add", "x", "--times", "8", "--per", "week"], mentions: ["'8'", "1–7"]),
        Refusal(arguments: ["add", "x", "--times", "32", "--per", "month"], mentions: ["'32'", "1–31"]),
        Refusal(arguments: ["add", "x", "--times", "2"], mentions: ["'2'", "--per week"]),
        Refusal(arguments: ["add", "x", "--times", "0", "--per", "week"], mentions: ["'0'"]),
        Refusal(arguments: ["add", "x", "--unit", "glass", "--times", "2", "--per", "week"], mentions: ["--times is for yes/no"]),
        Refusal(arguments: ["add", "x", "--at-least", "3"], mentions: ["--unit"]),
        Refusal(arguments: ["add", "x", "--sources", "all"], mentions: ["--sources", "--from"]),
        Refusal(arguments: ["add", "x", "--from", "nosuch", "--at-least", "3"], mentions: ["'nosuch'"]),
        Refusal(arguments: ["add", "x", "--from", "steps"], mentions: ["--at-least"]),
        Refusal(arguments: ["add", "x", "--from", "steps", "--at-least", "1", "--sources", "a,,b"], mentions: ["'a,,b'"]),
        Refusal(arguments: ["add", "x", "--from", "distance", "--unit", "kg", "--at-least", "1"], mentions: ["'kg'", "km"]),
        Refusal(arguments: ["add", "x", "--per", "year"], mentions: ["'year'"]),
        Refusal(arguments: ["edit", "floss", "--unit", "glass"], mentions: ["kind"]),
        Refusal(arguments: ["edit", "water", "--unit", "ml"], mentions: ["2 entries"]),
        Refusal(arguments: ["edit", "steps", "--from", "sleep"], mentions: ["remove it"]),
        Refusal(arguments: ["edit", "meditate", "--at-least", "5"], mentions: ["built in"]),
        Refusal(arguments: ["edit", "nope", "--times", "2"], mentions: ["'nope'", "floss, gym, steps, water"]),
        Refusal(arguments: ["edit", "nope", "--times", "2"], withStore: false, mentions: ["'nope'", "meditate, workout, noalc"]),
        Refusal(arguments: ["edit", "workout", "--per", "week"], withStore: false, mentions: ["built in"]),
        Refusal(arguments: ["edit", "water"], mentions: ["nothing to change"]),
        Refusal(arguments: ["edit", "water", "--no-target", "--at-least", "3"], mentions: ["--no-target"]),
        Refusal(arguments: ["edit", "gym", "--per", "day"], mentions: ["--times"]),
        Refusal(arguments: ["edit", "steps", "--no-target"], mentions: ["target"]),
        Refusal(arguments: ["edit", "water", "--name", "floss"], mentions: ["'floss' exists already"]),
        Refusal(arguments: ["edit", "water", "--name", "log"], mentions: ["'log'"]),
        Refusal(arguments: ["edit", "water", "--at-least", "-2"], mentions: ["'-2'"]),
        Refusal(arguments: ["archive", "nope"], mentions: ["'nope'"]),
        Refusal(arguments: ["archive", "nope"], withStore: false),
        Refusal(arguments: ["unarchive", "nope"], mentions: ["'nope'"]),
        Refusal(arguments: ["unarchive", "nope"], withStore: false),
        Refusal(arguments: ["remove", "floss"], mentions: ["0 entries", "--yes"]),
        Refusal(arguments: ["remove", "nope", "--yes"], mentions: ["'nope'"]),
        Refusal(arguments: ["remove", "workout", "--yes"], mentions: ["built in"]),
        Refusal(arguments: ["remove", "nope", "--yes"], withStore: false),
        Refusal(arguments: ["skip", "floss", "2026-12-24", "--to", "2026-12-24"], mentions: ["--to", "after the first day"]),
        Refusal(arguments: ["skip", "floss", "2026-12-24", "--to", "2026-12-20"], mentions: ["--to"]),
        Refusal(arguments: ["skip", "--all", "--from", "2026-12-24", "--to", "2026-12-24"], withStore: false, mentions: ["--to"]),
        Refusal(arguments: ["skip", "--all", "--from", "2026-01-01", "--to", "2040-01-01"], mentions: ["3660"]),
        Refusal(arguments: ["skip", "nope", "2026-12-24"], mentions: ["'nope'", "floss, gym, steps, water"]),
        Refusal(arguments: ["skip", "nope", "2026-12-24"], withStore: false, mentions: ["'nope'"]),
        Refusal(arguments: ["skip", "old", "2026-12-24"], mentions: ["archived"]),
        Refusal(arguments: ["skip", "--all", "floss", "2026-12-24"], mentions: ["--all"]),
        Refusal(arguments: ["skip", "floss", "2026-12-24", "--from", "2026-12-25"], mentions: ["--from"]),
        Refusal(arguments: ["skip", "floss"], mentions: ["give a day"]),
        Refusal(arguments: ["skip", "floss", "2026-02-30"], mentions: ["'2026-02-30'"]),
        Refusal(arguments: ["skip", "floss", "2026-12-24", "--to", "9999-01-01"], mentions: ["--to"]),
        Refusal(arguments: ["unskip", "nope", "2026-12-24"], mentions: ["'nope'"]),
        Refusal(arguments: ["unskip", "floss", "2026-12-24", "--to", "2026-12-23"], mentions: ["--to"]),
        Refusal(arguments: ["score", "nope"], mentions: ["'nope'"]),
        Refusal(arguments: ["stats", "nope", "--per", "day"], mentions: ["'nope'", "steps, sleep"]),
        Refusal(arguments: ["stats", "floss", "--per", "year"], mentions: ["'year'"]),
        Refusal(arguments: ["stats", "floss", "--per", "week", "--from", "2026-11-10", "--to", "2026-11-01"], mentions: ["--to"]),
        Refusal(arguments: ["stats", "floss", "--per", "week", "--from", "1969-12-31"], mentions: ["--from"]),
    ]

    @Test(arguments: refusals)
    func badInputIsOneLineExit64AndChangesNothing(_ refusal: Refusal) throws {
        let habit = refusal.withStore ? try HabitsFixture.prepare() : try HabitProcess()
        defer { habit.cleanUp() }
        let before = try HostileInputTests.files(habit)
        let result = try habit.run(refusal.arguments, env: Self.env)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("habit: ") && result.stderr.hasSuffix("\n") && !result.stderr.dropLast().contains("\n"),
                "\(result.stderr)")
        for mention in refusal.mentions {
            #expect(result.stderr.contains(mention), "'\(mention)' missing in: \(result.stderr)")
        }
        #expect(try HostileInputTests.files(habit) == before, "the folder's files changed")
    }
}
