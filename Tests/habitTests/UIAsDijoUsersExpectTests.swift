import Foundation
import Testing
import HabitKit
@testable import habit

/// Issue 49, point 6: `habit ui` as dijo users expect (Standards/ui.md) — an amount typed, today
/// one key away, a habit added from inside, every month shown named over its first day, a day
/// done taken back with space. In tmux at 80 × 24; each test reads the store afterwards too.
@Suite struct UIAsDijoUsersExpectTests {
    /// The pane's command: `habit ui` at `now` (Europe/Berlin), then its exit status.
    static func command(_ habit: HabitProcess, now: String = AskTests.now["HABIT_NOW"]!) -> String {
        "cd '\(habit.folder.path)' && env -u NO_COLOR TERM=tmux-256color LANG=C.UTF-8 HABIT_DB='\(habit.db)' "
            + "HABIT_NOW=\(now) TZ=Europe/Berlin HOME='\(habit.folder.path)' '\(HabitProcess.binary.path)' ui; "
            + "echo EXIT=$?; sleep 30"
    }

    static func pane(_ habit: HabitProcess, _ name: String, now: String = AskTests.now["HABIT_NOW"]!) throws -> TmuxPane {
        try TmuxPane(name: name, folder: habit.folder, command: command(habit, now: now), width: 80, height: 24)
    }

    /// The store after the screen holds what a store given `commands` holds (``AskTests/store()``,
    /// each of `before` at `AskTests.before`, then each command at `AskTests.now`): the same `log
    /// list --json` and `calendar --json`.
    static func expectStore(_ habit: HabitProcess, before: [[String]] = [], as commands: [[String]]) throws {
        let expected = try AskTests.store()
        defer { expected.cleanUp() }
        for command in before { try AskTests.run(expected, command, env: AskTests.before) }
        for command in commands { try AskTests.run(expected, command) }
        #expect(try AskTests.entries(habit) == AskTests.entries(expected))
        let calendar = { (h: HabitProcess) in try AskTests.run(h, ["calendar", "--json"]) }
        #expect(try calendar(habit) == calendar(expected))
    }

    /// `a`, then `line` and Enter: the screen once it shows `said`.
    static func add(_ pane: TmuxPane, _ line: String, until said: String) -> String {
        pane.send("a")
        _ = pane.screen(until: "add:")
        pane.send(line, "Enter")
        return pane.screen(until: said)
    }

    static func quit(_ pane: TmuxPane) {
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
    }

    /// Digits then Enter set the day's amount of an amount habit (not `+` eight times): what is
    /// typed is on the status line, Backspace edits, Escape leaves it, the day's note is kept, 0
    /// clears the day; the store then holds what `habit log water AMOUNT` writes. Digits on a yes/no
    /// habit write nothing and say so.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func digitsThenEnterSetTheDaysAmount() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["log", "water", "2", "--date", "2026-11-25", "--note", "after the run"])
        let pane = try Self.pane(habit, "ui-type")
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        pane.send("j", "j", "j", "5")  // floss: yes/no
        #expect(pane.screen(until: "is yes/no").contains("floss is yes/no: space marks the day"))
        pane.send("j", "9", "BSpace", "8")  // water, today
        #expect(pane.screen(until: "8_ glasses").contains("water · Thu 26 Nov · 8_ glasses (Enter sets the day to it, Esc leaves it)"))
        pane.send("Enter")
        // Each write is said in the habit's unit, as `ask` says its answers (issue 49, point 5).
        #expect(pane.screen(until: "water 2026-11-26: 8 glasses").contains("water 2026-11-26: 8 glasses"))
        pane.send("+")
        #expect(pane.screen(until: "water 2026-11-26: 1 glass").contains("water 2026-11-26: 1 glass"))
        pane.send("3", "Enter")  // 9 → 3: both entries become one of 3
        #expect(pane.screen(until: "9 → 3").contains("water 2026-11-26: 9 → 3 glasses"))
        pane.send("h", "4", "Escape")  // yesterday: left, nothing written
        _ = pane.screen(until: "water · Wed 25 Nov · 2 ")
        pane.send("5", "Enter")  // its note stays on the entry of 5
        #expect(pane.screen(until: "2 → 5").contains("water 2026-11-25: 2 → 5 glasses"))
        pane.send("h", "+", "+")
        #expect(pane.screen(until: "water 2026-11-24: 1 glass").contains("water 2026-11-24: 1 glass"))
        pane.send("0", "Enter")
        #expect(pane.screen(until: "→ 0").contains("water 2026-11-24: 2 → 0 glasses (2 entries deleted)"))
        Self.quit(pane)

        try Self.expectStore(habit, as: [["log", "water", "3"], ["log", "water", "5", "--date", "2026-11-25", "--note", "after the run"]])
    }

    /// `t` (as `}` and Home) brings the cursor back to today, today the rightmost day.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func tJumpsToToday() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let pane = try Self.pane(habit, "ui-today")
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        pane.send("[", "[", "[", "[")
        _ = pane.screen(until: "meditate · Thu 29 Oct")
        pane.send("t")
        let back = pane.screen(until: "meditate · Thu 26 Nov")
        #expect(back.contains("meditate · Thu 26 Nov"), "\(back)")
        let numbers = back.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(numbers.hasSuffix("25 26"), "today at the right: \(numbers)")
        pane.send("m", "[", "Home")
        #expect(pane.screen(until: "meditate · Thu 26 Nov").contains("meditate · Thu 26 Nov"))
        Self.quit(pane)
    }

    /// `a` opens a line taking the words of `habit add`: a refused habit is one line on the
    /// status line and nothing is written; a good one is stored and its row is there at once, the
    /// cursor on it. `:add NAME …` (dijo's) does the same.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func aAddsAHabitFromInside() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let before = try AskTests.run(habit, ["habits", "--json"])
        let pane = try Self.pane(habit, "ui-add")
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        let refused = Self.add(pane, "read --unit page --at-least lots", until: "invalid target")
        #expect(refused.contains("invalid target 'lots': write a number in page"), "\(refused)")
        #expect(try AskTests.run(habit, ["habits", "--json"]) == before, "nothing written")
        let added = Self.add(pane, "read --unit page --at-least 20", until: "added read")
        #expect(added.contains("added read"), "\(added)")
        #expect(added.split(separator: "\n").contains { $0.hasPrefix("read ") }, "its row at once: \(added)")
        pane.send("2", "0")
        _ = pane.screen(until: "read · Thu 26 Nov · 20_")
        pane.send("Enter")
        _ = pane.screen(until: "read 2026-11-26: 20")
        pane.send(":")
        pane.send("add stretch", "Enter")
        #expect(pane.screen(until: "added stretch").contains("added stretch"))
        Self.quit(pane)

        try Self.expectStore(habit, as: [["add", "read", "--unit", "page", "--at-least", "20"], ["add", "stretch"], ["log", "read", "20"]])
    }

    /// A refused habit makes no store: on a missing store `a` with a bad name or `--db` says why
    /// on the status line and the store is still missing afterwards.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func aRefusedAddMakesNoStore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let pane = try Self.pane(habit, "ui-add-none")
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        #expect(Self.add(pane, "Floss", until: "invalid habit name").contains("invalid habit name 'Floss'"))
        #expect(Self.add(pane, "floss --db other.sqlite", until: "another store").contains("add: --db names another store"))
        Self.quit(pane)
        #expect(!FileManager.default.fileExists(atPath: habit.db), "no store made")
    }

    /// 22 March 2026 at 80 columns shows 28 February to 22 March: February is named over its one
    /// day, March over its 1st (before, March's label did not fit beside "Feb 2026" and was left
    /// out: every March day stood under "Feb"). Two February days: `Feb`.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func eachMonthShownIsNamedOverItsFirstDay() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let cases = [("2026-03-22T20:00:00+01:00", "Sun 22 Mar", "         28  1  2", "         Fe Mar 2026"),
                     ("2026-03-21T20:00:00+01:00", "Sat 21 Mar", "         27 28  1", "         Feb   Mar 2026")]
        for (i, (now, today, numbers, months)) in cases.enumerated() {
            let pane = try Self.pane(habit, "ui-months\(i)", now: now)
            defer { pane.kill() }
            let lines = pane.screen(until: "meditate · \(today)").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            try #require(lines.count > 2, "\(lines)")
            #expect(lines[1].hasPrefix(numbers), "\(lines)")
            #expect(lines[0] == months, "\(lines)")
            Self.quit(pane)
        }
    }

    /// Space on a day done takes it back: a yes/no day's entries, and an amount habit's day met
    /// (all its own entries, one transaction); a limit's day stays (space says how to change it).
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func spaceOnADayDoneTakesItBack() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["add", "coffee", "--unit", "cup", "--at-most", "2"], env: AskTests.before)
        for arguments in [["log", "floss", "--date", "2026-11-25"], ["log", "water", "5", "--date", "2026-11-25"],
                          ["log", "water", "3", "--date", "2026-11-25"], ["log", "coffee", "1", "--date", "2026-11-25"]] {
            try AskTests.run(habit, arguments)
        }
        let pane = try Self.pane(habit, "ui-space")
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        pane.send("j", "j", "j", "h", "Space")  // coffee yesterday, a limit: stays
        #expect(pane.screen(until: "coffee counts an amount").contains("type it and Enter"))
        pane.send("j", "Space")  // floss yesterday: done → not done
        _ = pane.screen(until: "floss 2026-11-25: not done")
        pane.send("j", "Space")  // water yesterday, 8 of 8: taken back
        #expect(pane.screen(until: "water 2026-11-25: not done").contains("water 2026-11-25: not done (2 entries deleted)"))
        pane.send("Space")  // nothing left: space says how to type an amount
        #expect(pane.screen(until: "water counts an amount").contains("type it and Enter"))
        Self.quit(pane)

        try Self.expectStore(habit, before: [["add", "coffee", "--unit", "cup", "--at-most", "2"]], as: [["log", "coffee", "1", "--date", "2026-11-25"]])
    }

    /// The model without a terminal: what is typed and what it asks for; the month labels.
    @Test func theModelTypesAnAmountReadsTheAddLineAndNamesEachMonth() {
        var m = UITests.model()
        m.loaded = m.wantedRange
        let water = m.rows[2].habit
        m.row = 2
        #expect(m.handle(.character("1")) == .redraw && m.typed == "1")
        #expect(m.handle(.character("q")) == .redraw && m.typed == "1", "no quit while typing")
        _ = m.handle(.character("."))
        _ = m.handle(.character("5"))
        _ = m.handle(.character("\u{7f}"))
        #expect(m.status.contains("1._ glasses"), "\(m.status)")
        #expect(m.handle(.character("\n")) == .write(.setAmount(water, UITests.today, "1.")) && m.typed == nil)
        _ = m.handle(.character("7"))
        #expect(m.handle(.character("\u{1b}")) == .redraw && m.typed == nil, "Escape: nothing")
        #expect(m.handle(.character("a")) == .readHabit(prompt: "add: "))
        #expect(m.habitTyped("water --unit glass", command: false) == .addHabit(["water", "--unit", "glass"]))
        #expect(m.habitTyped("add stretch", command: true) == .addHabit(["stretch"]))
        #expect(m.habitTyped("q", command: true) == .quit)
        #expect(m.habitTyped("delete floss", command: true) == .redraw && m.message?.contains("no command here") == true)
        #expect(m.habitTyped(nil, command: false) == .redraw)
        let days = (0..<5).map { LocalDay(year: 2026, month: 2, day: 27)!.adding(days: $0) }
        #expect(UIModel.monthLine(days, width: 15) == "Feb   Mar 2026")
        #expect(UIModel.monthLine(Array(days.dropFirst()), width: 12) == "Fe Mar 2026")
        #expect(UIModel.monthLine(Array(days.suffix(3)), width: 9) == "Mar 2026")
    }
}
