import Foundation
import Testing

/// Issue 22, point 10: what a person reads fits the terminal — `COLUMNS`, else the terminal's
/// width, else 80 — with twenty habits of one's own.
@Suite struct WidthTests {
    /// Columns a line takes on a terminal: one per grapheme cluster, two for an East Asian wide one.
    static func displayWidth(_ line: Substring) -> Int {
        line.reduce(0) { sum, character in
            let v = character.unicodeScalars.first!.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v) || (0x1F300...0x1F64F).contains(v)
            return sum + (wide ? 2 : 1)
        }
    }

    static let now = ["HABIT_NOW": "2026-11-25T21:00:00+01:00"]

    /// Twenty habits with long-ish names (yes/no, quantities, a week habit), some history, one
    /// streak at risk tonight, reminders, and the built-ins' entries.
    static func twentyHabits() throws -> HabitProcess {
        let habit = try HabitProcess()
        for i in 1...20 {
            let name = String(format: "evening-stretches-%02d", i)
            let shape: [String] = switch i % 4 {
            case 0: ["--unit", "glass", "--at-least", "8"]
            case 1: []
            case 2: ["--times", "3", "--per", "week"]
            default: ["--unit", "min", "--at-least", "1h30m"]
            }
            let added = try habit.run(["add", name] + shape, env: ["HABIT_NOW": "2026-11-01T09:00:00+01:00"])
            #expect(added.status == 0, "\(added.stderr)")
        }
        for day in 10...24 {
            let at = ["HABIT_NOW": "2026-11-\(day)T21:00:00+01:00"]
            #expect(try habit.run(["log", "evening-stretches-01"], env: at).status == 0)
            #expect(try habit.run(["log", "evening-stretches-04", "3"], env: at).status == 0)
            #expect(try habit.run(["log", "meditate", "12m"], env: at).status == 0)
        }
        // evening-stretches-05: a one-day streak and no joker: at risk tonight.
        #expect(try habit.run(["log", "evening-stretches-05"], env: ["HABIT_NOW": "2026-11-24T21:00:00+01:00"]).status == 0)
        #expect(try habit.run(["log", "workout", "hiit", "25m"], env: now).status == 0)
        #expect(try habit.run(["log", "alcohol", "2"], env: now).status == 0)
        #expect(try habit.run(["remind", "add", "evening-stretches-20", "22:00", "--days", "mon,wed,fri"], env: now).status == 0)
        return habit
    }

    static let commands: [[String]] = [
        ["today"], ["today", "--short"], ["status"], ["streak"], ["calendar"], ["calendar", "--year"],
        ["calendar", "--habit", "evening-stretches-04"], ["log", "list"], ["log", "list", "--days", "30"],
        ["config", "list"], ["habits"], ["score"], ["remind", "list"], ["overview"],
    ]

    @Test func everyLineFitsEightyColumnsWithTwentyHabits() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        for command in Self.commands {
            let result = try habit.run(command, env: Self.now.merging(["COLUMNS": "80"]) { $1 })
            #expect(result.status == 0, "\(command): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                #expect(Self.displayWidth(line) <= 80, "habit \(command.joined(separator: " ")): \(Self.displayWidth(line)) columns: \(line)")
            }
        }
    }

    /// An entry saved for later (` · 1 pending`) is part of what must fit, not added past the edge.
    @Test func aPendingEntryStillFitsEightyColumns() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        if getuid() == 0 { Immutable.set(habit.db, true) } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: habit.db)
        }
        defer {
            Immutable.set(habit.db, false)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)
        }
        #expect(try habit.run(["log", "meditate", "10m"], env: Self.now).status == 75)  // read-only: saved for later
        for command in [["status"], ["status", "--format", "tmux"], ["status", "--format", "i3blocks"], ["today", "--short"]] {
            let result = try habit.run(command, env: Self.now.merging(["COLUMNS": "80"]) { $1 })
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let first = result.stdout.split(separator: "\n").first ?? ""
            #expect(first.hasSuffix(" · 1 pending") && first.contains("more"), "\(command): \(first)")
            let shown = command.contains("tmux") ? first.replacingOccurrences(of: #"#\[[^\]]*\]"#, with: "", options: .regularExpression)[...] : first
            #expect(Self.displayWidth(shown) <= 80, "habit \(command.joined(separator: " ")): \(Self.displayWidth(shown)) columns: \(first)")
        }
    }

    /// Without COLUMNS and not on a terminal (a pipe, as a status bar runs it), the width is 80.
    @Test func aPipeWithoutColumnsIsEightyWide() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        for command in [["status"], ["today"], ["streak"]] {
            let result = try habit.run(command, env: Self.now)
            for line in result.stdout.split(separator: "\n") {
                #expect(Self.displayWidth(line) <= 80, "habit \(command.joined(separator: " ")): \(line)")
            }
        }
    }

    /// A narrower terminal gets narrower text; a wide one the whole status line.
    @Test func columnsIsFollowed() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        for command in [["today"], ["status"], ["streak"], ["config", "list"], ["log", "list"]] {
            let result = try habit.run(command, env: Self.now.merging(["COLUMNS": "60"]) { $1 })
            for line in result.stdout.split(separator: "\n") {
                #expect(Self.displayWidth(line) <= 60, "habit \(command.joined(separator: " ")) at 60: \(line)")
            }
        }
        let wide = try habit.run(["status"], env: Self.now.merging(["COLUMNS": "1000"]) { $1 }).stdout
        #expect(!wide.contains("more"))
        #expect(wide.components(separatedBy: " · ").count == 1 + 23)
    }

    /// The compact status: what is at risk first, then what is left, and how many are not shown.
    @Test func theCompactStatusPutsWhatIsAtRiskFirst() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        let line = try habit.run(["status"], env: Self.now).stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("21 left · …evening-stretches-05 1! · "), "\(line)")
        #expect(line.range(of: #" · \+\d+ more$"#, options: .regularExpression) != nil, "\(line)")
        let tmux = try habit.run(["status", "--format", "tmux"], env: Self.now).stdout
        #expect(tmux.contains("#[fg=red]…evening-stretches-05 1!#[default]"))
        #expect(tmux.replacingOccurrences(of: #"#\[[^\]]*\]"#, with: "", options: .regularExpression).count <= 81)
    }

    /// Today's at-risk note goes under its row when the row leaves no room for it.
    @Test func todaysAtRiskNoteIsNotCutMidWord() throws {
        let habit = try Self.twentyHabits()
        defer { habit.cleanUp() }
        let lines = try habit.run(["today"], env: Self.now).stdout.split(separator: "\n")
        let row = try #require(lines.firstIndex { $0.contains("evening-stretches-05") })
        let note = lines[row].contains("at risk") ? lines[row] : lines[row + 1]
        #expect(note.contains("at risk: breaks tonight, no joker left"))
        #expect(Self.displayWidth(lines[row]) <= 80 && Self.displayWidth(note) <= 80, "\(lines[row])\n\(note)")
    }
}
