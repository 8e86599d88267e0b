import Foundation
import Testing
@testable import HabitKit
@testable import habit

/// Words as people say them (issue 49, point 5; Standards/habits.md, "Said as people say it"):
/// amounts in their unit, singular or plural (`1 glass`, `8 glasses`), NoAlc in drinks and levels
/// (never `0 count`), and an old name after a rename says what it became.
@Suite struct HabitWordsTests {
    static let now = ["HABIT_NOW": "2026-03-21T20:00:00+01:00", "TZ": "Europe/Berlin"]

    /// `ask` confirms each answer as it was meant: `8 glasses`, `1 glass`, `2 drinks (easy)`,
    /// `0 drinks (steady)` — never `yes 2 easy`; `?` names the unit as a question says it.
    @Test func askConfirmsEachAnswerInTheHabitsWordsAndNoalcInDrinks() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.before).status == 0)
        let first = try AskTests.ask(habit, ["noalc", "water", "--date", "2026-03-20"], input: "2\n8\n", env: Self.now)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "noalc 2026-03-20: 2 drinks (easy)\nwater 2026-03-20: 8 glasses\n", "\(first.stdout)")
        let second = try AskTests.ask(habit, ["noalc", "water", "--date", "2026-03-19"], input: "0\n1\n", env: Self.now)
        #expect(second.stdout == "noalc 2026-03-19: 0 drinks (steady)\nwater 2026-03-19: 1 glass\n", "\(second.stdout) \(second.stderr)")
        let level = try AskTests.ask(habit, ["noalc", "--date", "2026-03-18"], input: "wild\n", env: Self.now)
        #expect(level.stdout == "noalc 2026-03-18: wild\n", "\(level.stdout) \(level.stderr)")
        let keys = try AskTests.ask(habit, ["water", "--date", "2026-03-17"], input: "?\nq\n", env: Self.now)
        #expect(keys.stderr.contains("the amount, in glasses"), "\(keys.stderr)")
        // The JSON is the contract's, as before: the answer, the drinks, the level.
        let json = try AskTests.ask(habit, ["noalc", "--date", "2026-03-16", "--json"], input: "3\n", env: Self.now)
        #expect(json.stdout.contains("\"answer\":\"yes\"") && json.stdout.contains("\"level\":\"easy\"") && json.stdout.contains("\"value\":3"),
                "\(json.stdout)")
    }

    static let before = ["HABIT_NOW": "2026-03-01T09:00:00+01:00", "TZ": "Europe/Berlin"]

    /// NoAlc's question takes drinks or a level: any `y` or `n` (`y 3` too) is refused with the
    /// hint, one line, nothing written (Standards/ask.md, "NoAlc").
    @Test(arguments: ["y", "y 3", "yes 0", "n", "no"])
    func noalcTakesDrinksOrALevelNeverAYesOrNo(_ answer: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try AskTests.ask(habit, ["noalc", "--date", "2026-03-20"], input: answer + "\n", env: Self.now)
        #expect(r.status == 65 && r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.hasPrefix("habit: line 1 (noalc 2026-03-20): noalc asks for drinks: answer 0 for an alcohol-free day"), "\(r.stderr)")
        #expect(try habit.run(["log", "list", "--json"], env: Self.now).stdout.contains("\"entries\":[]"))
    }

    /// The screen's status line says the cursor's day in the habit's words: `0 glasses`, `1 glass`,
    /// `8 glasses`; NoAlc as its level or `no entry` — never `0 count` (its stored value is a
    /// level's count, not drinks).
    @Test func theScreensStatusLineSaysAmountsInTheirUnitAndNoalcAsItsLevel() {
        let epoch = Date(timeIntervalSince1970: 0)
        let today = UITests.today
        let noalc = HabitDefinition(id: "noalc", name: "noalc", kind: .builtin, unit: "count", since: today, created: epoch, modified: epoch)
        let water = UITests.habit("water", .quantity, unit: "glass")
        var m = UIModel(rows: [UIRow(habit: noalc, kind: .amount(unit: "count")), UIRow(habit: water, kind: .amount(unit: "glass"))],
                        today: today, width: 100, height: 20)
        func said(_ row: Int, _ cell: UICell?) -> String {
            m.row = row
            m.cells[m.rows[row].habit.id] = cell.map { [today: $0] } ?? [:]
            return String(m.status.split(separator: "·").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        #expect(said(1, nil) == "0 glasses")
        #expect(said(1, UICell(mark: .missed, value: 1, skipped: false, note: nil)) == "1 glass")
        #expect(said(1, UICell(mark: .counted, value: 8, skipped: false, note: nil)) == "8 glasses")
        #expect(said(0, nil) == "no entry")
        #expect(said(0, UICell(mark: .counted, value: 0, skipped: false, note: nil)) == "steady")
        #expect(said(0, UICell(mark: .missed, value: 4, skipped: false, note: nil)) == "easy")
        #expect(!m.status.contains("count"))
        // An amount being typed on a row that counts: the number alone, never "3_ count".
        m.typed = "3"
        #expect(m.status.contains("noalc · ") && m.status.contains(" · 3_ (Enter sets the day to it") && !m.status.contains("count"), "\(m.status)")
    }

    /// `habit log reading 20` after `habit edit reading --name books`: one line that says what it
    /// became, exit 64, nothing written — by the fast path and by ArgumentParser alike, and for
    /// the commands that read a habit by name; renamed twice, each old name an entry was logged
    /// under names the habit as it is now.
    @Test(arguments: ["fast", "argument-parser"])
    func anOldNameSaysWhatItBecameAndChangesNothing(_ parser: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        var env = Self.now
        if parser == "argument-parser" { env["HABIT_PARSER"] = "argument-parser" }
        #expect(try habit.run(["add", "reading", "--unit", "page", "--at-least", "10"], env: Self.before).status == 0)
        #expect(try habit.run(["log", "reading", "12", "--date", "2026-03-02"], env: Self.now).status == 0)
        #expect(try habit.run(["edit", "reading", "--name", "books"], env: Self.now).status == 0)
        #expect(try habit.run(["log", "books", "3", "--date", "2026-03-03"], env: Self.now).status == 0)
        #expect(try habit.run(["edit", "books", "--name", "novels"], env: Self.now).status == 0)
        let before = try habit.run(["export", "--format", "ndjson"], env: env).stdout
        for words in [["log", "reading", "20"], ["score", "reading"], ["log", "books", "20"]] {
            let r = try habit.run(words, env: env)
            let old = words[1]
            #expect(r.status == 64 && r.stdout.isEmpty, "\(words): \(r.status) \(r.stdout)")
            #expect(r.stderr == "habit: '\(old)' was renamed to 'novels'; use its new name (nothing was changed)\n", "\(words): \(r.stderr)")
        }
        #expect(try habit.run(["export", "--format", "ndjson"], env: env).stdout == before)
        // A name no entry was ever logged under is unknown, as before.
        let unknown = try habit.run(["log", "magazines", "2"], env: env)
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("habit: unknown habit 'magazines'"), "\(unknown.stderr)")
        // A new habit may take the old name: then it is that habit.
        #expect(try habit.run(["add", "reading"], env: env).status == 0)
        #expect(try habit.run(["log", "reading"], env: env).status == 0)
    }
}
