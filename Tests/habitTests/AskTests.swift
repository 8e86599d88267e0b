import Foundation
import Testing
@testable import HabitKit

/// Issue 26, point 1: `habit ask`, the check-in (Standards/ask.md), driven from stdin as a script
/// drives it, and on a real terminal in tmux.
@Suite struct AskTests {
    static let now = ["HABIT_NOW": "2026-11-26T20:00:00+01:00", "TZ": "Europe/Berlin"]
    /// When the habits were added: a week before, so that `week` asks all 7 days.
    static let before = ["HABIT_NOW": "2026-11-10T09:00:00+01:00", "TZ": "Europe/Berlin"]

    /// `habit ARGUMENTS` with `input` on its stdin (a pipe: no terminal).
    static func ask(_ habit: HabitProcess, _ arguments: [String], input: String, env: [String: String] = now) throws -> HabitProcess.Result {
        let process = Process()
        process.executableURL = HabitProcess.binary
        process.arguments = ["ask"] + arguments
        var environment = ["PATH": "/usr/bin:/bin", "HOME": habit.folder.path, "HABIT_DB": habit.db]
        environment.merge(env) { $1 }
        process.environment = environment
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, stdin)
        try process.run()
        HabitProcess.feed(stdin, Data(input.utf8))
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return .init(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                     stderr: String(decoding: stderr, as: UTF8.self))
    }

    @discardableResult
    static func run(_ habit: HabitProcess, _ arguments: [String], env: [String: String] = now) throws -> String {
        let result = try habit.run(arguments, env: env)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    /// A store with floss (yes/no) and water (at least 8 glasses), added on 2026-11-10.
    static func store() throws -> HabitProcess {
        let habit = try HabitProcess()
        try run(habit, ["add", "floss"], env: before)
        try run(habit, ["add", "water", "--unit", "glass", "--at-least", "8"], env: before)
        return habit
    }

    static func records(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    /// `log list --json` with every UUID (entries' and habits') made the same: what two stores
    /// hold, compared.
    /// Entries of the same start are listed in the order of their (random) ids: a sorted list.
    static func entries(_ habit: HabitProcess, _ arguments: [String] = []) throws -> [String] {
        let text = try run(habit, ["log", "list", "--json", "--days", "30"] + arguments)
        return text.replacingOccurrences(of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "U",
                                         options: .regularExpression)
            .components(separatedBy: "{\"kind\"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",]}\n")) }.sorted()
    }

    @Test func answersAreWrittenExactlyAsLogAndSkipWriteThem() throws {
        let asked = try Self.store(), logged = try Self.store()
        defer { asked.cleanUp(); logged.cleanUp() }
        let r = try Self.ask(asked, ["floss", "water", "--from", "2026-11-24", "--to", "2026-11-26", "--json"],
                             input: "y # before bed\n3\ns\ny 2.5 # small glasses\n")
        #expect(r.status == 0, "\(r.stderr)")
        let out = try Self.records(r.stdout)
        #expect(out.count == 4)
        #expect(out.map { "\($0["habit"]!) \($0["day"]!) \($0["answer"]!)" }
                == ["floss 2026-11-24 yes", "water 2026-11-24 yes", "floss 2026-11-25 skip", "water 2026-11-25 yes"])
        #expect(out[0]["note"] as? String == "before bed" && out[0]["value"] == nil)
        #expect(out[1]["value"] as? Double == 3 && out[3]["value"] as? Double == 2.5)

        try Self.run(logged, ["log", "floss", "--date", "2026-11-24", "--note", "before bed"])
        try Self.run(logged, ["log", "water", "3", "--date", "2026-11-24"])
        try Self.run(logged, ["skip", "floss", "2026-11-25"])
        try Self.run(logged, ["log", "water", "2.5", "--date", "2026-11-25", "--note", "small glasses"])
        #expect(try Self.entries(asked) == Self.entries(logged))
        #expect(try Self.run(asked, ["calendar", "--habit", "floss", "--json"]) == Self.run(logged, ["calendar", "--habit", "floss", "--json"]))
    }

    @Test func builtInsAreAskedInTheirOwnTerms() throws {
        let asked = try Self.store(), logged = try Self.store()
        defer { asked.cleanUp(); logged.cleanUp() }
        let r = try Self.ask(asked, ["meditate", "workout", "noalc", "--date", "yesterday", "--json"],
                             input: "25 # calm\nyoga 30m\nsteady\n")
        #expect(r.status == 0, "\(r.stderr)")
        let out = try Self.records(r.stdout)
        #expect(out.count == 3)
        #expect(out[0]["value"] as? Double == 25 && out[0]["note"] as? String == "calm")
        #expect(out[1]["activity"] as? String == "yoga" && out[1]["value"] as? Double == 30)
        #expect(out[2]["level"] as? String == "steady")
        try Self.run(logged, ["log", "meditate", "25", "--at", "2026-11-25T12:00:00+01:00", "--note", "calm"])
        try Self.run(logged, ["log", "workout", "yoga", "30m", "--at", "2026-11-25T12:00:00+01:00"])
        try Self.run(logged, ["log", "alcohol", "steady", "--date", "2026-11-25"])
        #expect(try Self.entries(asked) == Self.entries(logged))
        // Today, a session ends now, as `habit log meditate 10m` without --at.
        let today = try Self.ask(asked, ["meditate"], input: "y 10\n")
        #expect(today.status == 0 && today.stdout == "meditate 2026-11-26: 10 min\n", "\(today.stderr)")
        #expect(try Self.run(asked, ["log", "list"]).contains("19:50–20:00"))
    }

    @Test func noIsRememberedAndNeverCounts() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        try Self.run(habit, ["log", "floss", "--date", "2026-11-24"])
        let views = { try ["streak", "calendar", "score", "today"].map { try Self.run(habit, [$0, "--json"]) } }
        let before = try views()
        let r = try Self.ask(habit, ["floss", "--date", "2026-11-25"], input: "n # forgot\n")
        #expect(r.status == 0 && r.stdout == "floss 2026-11-25: no # forgot\n", "\(r.stderr)")
        #expect(try views() == before)  // a missed day like any other
        let again = try Self.ask(habit, ["floss", "--date", "2026-11-25"], input: "y\n")
        #expect(again.status == 0 && again.stdout == "nothing to ask for 2026-11-25: every habit is answered\n")
        // What is answered is not asked: the entry of the 24th, the no of the 25th.
        let week = try Self.ask(habit, ["floss", "--from", "2026-11-24", "--to", "2026-11-27", "--json"], input: "y\n")
        #expect(try Self.records(week.stdout).map { $0["day"] as? String } == ["2026-11-26"])
    }

    /// A day off a habit's weekday schedule is not asked; a command habit is not asked (its
    /// command answers), and naming it says so.
    @Test func scheduledDaysOffAndCommandHabitsAreNotAsked() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "yoga", "--on", "mon,wed,fri"], env: Self.before)
        try Self.run(habit, ["add", "commits", "--command", "true"], env: Self.before)
        // Mon 23 to Thu 26 November 2026: yoga is due on the 23rd and the 25th.
        let r = try Self.ask(habit, ["yoga", "commits", "--from", "2026-11-23", "--to", "2026-11-27", "--json"], input: "y\ny\ny\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.records(r.stdout).map { "\($0["habit"] ?? "") \($0["day"] ?? "")" } == ["yoga 2026-11-23", "yoga 2026-11-25"])
        #expect(r.stderr.contains("commits (its command answers: habit refresh)"), "\(r.stderr)")
    }

    /// `--date -2` (the README's form) and `--from -3`: a day written as -N is a value, not an option.
    @Test func aDayWrittenAsMinusNIsTheOptionsValue() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let r = try Self.ask(habit, ["floss", "--date", "-2", "--json"], input: "y\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.records(r.stdout).map { $0["day"] as? String } == ["2026-11-24"])
        let range = try Self.ask(habit, ["floss", "--from", "-3", "--to", "-1", "--json"], input: "n\n")
        #expect(try Self.records(range.stdout).map { $0["day"] as? String } == ["2026-11-23"], "\(range.stderr)")
    }

    /// Without a store, a refused run (an unknown habit) creates none (found by cli-fuzz).
    @Test func aRefusedAskCreatesNoStore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try Self.ask(habit, ["floss"], input: "y\n")
        #expect(r.status == 64 && r.stderr.contains("unknown habit 'floss'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let answered = try Self.ask(habit, ["meditate", "--json"], input: "10\n")
        #expect(answered.status == 0 && FileManager.default.fileExists(atPath: habit.db), "an answer makes the store: \(answered.stderr)")
    }

    @Test func helpQuitAndEndOfInputStopWithWhatWasAnsweredKept() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let help = try Self.ask(habit, ["floss", "water"], input: "?\nq\ny\n")
        #expect(help.status == 0 && help.stdout == "")
        #expect(help.stderr.contains("not done (remembered") && help.stderr.contains("q              stop"))
        let quit = try Self.ask(habit, ["floss", "water"], input: "y\nq\n")
        #expect(quit.status == 0 && quit.stdout == "floss 2026-11-26: yes\n")
        let eof = try Self.ask(habit, ["floss", "water", "--json"], input: "")
        #expect(eof.status == 0 && eof.stdout == "[]\n")
        let last = try Self.ask(habit, ["floss", "water"], input: "8\n")
        #expect(last.status == 0 && last.stdout == "water 2026-11-26: 8 glasses\n")
        let none = try Self.ask(habit, ["floss", "water"], input: "")
        #expect(none.status == 0 && none.stdout == "nothing to ask for 2026-11-26: every habit is answered\n" && none.stderr == "")
    }

    @Test func aBadLineIsOneLineOnStderrAndTheRunFailsKeepingTheRest() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let r = try Self.ask(habit, ["floss", "water", "--from", "2026-11-25", "--to", "2026-11-27"],
                             input: "3\n3kg\n\n\u{1B}[2J # x\ny\n12 # ok\n")
        #expect(r.status == 65)
        let errors = r.stderr.split(separator: "\n")
        #expect(errors.count == 5, "\(r.stderr)")
        #expect(errors[0] == "habit: line 1 (floss 2026-11-25): floss is yes/no: answer y, n, s, ? or q")
        #expect(errors[1].hasPrefix("habit: line 2 (water 2026-11-25): ") && errors[1].contains("water"))
        #expect(errors[2] == "habit: line 3 (floss 2026-11-26): type an answer: y, n, s, an amount, ? or q")
        #expect(errors[3].hasPrefix("habit: line 4 (water 2026-11-26): "))
        #expect(errors[4].hasPrefix("habit: 4 answers were not understood"))
        #expect(r.stdout == "")  // lines 5 and 6 had no question left to answer
        let rest = try Self.ask(habit, ["floss", "water", "--from", "2026-11-25", "--to", "2026-11-27"], input: "y\n12 # ok\n")
        #expect(rest.status == 0 && rest.stdout == "floss 2026-11-25: yes\nwater 2026-11-25: 12 glasses # ok\n")
    }

    @Test func theDaysAreTodayYesterdayTheWeekADateOrARange() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let days = { (arguments: [String]) throws -> [String] in
            let r = try Self.ask(habit, ["floss", "--json"] + arguments, input: String(repeating: "n\n", count: 62))
            try #require(r.status == 0, "\(r.stderr)")
            return try Self.records(r.stdout).compactMap { $0["day"] as? String }
        }
        #expect(try days([]) == ["2026-11-26"])
        #expect(try days(["yesterday"]) == ["2026-11-25"])
        #expect(try days(["week"]) == ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])  // the 25th, 26th: answered
        #expect(try days(["--date", "2026-11-12"]) == ["2026-11-12"])
        #expect(try days(["--from", "2026-11-08", "--to", "2026-11-12"]) == ["2026-11-10", "2026-11-11"])  // added on the 10th
        let snapshot = try habit.contents()
        for refused in [["--from", "2026-09-01"], ["--date", "2026-11-27"], ["--from", "2026-11-20", "--to", "2026-11-28"],
                        ["nosuch"], ["week", "--date", "today"], ["--to", "2026-11-20"], ["today", "week"],
                        ["--from", "2026-11-20", "--to", "2026-11-20"]] {
            let r = try Self.ask(habit, refused, input: "y\ny\n")
            #expect(r.status == 64, "\(refused): \(r.stderr)")
            #expect(r.stdout == "" && r.stderr.split(separator: "\n").count == 1, "\(refused): \(r.stderr)")
        }
        #expect(try habit.contents() == snapshot)
    }

    @Test func aDayAcrossTheAutumnDSTChangeIsOneDay() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-27T08:00:00+01:00", "TZ": "Europe/Berlin"]
        try Self.run(habit, ["add", "water", "--unit", "glass", "--at-least", "8"], env: ["HABIT_NOW": "2025-10-20T08:00:00+02:00", "TZ": "Europe/Berlin"])
        // 10-26 is 25 hours long: one question for it, the entry inside it.
        try Self.run(habit, ["log", "water", "3", "--at", "2025-10-26T23:59:59+01:00"], env: env)
        try Self.run(habit, ["log", "water", "1", "--at", "2025-10-27T00:00:00+01:00"], env: env)
        let r = try Self.ask(habit, ["water", "--from", "2025-10-25", "--to", "2025-10-28", "--json"], input: "5\n", env: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.records(r.stdout).map { $0["day"] as? String } == ["2025-10-25"])  // the 26th and 27th have entries
        let n = try Self.ask(habit, ["water", "--date", "2025-10-26"], input: "", env: env)
        #expect(n.stdout == "nothing to ask for 2025-10-26: every habit is answered\n")
        let list = try Self.run(habit, ["log", "list", "--days", "5"], env: env)
        #expect(list.contains("Sat 25 Oct"), "\(list)")
    }

    @Test func aHabitThatMayNotBeWrittenIsNotAskedAndSaysSoOnce() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        try Self.run(habit, ["access", "deny", "floss", "--write"])
        let r = try Self.ask(habit, ["floss", "water"], input: "4\n")
        #expect(r.status == 0 && r.stdout == "water 2026-11-26: 4 glasses\n", "\(r.stderr)")
        #expect(r.stderr == "not asked: floss (no write access: habit access allow floss --write)\n")
    }

    /// On a real terminal (tmux): the prompt, `?`, a bad answer re-asked with its reason, the answers written.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func onATerminalItPromptsAndReasksABadAnswer() throws {
        let habit = try Self.store()
        defer { habit.cleanUp() }
        let command = "env HABIT_DB=\(habit.db) HABIT_NOW=\(Self.now["HABIT_NOW"]!) TZ=Europe/Berlin HOME=\(habit.folder.path) "
            + "\(HabitProcess.binary.path) ask floss water; echo EXIT=$?; sleep 30"
        let pane = try TmuxPane(name: "ask", folder: habit.folder, command: command)
        defer { pane.kill() }
        #expect(pane.screen(until: "floss · Thu 26 Nov — done? [y/n/s/?/q]").contains("2 to answer"))
        pane.send("?", "Enter")
        #expect(pane.screen(until: "these keys").contains("s              skip the day"))
        pane.send("y # flossed", "Enter")
        _ = pane.screen(until: "water · Thu 26 Nov — how many glasses?")
        pane.send("lots", "Enter")
        #expect(pane.screen(until: "invalid amount 'lots'").contains("invalid amount 'lots'"))
        pane.send("6", "Enter")
        let end = pane.screen(until: "EXIT=")
        #expect(end.contains("floss 2026-11-26: yes # flossed") && end.contains("water 2026-11-26: 6 glasses") && end.contains("EXIT=0"), "\(end)")
        #expect(try Self.run(habit, ["log", "list", "--json"]).contains("\"note\":\"flossed\""))
    }
}
