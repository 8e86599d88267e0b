import Foundation
import Testing

/// Issue 49, point 1 ("Three habits they never asked for"): a built-in is archived like any habit
/// (Standards/habits.md, "Archiving"): gone from every view, count, reminder and completion, its
/// data kept, back with `habit unarchive`; `habit log meditate 10m` on a fresh store as before.
@Suite struct ArchiveBuiltinTests {
    static let now = AskTests.now  // 2026-11-26 20:00, Berlin
    static let morning = ["HABIT_NOW": "2026-11-26T08:00:00+01:00", "TZ": "Europe/Berlin"]
    static let afterNine = ["HABIT_NOW": "2026-11-26T21:01:00+01:00", "TZ": "Europe/Berlin"]

    /// floss and water (``AskTests/store()``), two steady evenings, 12 minutes of meditation today
    /// and a NoAlc reminder at 21:00.
    static func store() throws -> HabitProcess {
        let habit = try AskTests.store()
        try AskTests.run(habit, ["log", "alcohol", "0", "--date", "2026-11-24"])
        try AskTests.run(habit, ["log", "alcohol", "1", "--date", "2026-11-25"])
        try AskTests.run(habit, ["log", "meditate", "12m"])
        try AskTests.run(habit, ["remind", "add", "noalc", "21:00"], env: morning)
        return habit
    }

    /// The export's data lines (samples and workouts): what archiving must keep.
    static func data(_ habit: HabitProcess) throws -> [String] {
        try AskTests.run(habit, ["export", "--format", "ndjson"]).split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("{\"kind\":\"sample\"") || $0.hasPrefix("{\"kind\":\"workout\"") }
    }

    /// The habits `calendar --json` names on any day.
    static func calendarHabits(_ habit: HabitProcess) throws -> Set<String> {
        let days = try habit.json(["calendar", "--json"], env: now)["days"] as? [[String: Any]] ?? []
        return Set(days.flatMap { ($0["habits"] as? [String: Any])?.keys.map { $0 } ?? [] })
    }

    static func names(_ json: [String: Any]) -> [String] {
        (json["habits"] as? [[String: Any]] ?? []).compactMap { ($0["habit"] ?? $0["name"]) as? String }
    }

    @Test func anArchivedBuiltInIsGoneFromEveryViewCountAndReminderAndUnarchiveBringsItBack() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let streak = try AskTests.run(habit, ["streak", "--json"])
        let data = try Self.data(habit)
        #expect(try AskTests.run(habit, ["today"]).contains("— 4 left, 1 at risk"))
        #expect(try Self.calendarHabits(habit).contains("noalc"))

        let archived = try habit.run(["archive", "noalc"], env: Self.now)
        #expect(archived.status == 0, "\(archived.stderr)")
        #expect(archived.stdout.hasPrefix("archived noalc: hidden from streak, calendar, today and habits; its data is kept"))
        #expect(archived.stdout.contains("'habit unarchive noalc' brings it back"))

        // Every view, and every "N left".
        let today = try AskTests.run(habit, ["today"])
        #expect(today.contains("— 3 left\n") && !today.contains("noalc") && !today.contains("at risk"), "\(today)")
        #expect(try AskTests.run(habit, ["status"]) == "3 left · ✓meditate 1 · …workout 0 · …floss 0 · …water 0\n")
        #expect(!(try AskTests.run(habit, ["status", "--format", "waybar"])).contains("noalc"))
        #expect(!(try AskTests.run(habit, ["today", "--short"])).contains("noalc"))
        #expect(Self.names(try habit.json(["streak", "--json"], env: Self.now)) == ["meditate", "workout", "floss", "water"])
        #expect(!(try AskTests.run(habit, ["streak"])).contains("noalc"))
        let calendar = try AskTests.run(habit, ["calendar"])
        #expect(!calendar.contains("noalc") && calendar.contains("24··  25··  26●·"), "no NoAlc column in the grid: \(calendar)")
        #expect(try Self.calendarHabits(habit) == ["meditate", "workout", "floss", "water"])
        #expect(Self.names(try habit.json(["score", "--json"], env: Self.now)) == ["meditate", "workout", "floss", "water"])
        #expect(Self.names(try habit.json(["habits", "--json"], env: Self.now)) == ["meditate", "workout", "floss", "water"])
        let all = try habit.json(["habits", "--archived", "--json"], env: Self.now)["habits"] as? [[String: Any]] ?? []
        #expect(all.contains { $0["name"] as? String == "noalc" && $0["archived"] as? Bool == true })
        let asked = try AskTests.ask(habit, [], input: "q\n")
        #expect(!(asked.stdout + asked.stderr).contains("noalc"), "\(asked.stdout)")

        // Reminders: never delivered; `remind list` says why.
        #expect(try AskTests.run(habit, ["remind", "list"]).contains("next today 21:00 (archived — will not fire)"))
        let reminders = try habit.json(["remind", "list", "--json"], env: Self.now)["reminders"] as? [[String: Any]] ?? []
        #expect(reminders.first?["reason"] as? String == "archived" && reminders.first?["willFire"] as? Bool == false)
        let check = try habit.json(["remind", "check"], env: Self.afterNine)
        #expect((check["delivered"] as? [Any])?.isEmpty == true && (check["suppressed"] as? [Any])?.count == 1, "\(check)")

        // Its data is kept; a log is refused as an archived own habit's is, and changes nothing.
        #expect(try Self.data(habit) == data)
        let before = try habit.contents()
        let log = try habit.run(["log", "alcohol", "2"], env: Self.now)
        #expect(log.status == 64 && log.stderr == "habit: 'noalc' is archived; bring it back with 'habit unarchive noalc'\n", "\(log)")
        #expect(try habit.contents() == before)

        // Back, with its history.
        let back = try habit.run(["unarchive", "noalc"], env: Self.now)
        #expect(back.status == 0 && back.stdout == "noalc is back in streak, calendar, today, habits and its reminders\n", "\(back)")
        #expect(try AskTests.run(habit, ["streak", "--json"]) == streak)
        #expect(try Self.calendarHabits(habit).contains("noalc"))
        #expect(try AskTests.run(habit, ["today"]).contains("— 4 left, 1 at risk"))
        #expect(try Self.data(habit) == data)
    }

    /// `habit ui` at 80 × 24 lists the habits shown: not an archived built-in.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func theScreenLeavesOutAnArchivedBuiltIn() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["archive", "noalc"])
        let pane = try TmuxPane(name: "ui-archived", folder: habit.folder, command: UITests.command(habit), width: 80, height: 24)
        defer { pane.kill() }
        let screen = pane.screen(until: "meditate · Thu 26 Nov")
        #expect(screen.contains("workout") && screen.contains("floss") && screen.contains("water"), "\(screen)")
        #expect(!screen.contains("noalc"), "\(screen)")
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
    }

    /// Shell completion offers a habit shown, never an archived built-in; `unarchive` offers the archived ones.
    @Test func completionLeavesOutAnArchivedBuiltIn() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["archive", "noalc"])
        let shown = ["meditate", "workout", "floss", "water"]
        #expect(try CompletionTests.complete(habit, ["score"], "positional@0", ["habit", "score", ""]) == shown)
        #expect(try CompletionTests.complete(habit, ["streak"], "--habit", ["habit", "streak", "--habit", ""]) == shown)
        #expect(try CompletionTests.complete(habit, ["skip"], "positional@0", ["habit", "skip", ""]) == shown)
        #expect(try CompletionTests.complete(habit, ["unarchive"], "positional@0", ["habit", "unarchive", ""]) == ["noalc"])
        // After `habit log `: the built-ins by the word that logs them, `alcohol` gone with noalc.
        #expect(try CompletionTests.complete(habit, ["log"], "positional@0", ["habit", "log", ""]) == ["meditate", "workout", "floss", "water"])
        try AskTests.run(habit, ["unarchive", "noalc"])
        #expect(try CompletionTests.complete(habit, ["log"], "positional@0", ["habit", "log", ""])
                == ["meditate", "workout", "alcohol", "floss", "water"])
        #expect(try CompletionTests.complete(habit, ["archive"], "positional@0", ["habit", "archive", ""])
                == ["meditate", "workout", "noalc", "floss", "water"])
    }

    /// The archived state of a built-in travels as own habits' does: the latest word wins.
    @Test func anArchivedBuiltInSyncsToAnotherDevice() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        let folder = a.folder.appendingPathComponent("sync").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AskTests.run(a, ["archive", "noalc"])
        try AskTests.run(a, ["sync", folder])
        try AskTests.run(b, ["sync", folder])
        #expect(Self.names(try b.json(["habits", "--json"], env: Self.now)) == ["meditate", "workout"])
        try AskTests.run(a, ["unarchive", "noalc"], env: Self.afterNine)
        try AskTests.run(a, ["sync", folder], env: Self.afterNine)
        try AskTests.run(b, ["sync", folder], env: Self.afterNine)
        #expect(Self.names(try b.json(["habits", "--json"], env: Self.now)) == ["meditate", "workout", "noalc"])
    }

    /// A fresh store logs meditation exactly as before; archiving a built-in refuses its log, and
    /// bringing it back logs again. Archiving on a first day makes the store; bringing back a habit
    /// not archived changes nothing and makes none.
    @Test func aFreshStoreLogsMeditateAndAnArchivedOneIsRefused() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let unarchived = try habit.run(["unarchive", "meditate"], env: Self.now)
        #expect(unarchived.status == 0 && unarchived.stdout == "meditate is not archived; nothing changed\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let fresh = try HabitProcess()
        defer { fresh.cleanUp() }
        let logged = try fresh.run(["log", "meditate", "10m"], env: Self.now)
        #expect(logged.status == 0 && logged.stdout.hasPrefix("logged: meditate  10 min  19:50–20:00  "), "\(logged)")

        try AskTests.run(habit, ["archive", "meditate"])
        #expect(FileManager.default.fileExists(atPath: habit.db))
        let refused = try habit.run(["log", "meditate", "10m"], env: Self.now)
        #expect(refused.status == 64 && refused.stderr == "habit: 'meditate' is archived; bring it back with 'habit unarchive meditate'\n")
        try AskTests.run(habit, ["unarchive", "meditate"])
        let again = try habit.run(["log", "meditate", "10m"], env: Self.now)
        #expect(again.status == 0 && again.stdout.hasPrefix("logged: meditate  10 min  19:50–20:00  "), "\(again)")
    }
}
