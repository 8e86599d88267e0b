import Foundation
import Testing

/// Reminders from the one evaluation (issue 48, point 2; Standards/reminders.md, "One rule"): no
/// reminder on a skipped, off or met day, built-ins and own habits alike; `remind list` says why
/// one will not fire; a reminder's words are composed at delivery, so a rename carries. Berlin,
/// around the spring change (2026-03-29, 02:00 → 03:00).
@Suite struct RemindOneRuleTests {
    static func at(_ iso: String) -> [String: String] { ["HABIT_NOW": iso] }

    /// The reminders as `remind list --json` gives them at `now`, by habit.
    static func listed(_ habit: HabitProcess, at now: String) throws -> [String: [String: Any]] {
        let reminders = try habit.json(["remind", "list"], env: at(now))["reminders"] as? [[String: Any]] ?? []
        return Dictionary(reminders.map { ($0["activity"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    static func check(_ habit: HabitProcess, at now: String, catchUp: Bool = false) throws -> (delivered: [String], suppressed: [String]) {
        let json = try habit.json(["remind", "check"] + (catchUp ? ["--catch-up"] : []), env: at(now))
        func titles(_ key: String) -> [String] { (json[key] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } }
        return (titles("delivered"), titles("suppressed"))
    }

    static func ok(_ habit: HabitProcess, _ arguments: [String], at now: String) throws {
        let r = try habit.run(arguments, env: at(now))
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
    }

    /// `skip --all --from 2026-03-26 --to 2026-03-28` (a vacation), and an own habit's own skip:
    /// at 21:00 on those days the check is silent while `today` says all done, and `remind list`
    /// says `skipped` instead of "next today 21:00".
    @Test func aSkippedDayIsNeverNaggedAndRemindListSaysSo() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let morning = "2026-03-20T08:00:00+01:00"
        try Self.ok(habit, ["add", "floss"], at: morning)
        try Self.ok(habit, ["add", "water", "--unit", "glass", "--at-least", "8"], at: morning)
        try Self.ok(habit, ["remind", "add", "floss", "21:00"], at: morning)
        try Self.ok(habit, ["remind", "add", "water", "21:30"], at: morning)
        try Self.ok(habit, ["skip", "--all", "--from", "2026-03-26", "--to", "2026-03-28"], at: morning)
        try Self.ok(habit, ["skip", "water", "2026-03-28"], at: morning)

        let evening = "2026-03-27T20:00:00+01:00"
        let list = try Self.listed(habit, at: evening)
        #expect(list["floss"]?["reason"] as? String == "skipped")
        #expect(list["floss"]?["willFire"] as? Bool == false)
        let text = try habit.run(["remind", "list"], env: Self.at(evening)).stdout
        #expect(text.contains("next today 21:00 (skipped — will not fire)"), "\(text)")
        #expect(try habit.run(["today"], env: Self.at(evening)).stdout.contains("all done"))
        let vacation = try Self.check(habit, at: "2026-03-27T21:45:00+01:00", catchUp: true)
        #expect(vacation.delivered.isEmpty)
        #expect(vacation.suppressed == ["Floss", "Water"])

        // The 28th: floss is due again, water is skipped on its own.
        let saturday = "2026-03-28T20:00:00+01:00"
        #expect(try Self.listed(habit, at: saturday)["water"]?["reason"] as? String == "skipped")
        #expect(try Self.listed(habit, at: saturday)["floss"]?["willFire"] as? Bool == true)
        #expect(try Self.listed(habit, at: saturday)["floss"]?["reason"] == nil)
        let after = try Self.check(habit, at: "2026-03-28T21:45:00+01:00", catchUp: true)
        #expect(after.delivered == ["Floss"] && after.suppressed == ["Water"])
    }

    /// A weekday habit (mon–fri) with a daily reminder: Sunday, the day of the spring change, is
    /// an off-day — not nagged, and `remind list` says `off-day`; Monday is delivered.
    @Test func anOffDayOfAWeekdayScheduleIsNeverNaggedAndRemindListSaysSo() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let morning = "2026-03-23T08:00:00+01:00"
        try Self.ok(habit, ["add", "yoga", "--on", "mon-fri"], at: morning)
        try Self.ok(habit, ["remind", "add", "yoga", "21:00", "--days", "daily"], at: morning)
        let sunday = "2026-03-29T20:00:00+02:00"
        #expect(try Self.listed(habit, at: sunday)["yoga"]?["reason"] as? String == "off-day")
        #expect(try habit.run(["remind", "list"], env: Self.at(sunday)).stdout.contains("next today 21:00 (off-day — will not fire)"))
        let off = try Self.check(habit, at: "2026-03-29T21:01:00+02:00")
        #expect(off.delivered.isEmpty && off.suppressed == ["Yoga"])
        let monday = try Self.check(habit, at: "2026-03-30T21:01:00+02:00")
        #expect(monday.delivered == ["Yoga"])
    }

    /// `edit reading --name books`: the reminder's words follow the habit, in `remind list` and
    /// at delivery, and the command it names works.
    @Test func aRenameCarriesIntoTheRemindersWords() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let morning = "2026-03-29T08:00:00+02:00"
        try Self.ok(habit, ["add", "reading", "--unit", "min", "--at-least", "30"], at: morning)
        try Self.ok(habit, ["remind", "add", "reading", "21:00"], at: morning)
        try Self.ok(habit, ["edit", "reading", "--name", "books"], at: morning)
        let list = try Self.listed(habit, at: morning)
        #expect(list["books"]?["title"] as? String == "Books")
        #expect(list["books"]?["message"] as? String == "books is not done yet today: habit log books AMOUNT")
        #expect(try habit.run(["remind", "list"], env: Self.at(morning)).stdout.contains("'Books'"))
        let due = try habit.run(["remind", "check"], env: Self.at("2026-03-29T21:01:00+02:00"))
        #expect(due.stdout == "habit reminder #1 21:00: Books — books is not done yet today: habit log books AMOUNT\n", "\(due.stdout)")
        // The command it names is one that works.
        let command = try #require(due.stdout.split(separator: ":").last).split(separator: " ").map(String.init)
        #expect(Array(command.prefix(3)) == ["habit", "log", "books"])
        try Self.ok(habit, Array(command.dropFirst().prefix(2)) + ["30"], at: "2026-03-29T21:30:00+02:00")
        // Words given stay as given; an empty one gives the default back.
        try Self.ok(habit, ["remind", "edit", "1", "--title", "Read!"], at: morning)
        #expect(try Self.listed(habit, at: morning)["books"]?["title"] as? String == "Read!")
        try Self.ok(habit, ["remind", "edit", "1", "--title", ""], at: morning)
        #expect(try Self.listed(habit, at: morning)["books"]?["title"] as? String == "Books")
    }

    /// Meditated 07:20–07:32 on the day of the spring change: `today` says done, and at 20:00 the
    /// built-in's reminder is as silent as an own habit's would be (no "in the last 12 h").
    @Test func aBuiltInDoneInTheMorningIsNotNaggedInTheEvening() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.ok(habit, ["remind", "add", "meditate", "20:00"], at: "2026-03-28T08:00:00+01:00")
        try Self.ok(habit, ["log", "meditate", "12m"], at: "2026-03-29T07:32:00+02:00")
        let today = try habit.json(["today"], env: Self.at("2026-03-29T19:00:00+02:00"))
        let meditate = (today["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == "meditate" }
        #expect(meditate?["today"] as? String == "done", "\(today)")
        #expect(try Self.listed(habit, at: "2026-03-29T19:00:00+02:00")["meditate"]?["reason"] as? String == "done")
        let evening = try Self.check(habit, at: "2026-03-29T20:01:00+02:00")
        #expect(evening.delivered.isEmpty && evening.suppressed == ["Meditate"])
        // The next evening, nothing logged: delivered, asking about today as own habits do.
        let next = try habit.run(["remind", "check"], env: Self.at("2026-03-30T20:01:00+02:00"))
        #expect(next.stdout == "habit reminder #1 20:00: Meditate — meditate is not done yet today: habit log meditate 10m\n", "\(next.stdout)")
    }

    /// One word says why the next occurrence will not fire: `disabled`, `paused`, `cancelled`,
    /// `handled` (the text says what the check did) and `done`, from the same rule as the check.
    @Test func remindListSaysWhyTheNextOccurrenceWillNotFire() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let morning = "2026-03-30T08:00:00+02:00"
        try Self.ok(habit, ["add", "floss"], at: morning)
        try Self.ok(habit, ["add", "tea"], at: morning)
        try Self.ok(habit, ["add", "walk"], at: morning)
        try Self.ok(habit, ["remind", "add", "floss", "21:00"], at: morning)
        try Self.ok(habit, ["remind", "add", "tea", "09:00"], at: morning)
        try Self.ok(habit, ["remind", "add", "walk", "22:00"], at: morning)
        try Self.ok(habit, ["remind", "add", "workout", "23:00"], at: morning)
        try Self.ok(habit, ["remind", "pause", "4"], at: morning)
        try Self.ok(habit, ["log", "walk"], at: "2026-03-30T20:00:00+02:00")   // inside the look-back: cancels 22:00
        #expect(try Self.check(habit, at: "2026-03-30T09:00:00+02:00").delivered == ["Tea"])
        // At 09:00 the next occurrence is the one just delivered.
        #expect(try Self.listed(habit, at: "2026-03-30T09:00:00+02:00")["tea"]?["reason"] as? String == "handled")
        #expect(try habit.run(["remind", "list"], env: Self.at("2026-03-30T09:00:00+02:00")).stdout
                    .contains("next today 09:00 (delivered — will not fire)"))
        let now = "2026-03-30T20:30:00+02:00"
        let list = try Self.listed(habit, at: now)
        #expect(list["floss"]?["reason"] == nil && list["floss"]?["willFire"] as? Bool == true)
        #expect(list["walk"]?["reason"] as? String == "cancelled")
        #expect(list["workout"]?["reason"] as? String == "disabled")
        let text = try habit.run(["remind", "list"], env: Self.at(now)).stdout
        #expect(text.contains("next today 22:00 (cancelled — will not fire)"), "\(text)")
        #expect(list["tea"]?["willFire"] as? Bool == true)  // tomorrow's
        try Self.ok(habit, ["log", "floss"], at: "2026-03-30T08:00:00+02:00")  // 13 h before 21:00: not cancelled, done
        let done = try Self.listed(habit, at: now)
        #expect(done["floss"]?["reason"] as? String == "done" && done["floss"]?["doneAlready"] as? Bool == true)
        try Self.ok(habit, ["remind", "pause"], at: now)
        #expect(try Self.listed(habit, at: now)["tea"]?["reason"] as? String == "paused")
        #expect(try habit.run(["remind", "list"], env: Self.at(now)).stdout.contains("next tomorrow 09:00 (paused — will not fire)"))
    }

    /// A store the release before v6 wrote (`Tests/Fixtures/v5-store.sqlite`: `remind add water
    /// 21:00` stored "Water" and "water is not done yet today: habit log water AMOUNT"): after the
    /// upgrade (v23) and `edit water --name drink`, the reminder delivers drink's words, and the
    /// command it names works.
    @Test func aStoreAnOlderReleaseWroteDeliversTheRenamedHabitsWords() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try FileManager.default.copyItem(atPath: StoreUpgradeTests.fixtures.appendingPathComponent("v5-store.sqlite").path, toPath: habit.db)
        let noon = "2026-11-19T12:00:00+01:00"
        try Self.ok(habit, ["edit", "water", "--name", "drink"], at: noon)
        try Self.ok(habit, ["remind", "resume", "2"], at: noon)
        let list = try Self.listed(habit, at: noon)
        #expect(list["drink"]?["title"] as? String == "Drink")
        #expect(list["drink"]?["message"] as? String == "drink is not done yet today: habit log drink AMOUNT")
        #expect(list["drink"]?["reason"] as? String == "skipped")  // the store skips water on the 19th
        let due = try habit.run(["remind", "check"], env: Self.at("2026-11-20T21:01:00+01:00"))
        #expect(due.stdout.contains("habit reminder #2 21:00: Drink — drink is not done yet today: habit log drink AMOUNT\n"), "\(due.stdout)")
        try Self.ok(habit, ["log", "drink", "3"], at: "2026-11-20T21:30:00+01:00")
    }
}
