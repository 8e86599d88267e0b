import Foundation
import Testing
@testable import HabitKit

@Suite struct RemindCommandTests {
    @Test func theEveningScenarioEndToEnd() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00", "--lookback", "12h"], env: ["HABIT_NOW": "2025-10-25T08:00:00+02:00"]).status == 0)
        // Day 1: logged at 19:00, so the 20:01 check says nothing.
        let log = try habit.run(["log", "meditate", "10m"], env: ["HABIT_NOW": "2025-10-26T19:00:00+01:00"])
        #expect(log.stdout.contains("cancelled reminder #1"))
        let quiet = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-26T20:01:00+01:00"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        // Day 2: nothing logged: delivered once, then silent.
        let due = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-27T20:01:00+01:00"])
        #expect(due.status == 0)
        #expect(due.stdout.split(separator: "\n").count == 1)
        #expect(due.stdout.contains("Meditate"))
        let again = try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-27T20:02:00+01:00"])
        #expect(again.stdout.isEmpty)
        // Day 3: logged at 07:00, 13 h before: not cancelled (outside the look-back), but the day
        // is done, so the check is silent (the one rule, Standards/reminders.md).
        let early = try habit.run(["log", "meditate", "10m", "--json"], env: ["HABIT_NOW": "2025-10-28T07:00:00+01:00"])
        #expect(early.stdout.contains("\"cancelledReminders\":[]"))
        let late = try habit.json(["remind", "check"], env: ["HABIT_NOW": "2025-10-28T20:01:00+01:00"])
        #expect((late["delivered"] as? [Any])?.isEmpty == true)
        #expect((late["suppressed"] as? [Any])?.count == 1)
    }

    /// 10 checks started at the same instant over 50 due occurrences: exactly 50 deliveries.
    @Test func concurrentChecksDeliverEachOccurrenceExactlyOnce() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let store = try HabitStore.open(path: habit.db)
        for i in 0..<50 {
            _ = try store.changeReminder(.add(Reminder(title: "R\(i)", message: "m", activity: ["meditate", "workout", "noalc"][i % 3],
                                               time: LocalTime(hour: 19, minute: 50 + i % 10)!, created: Timestamp.parse("2025-10-01T00:00:00Z")!.instant!)))
        }
        let outputs = Outputs()
        DispatchQueue.concurrentPerform(iterations: 10) { _ in
            do {
                let r = try habit.run(["remind", "check", "--json"], env: ["HABIT_NOW": "2025-10-26T20:00:00+01:00"])
                outputs.add(r)
            } catch {
                outputs.add(HabitProcess.Result(status: -1, stdout: "", stderr: "\(error)"))
            }
        }
        var delivered: [String] = []
        for r in outputs.all {
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            delivered += ((json?["delivered"] as? [[String: Any]]) ?? []).compactMap { $0["reminder"] as? String }
        }
        #expect(delivered.count == 50)
        #expect(Set(delivered).count == 50)
    }

    @Test func remindListShowsTheNextOccurrenceAndWhetherItIsCancelled() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T19:00:00+01:00"]
        #expect(try habit.run(["remind", "add", "noalc", "21:30", "--days", "daily", "--title", "Evening"], env: env).status == 0)
        #expect(try habit.run(["log", "alcohol", "0"], env: ["HABIT_NOW": "2025-10-26T19:30:00+01:00"]).status == 0)
        let list = try habit.json(["remind", "list"], env: ["HABIT_NOW": "2025-10-26T20:00:00+01:00"])
        let r = try #require((list["reminders"] as? [[String: Any]])?.first)
        #expect(r["title"] as? String == "Evening")
        #expect(r["nextOccurrence"] as? String == "2025-10-26T21:30:00+01:00")
        #expect(r["nextCancelled"] as? Bool == true)
    }

    @Test(arguments: [["remind", "add", "meditate", "25:00"], ["remind", "add", "meditat", "20:00"],
                      ["remind", "add", "meditate", "20:00", "--lookback", "30h"], ["remind", "add", "meditate", "20:00", "--days", "funday"],
                      ["remind", "remove", "99"], ["remind", "check", "--notify", "command"]])
    func badReminderInputIsAOneLineError(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(arguments)
        #expect(r.status != 0)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(try habit.json(["remind", "list"])["reminders"] as? [Any] != nil)
        #expect((try habit.json(["remind", "list"])["reminders"] as? [Any])?.isEmpty == true)
    }

    @Test func aFailingNotifierIsReportedButTheOccurrenceStaysDelivered() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "workout", "18:00"], env: ["HABIT_NOW": "2025-10-26T08:00:00+01:00"]).status == 0)
        let failed = try habit.run(["remind", "check", "--notify", "command", "--", "/bin/false"], env: ["HABIT_NOW": "2025-10-26T18:05:00+01:00"])
        #expect(failed.status == 74)
        #expect(failed.stdout.contains("Workout"))
        #expect(failed.stderr.contains("notifier failed"))
        let retry = try habit.run(["remind", "check", "--notify", "command", "--", "/bin/false"], env: ["HABIT_NOW": "2025-10-26T18:06:00+01:00"])
        #expect(retry.status == 0 && retry.stdout.isEmpty)
    }

    @Test func theCommandNotifierGetsTitleAndMessageAsSeparateArguments() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let out = habit.folder.appendingPathComponent("args.txt").path
        let script = habit.folder.appendingPathComponent("notify.sh").path
        try "#!/bin/sh\nfor a in \"$@\"; do printf '[%s]\\n' \"$a\"; done > \(out)\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
        #expect(try habit.run(["remind", "add", "meditate", "20:00", "--title", "Sit; rm -rf /", "--message", "$(echo hi) & more"],
                              env: ["HABIT_NOW": "2025-10-26T08:00:00+01:00"]).status == 0)
        let r = try habit.run(["remind", "check", "--notify", "command", "--", script, "first arg"], env: ["HABIT_NOW": "2025-10-26T20:00:00+01:00"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "[first arg]\n[--]\n[Sit; rm -rf /]\n[$(echo hi) & more]\n")
    }

    /// Issue 46, point 5: a title and message that look like options (a sync peer's reminder titled
    /// `-f/etc/hostname`, message `--version`) reach a notifier after `--` and in HABIT_TITLE and
    /// HABIT_MESSAGE: a program that parses its options with getopts never takes them as options.
    @Test func aTitleOrMessageThatLooksLikeAnOptionIsNeverReadAsOne() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let out = habit.folder.appendingPathComponent("args.txt").path
        let script = habit.folder.appendingPathComponent("notify.sh").path
        try """
            #!/bin/sh
            while getopts "f:t:" opt; do printf 'option %s %s\n' "$opt" "$OPTARG"; done > \(out)
            shift $((OPTIND - 1))
            for a in "$@"; do printf '[%s]\n' "$a"; done >> \(out)
            printf 'env [%s] [%s]\n' "$HABIT_TITLE" "$HABIT_MESSAGE" >> \(out)

            """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
        let added = try habit.run(["remind", "add", "meditate", "20:00", "--title=-f/etc/hostname", "--message=--version"],
                                  env: ["HABIT_NOW": "2025-10-26T08:00:00+01:00"])
        #expect(added.status == 0, "\(added.stderr)")
        let r = try habit.run(["remind", "check", "--notify", "command", "--", script, "-t", "habit"],
                              env: ["HABIT_NOW": "2025-10-26T20:00:00+01:00"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8)
                == "option t habit\n[-f/etc/hostname]\n[--version]\nenv [-f/etc/hostname] [--version]\n")
    }

    @Test func editPauseAndRemoveChangeWhatTheCheckDoes() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let morning = ["HABIT_NOW": "2025-10-26T08:00:00+01:00"]
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: morning).status == 0)
        #expect(try habit.run(["remind", "edit", "1", "--time", "21:00", "--days", "weekends", "--title", "Sit"], env: morning).status == 0)
        let list = try habit.json(["remind", "list"], env: morning)
        let r = try #require((list["reminders"] as? [[String: Any]])?.first)
        #expect(r["time"] as? String == "21:00")
        #expect(r["days"] as? String == "sat,sun")
        #expect(r["title"] as? String == "Sit")
        #expect(try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-26T20:01:00+01:00"]).stdout.isEmpty)
        #expect(try habit.run(["remind", "pause", "1"]).status == 0)
        #expect(try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-26T21:01:00+01:00"]).stdout.isEmpty)
        #expect(try habit.run(["remind", "resume", "1"]).status == 0)
        #expect(try habit.run(["remind", "check"], env: ["HABIT_NOW": "2025-10-26T21:02:00+01:00"]).stdout.contains("Sit"))
        #expect(try habit.run(["remind", "remove", "1"]).status == 0)
        #expect(try habit.run(["remind", "remove", "1"]).status == 66)
    }

    @Test func cronLineHasTheAbsoluteBinaryTheStoreAndAMarker() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let line = try habit.run(["remind", "cron"]).stdout
        #expect(line.hasPrefix("*/5 * * * * HABIT_DB=\(habit.db) TZ=Europe/Berlin /"))
        #expect(line.contains("/habit remind check # habit-reminders"))
    }
}

final class Outputs: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [HabitProcess.Result] = []
    func add(_ r: HabitProcess.Result) { lock.lock(); items.append(r); lock.unlock() }
    var all: [HabitProcess.Result] { lock.lock(); defer { lock.unlock() }; return items }
}
