import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 27, point 1: habits that track themselves (Standards/automation.md, "Command habits").
@Suite struct CommandHabitTests {
    static let day1 = "2025-10-20T08:00:00+02:00"

    /// The entries commands recorded: (day as YYYY-MM-DD in Berlin, value), by day.
    static func recorded(_ habit: HabitProcess) throws -> [String: Double] {
        let queue = try DatabaseQueue(path: habit.db)
        return try queue.read { db in
            var out: [String: Double] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT start, value FROM sampleView WHERE source = 'dev.habit.command'") {
                let day = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!).day(containing: Date(timeIntervalSince1970: row[0]))
                out[day.description] = row[1]
            }
            return out
        }
    }

    static func lines(_ file: URL) -> [String] {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// A yes/no command: exit 0 is done (an entry the streak reads), exit 1 not done (no entry, or
    /// the earlier one removed), anything else a failure that records nothing, says why in one line
    /// and shows in doctor.
    @Test func aYesNoCommandIsDoneNotDoneOrFailing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let marker = habit.folder.appendingPathComponent("done")
        let env = ["HABIT_NOW": Self.day1]
        #expect(try habit.run(["add", "floss", "--command", "test -e \"$HOME/done\""], env: env).status == 0)
        let listed = try habit.json(["habits"], env: env)["habits"] as? [[String: Any]] ?? []
        #expect(listed.first { $0["name"] as? String == "floss" }?["command"] as? String == "test -e \"$HOME/done\"")
        #expect(try habit.run(["habits"], env: env).stdout.contains("runs: test -e \"$HOME/done\""))

        let notDone = try habit.run(["refresh"], env: env)
        #expect(notDone.status == 0 && notDone.stdout == "floss 2025-10-20: not done\n", "\(notDone)")
        #expect(try Self.recorded(habit).isEmpty)

        try Data().write(to: marker)
        let done = try habit.json(["refresh"], env: env)["runs"] as? [[String: Any]] ?? []
        #expect(done.count == 1 && done[0]["result"] as? String == "done" && done[0]["settled"] as? Bool == false)
        #expect(try Self.recorded(habit) == ["2025-10-20": 1])
        let streak = try habit.json(["streak"], env: env)["habits"] as? [[String: Any]] ?? []
        #expect(streak.first { $0["habit"] as? String == "floss" }?["current"] as? Int == 1)

        #expect(try habit.run(["edit", "floss", "--command", "exit 3"], env: env).status == 0)
        let failed = try habit.run(["refresh"], env: env)
        #expect(failed.status == 65)
        #expect(failed.stderr.hasPrefix("habit: command of floss for 2025-10-20: exited with status 3 (0 is done, 1 is not done); nothing recorded\n"),
                "\(failed.stderr)")
        #expect(try Self.recorded(habit) == ["2025-10-20": 1], "a failure leaves the day's entry as it was")
        let doctor = try habit.run(["doctor"], env: env)
        #expect(doctor.stdout.contains("command habits: 1 day whose command failed, the last: floss 2025-10-20: exited with status 3"), "\(doctor.stdout)")

        try FileManager.default.removeItem(at: marker)
        #expect(try habit.run(["edit", "floss", "--command", "test -e \"$HOME/done\""], env: env).status == 0)
        #expect(try habit.run(["refresh", "floss"], env: env).status == 0)
        #expect(try Self.recorded(habit).isEmpty, "not done removes the command's entry of the day")
        #expect(!(try habit.run(["doctor"], env: env).stdout.contains("command habits")), "a later result clears the failure")

        #expect(try habit.run(["edit", "floss", "--no-command"], env: env).status == 0)
        #expect(try habit.run(["refresh"], env: env).stdout == "no command habits: add one with 'habit add NAME --command CMD'\n")
    }

    /// A command that outlasts HABIT_COMMAND_TIMEOUT is killed (with its children) at it; the day
    /// stays open and runs again at the next refresh.
    @Test func aHangingCommandIsStoppedAndItsDayStaysOpen() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = habit.folder.appendingPathComponent("runs")
        let env = ["HABIT_NOW": Self.day1, "HABIT_COMMAND_TIMEOUT": "1"]
        #expect(try habit.run(["add", "floss", "--command", "echo $HABIT_DAY >> '\(log.path)'; sleep 30"], env: env).status == 0)
        let started = Date()
        let hung = try habit.run(["refresh"], env: env)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(hung.status == 65 && hung.stderr.contains("command of floss for 2025-10-20: was stopped after 1 s"), "\(hung.stderr)")
        #expect(try Self.recorded(habit).isEmpty)
        // The next day: the hung day was not settled, so it runs again (with today).
        #expect(try habit.run(["edit", "floss", "--command", "echo $HABIT_DAY >> '\(log.path)'"], env: env).status == 0)
        #expect(try habit.run(["refresh"], env: ["HABIT_NOW": "2025-10-21T08:00:00+02:00"]).status == 0)
        #expect(Self.lines(log) == ["2025-10-20", "2025-10-20", "2025-10-21"])
        #expect(try Self.recorded(habit) == ["2025-10-20": 1, "2025-10-21": 1])
    }

    /// A quantity command: exit 0 and one number is the day's value (a later run replaces it);
    /// garbage, two numbers or a failing exit record nothing.
    /// `remind check` (cron) starts no command once three timeouts' time has passed: a command
    /// that hangs every day costs one check about 3 timeouts, not one for each of 30 open days.
    @Test func remindCheckSpendsAtMostThreeTimeoutsOnCommands() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = habit.folder.appendingPathComponent("runs")
        let added = ["HABIT_NOW": Self.day1, "HABIT_COMMAND_TIMEOUT": "1"]
        #expect(try habit.run(["add", "floss", "--command", "echo $HABIT_DAY >> '\(log.path)'; sleep 30"], env: added).status == 0)
        // Ten days later: eleven open days.
        let check = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-30T08:00:00+01:00", "HABIT_COMMAND_TIMEOUT": "1"])
        #expect(check.status == 0, "\(check.stderr)")
        let runs = Self.lines(log).count
        #expect(runs >= 1 && runs <= 4, "\(runs) commands started in a 3 s budget")
    }

    @Test func aQuantityCommandCountsOrPrintsGarbage() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        let lines = habit.folder.appendingPathComponent("lines")
        #expect(try habit.run(["add", "jottings", "--at-least", "2", "--command", "wc -l < '\(lines.path)'"], env: env).status == 0)
        try Data("a\nb\nc\n".utf8).write(to: lines)
        #expect(try habit.run(["refresh"], env: env).stdout == "jottings 2025-10-20: 3\n")
        try Data("a\n".utf8).write(to: lines)
        #expect(try habit.run(["refresh"], env: env).status == 0)
        #expect(try Self.recorded(habit) == ["2025-10-20": 1], "a later run replaces the day's value")
        for (command, why) in [("echo hello", "printed \"hello\", not one number"), ("echo 1 2", "printed \"1 2\", not one number"),
                               ("echo 5; exit 2", "exited with status 2"), ("printf ''", "printed nothing, not one number")] {
            #expect(try habit.run(["edit", "jottings", "--command", command], env: env).status == 0)
            let r = try habit.run(["refresh"], env: env)
            #expect(r.status == 65 && r.stderr.contains("command of jottings for 2025-10-20: \(why)"), "\(command): \(r.stderr)")
            #expect(try Self.recorded(habit) == ["2025-10-20": 1])
        }
    }

    /// A day whose end had passed when its command gave a result is settled: never run again.
    @Test func settledDaysAreNotRunAgain() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = habit.folder.appendingPathComponent("runs")
        #expect(try habit.run(["add", "floss", "--command", "echo $HABIT_DAY >> '\(log.path)'"], env: ["HABIT_NOW": Self.day1]).status == 0)
        #expect(try habit.run(["refresh"], env: ["HABIT_NOW": Self.day1]).status == 0)
        let later = try habit.json(["refresh"], env: ["HABIT_NOW": "2025-10-22T08:00:00+02:00"])["runs"] as? [[String: Any]] ?? []
        #expect(later.map { $0["settled"] as? Bool } == [true, true, false])
        #expect(try habit.run(["refresh"], env: ["HABIT_NOW": "2025-10-22T09:00:00+02:00"]).status == 0)
        #expect(Self.lines(log) == ["2025-10-20", "2025-10-20", "2025-10-21", "2025-10-22", "2025-10-22"])
    }

    /// The environment holds the day's half-open bounds in ISO 8601 with the offset at each: the
    /// day the clocks go forward in Berlin is 23 hours long (+01:00 to +02:00); day-start moves them.
    @Test func theDaysBoundsFollowTheZoneAcrossADSTDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let log = habit.folder.appendingPathComponent("bounds")
        let env = ["HABIT_NOW": "2025-03-30T12:00:00+02:00"]
        #expect(try habit.run(["add", "floss", "--command", "echo \"$HABIT_DAY $HABIT_DAY_START $HABIT_DAY_END\" >> '\(log.path)'"], env: env).status == 0)
        #expect(try habit.run(["refresh"], env: env).status == 0)
        #expect(try habit.run(["config", "set", "day-start", "04:00"], env: env).status == 0)
        #expect(try habit.run(["refresh"], env: env).status == 0)
        #expect(Self.lines(log) == ["2025-03-30 2025-03-30T00:00:00+01:00 2025-03-31T00:00:00+02:00",
                                    "2025-03-30 2025-03-30T04:00:00+02:00 2025-03-31T04:00:00+02:00"])
    }

    /// A command stays on its device: export, an interchange import and sync never carry it, and a
    /// sync that updates the habit keeps the local command.
    @Test func exportImportAndSyncNeverCarryTheCommand() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        let folder = a.folder.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let secret = "touch /tmp/should-never-run-\(UUID().uuidString)"
        #expect(try a.run(["add", "floss", "--command", secret], env: ["HABIT_NOW": Self.day1]).status == 0)
        let export = try a.run(["export", "--format", "ndjson"], env: ["HABIT_NOW": Self.day1])
        #expect(export.status == 0 && export.stdout.contains("floss") && !export.stdout.contains(secret) && !export.stdout.contains("command"))
        let json = try a.run(["export", "--format", "json"], env: ["HABIT_NOW": Self.day1])
        #expect(!json.stdout.contains(secret))
        let file = b.folder.appendingPathComponent("a.ndjson")
        try Data(export.stdout.utf8).write(to: file)
        #expect(try b.run(["import", file.path], env: ["HABIT_NOW": Self.day1]).status == 0)
        let imported = try b.json(["habits"], env: ["HABIT_NOW": Self.day1])["habits"] as? [[String: Any]] ?? []
        #expect(imported.contains { $0["name"] as? String == "floss" && $0["command"] is NSNull })

        #expect(try a.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:00:00+02:00"]).status == 0)
        #expect(try b.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:01:00+02:00"]).status == 0)
        let synced = try b.json(["habits"], env: ["HABIT_NOW": Self.day1])["habits"] as? [[String: Any]] ?? []
        #expect(synced.contains { $0["name"] as? String == "floss" && $0["command"] is NSNull })
        // b changes the habit; a takes the change and keeps its own command.
        #expect(try b.run(["edit", "floss", "--name", "flossing"], env: ["HABIT_NOW": "2025-10-20T09:02:00+02:00"]).status == 0)
        #expect(try b.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:03:00+02:00"]).status == 0)
        #expect(try a.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:04:00+02:00"]).status == 0)
        let kept = try a.json(["habits"], env: ["HABIT_NOW": Self.day1])["habits"] as? [[String: Any]] ?? []
        #expect(kept.contains { $0["name"] as? String == "flossing" && $0["command"] as? String == secret }, "\(kept)")
        // b's own command is b's: set there, it never reaches a's store either way.
        #expect(try b.run(["edit", "flossing", "--command", "exit 0"], env: ["HABIT_NOW": "2025-10-20T09:05:00+02:00"]).status == 0)
        #expect(try b.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:06:00+02:00"]).status == 0)
        #expect(try a.run(["sync", folder.path], env: ["HABIT_NOW": "2025-10-20T09:07:00+02:00"]).status == 0)
        let still = try a.json(["habits"], env: ["HABIT_NOW": Self.day1])["habits"] as? [[String: Any]] ?? []
        #expect(still.contains { $0["name"] as? String == "flossing" && $0["command"] as? String == secret })
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for name in files {
            let text = (try? String(contentsOfFile: folder.appendingPathComponent(name).path, encoding: .utf8)) ?? ""
            #expect(!text.contains(secret) && !text.contains("exit 0"), "\(name) carries a command")
        }
    }

    /// A store that fails the ownership rules runs no command: one line, a non-zero exit.
    @Test func anUntrustedStoreRunsNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let marker = habit.folder.appendingPathComponent("ran")
        #expect(try habit.run(["add", "floss", "--command", "touch '\(marker.path)'"], env: ["HABIT_NOW": Self.day1]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: habit.db)
        for command in [["refresh"], ["remind", "check"]] {
            let r = try habit.run(command, env: ["HABIT_NOW": Self.day1])
            #expect(r.status != 0 && r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("writable by others"), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: marker.path))
    }

    /// cron's `remind check` refreshes command habits before it decides; a failing command there
    /// is a line on stderr and never fails the check. `refresh` is a command word.
    @Test func remindCheckRefreshesFirstAndRefreshIsReserved() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        #expect(try habit.run(["add", "floss", "--command", "exit 0"], env: env).status == 0)
        #expect(try habit.run(["add", "tidy", "--command", "exit 7"], env: env).status == 0)
        #expect(try habit.run(["remind", "add", "floss", "21:00"], env: env).status == 0)
        let check = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-20T21:01:00+02:00"])
        #expect(check.status == 0 && check.stderr.contains("command of tidy for 2025-10-20: exited with status 7"), "\(check)")
        #expect(!check.stdout.contains("floss"), "the refreshed day is met: nothing to nag about")
        #expect(try Self.recorded(habit) == ["2025-10-20": 1])
        let reserved = try habit.run(["add", "refresh"], env: env)
        #expect(reserved.status == 64 && reserved.stderr.contains("cannot be a habit's name"))
        for bad in [["add", "x", "--command", " "], ["add", "y", "--command", "true", "--from", "steps", "--at-least", "1"],
                    ["edit", "floss", "--command", "true", "--no-command"], ["edit", "meditate", "--command", "true"]] {
            let r = try habit.run(bad, env: env)
            #expect(r.status == 64 && r.stderr.split(separator: "\n").count == 1, "\(bad): \(r.stderr)")
        }
    }

    /// A command that finds the day done cancels the day's reminder occurrence still to come, as a
    /// log does (`remind list` says cancelled; `remind check` then has nothing to do for it).
    @Test func aCommandThatFindsTheDayDoneCancelsItsReminder() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        #expect(try habit.run(["add", "floss", "--command", "exit 0"], env: env).status == 0)
        #expect(try habit.run(["add", "tidy", "--command", "exit 1"], env: env).status == 0)
        #expect(try habit.run(["remind", "add", "floss", "21:00"], env: env).status == 0)
        #expect(try habit.run(["remind", "add", "tidy", "21:00"], env: env).status == 0)
        // At 20:00, inside the 21:00 reminders' 12-hour look-back, where a log would cancel too.
        let evening = ["HABIT_NOW": "2025-10-20T20:00:00+02:00"]
        #expect(try habit.run(["refresh"], env: evening).status == 0)
        let reminders = try habit.json(["remind", "list"], env: evening)["reminders"] as? [[String: Any]] ?? []
        let state = { (name: String) in reminders.first { $0["activity"] as? String == name }?["nextState"] as? String }
        #expect(reminders.count == 2 && state("floss") == "cancelled", "\(reminders)")
        #expect(state("tidy") == nil, "not done: its reminder stays")
    }

    /// `habit remove` takes a habit's per-device rows with it: its command runs and kept answers.
    @Test func aRemovedHabitTakesItsRunsAndAnswersWithIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        #expect(try habit.run(["add", "floss", "--command", "exit 3"], env: env).status == 0)
        #expect(try habit.run(["add", "read"], env: env).status == 0)
        _ = try habit.run(["refresh"], env: env)
        let asked = try AskTests.ask(habit, ["read"], input: "n\n", env: env)
        #expect(asked.status == 0, "\(asked.stderr)")
        func count(_ table: String) throws -> Int {
            try DatabaseQueue(path: habit.db).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)") ?? -1 }
        }
        #expect(try count("commandRun") == 1 && count("answer") == 1)
        #expect(try habit.run(["remove", "floss", "--yes"], env: env).status == 0)
        #expect(try habit.run(["remove", "read", "--yes"], env: env).status == 0)
        #expect(try count("commandRun") == 0 && count("answer") == 0)
    }

    /// Issue 46, point 6: a restored backup's command habits are named and disarmed: neither
    /// `refresh` nor `remind check` runs one (each says so and how to arm it) until `habit edit NAME
    /// --command …` arms it — the same text too; `restore --trust-commands` arms them knowingly.
    @Test func aRestoredBackupsCommandsAreNamedAndDisarmedUntilArmed() throws {
        let elsewhere = try HabitProcess()
        defer { elsewhere.cleanUp() }
        let command = "echo ran >> \"$HOME/ran\""
        #expect(try elsewhere.run(["add", "floss", "--command", command], env: ["HABIT_NOW": Self.day1]).status == 0)
        let backup = elsewhere.folder.appendingPathComponent("b.sqlite").path
        #expect(try elsewhere.run(["backup", backup]).status == 0)

        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        let ran = habit.folder.appendingPathComponent("ran")
        let restore = try habit.run(["restore", backup], env: env)
        #expect(restore.status == 0, "\(restore)")
        #expect(restore.stdout.hasSuffix("\nthe backup brings the command of floss, '\(command)': disarmed: it is not run until you read it "
                                         + "and arm it with 'habit edit floss --command CMD'\n"), "\(restore.stdout)")
        let disarmed = "habit: the command of floss came with a restored backup and is disarmed, so it is not run: read it ('habit habits'), "
            + "then arm it with 'habit edit floss --command CMD'\n"
        let refresh = try habit.run(["refresh"], env: env)
        #expect(refresh.status == 77 && refresh.stderr.hasPrefix(disarmed), "\(refresh)")
        let one = try habit.run(["refresh", "floss"], env: env)
        #expect(one.status == 77 && one.stderr == disarmed, "\(one)")
        let check = try habit.run(["remind", "check"], env: env)
        #expect(check.status == 0 && check.stderr == disarmed, "\(check)")
        #expect(!FileManager.default.fileExists(atPath: ran.path))

        #expect(try habit.run(["edit", "floss", "--command", command], env: env).status == 0)  // the same text: armed
        #expect(try habit.run(["refresh"], env: env).status == 0)
        #expect(Self.lines(ran) == ["ran"])

        let trusted = try habit.json(["restore", backup, "--trust-commands"], env: env)
        #expect((trusted["commands"] as? [[String: Any]])?.first?["armed"] as? Bool == true, "\(trusted)")
        try? FileManager.default.removeItem(at: ran)
        #expect(try habit.run(["refresh"], env: env).status == 0)
        #expect(Self.lines(ran) == ["ran"])
    }

    /// Issue 46, point 6: a disarmed command shows where the person reads habits: `habits` marks it
    /// with how to arm it; `habits --json` (and `archive`/`edit --json`) give `"commandArmed"`: false
    /// while disarmed, true once armed, null without a command; `doctor` warns of each with the fix.
    @Test func aDisarmedCommandIsShownByHabitsAndDoctor() throws {
        let elsewhere = try HabitProcess()
        defer { elsewhere.cleanUp() }
        let command = "echo ran >> \"$HOME/ran\""
        #expect(try elsewhere.run(["add", "floss", "--command", command], env: ["HABIT_NOW": Self.day1]).status == 0)
        #expect(try elsewhere.run(["add", "stretch"], env: ["HABIT_NOW": Self.day1]).status == 0)
        let backup = elsewhere.folder.appendingPathComponent("b.sqlite").path
        #expect(try elsewhere.run(["backup", backup]).status == 0)

        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": Self.day1]
        #expect(try habit.run(["restore", backup], env: env).status == 0)
        func armed(_ name: String) throws -> Any? {
            try HabitsFixture.objects(habit.json(["habits"], env: env)["habits"]).first { $0["name"] as? String == name }?["commandArmed"] as Any?
        }
        let text = try habit.run(["habits"], env: env).stdout
        #expect(text.contains("runs: \(command)  (disarmed, not run: arm it with 'habit edit floss --command CMD')\n"), "\(text)")
        #expect(try armed("floss") as? Bool == false)
        #expect(try armed("stretch") is NSNull && armed("meditate") is NSNull)
        let warning = "warning: command habits: the command of floss came with a restored backup and is disarmed, so it is not run "
            + "— fix: read it ('habit habits'), then arm it with 'habit edit floss --command CMD'\n"
        let doctor = try habit.run(["doctor"], env: env)
        #expect(doctor.stdout.contains(warning), "\(doctor.stdout)")
        let archived = try habit.json(["archive", "floss"], env: env)
        #expect((archived["habit"] as? [String: Any])?["commandArmed"] as? Bool == false, "\(archived)")
        #expect(try habit.run(["archive", "floss", "--undo"], env: env).status == 0)

        let edited = try habit.json(["edit", "floss", "--command", command], env: env)
        #expect((edited["habit"] as? [String: Any])?["commandArmed"] as? Bool == true, "\(edited)")
        #expect(try armed("floss") as? Bool == true)
        #expect(!(try habit.run(["habits"], env: env).stdout.contains("disarmed")))
        #expect(!(try habit.run(["doctor"], env: env).stdout.contains("disarmed")))
    }
}
