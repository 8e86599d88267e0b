import Foundation
import Testing
@testable import HabitKit
@testable import habit

/// Issue 26, point 2: `habit ui` (Standards/ui.md) — the pure screen model without a terminal,
/// and the executable in a tmux pane: what is typed is what the store holds, and the terminal
/// is given back as it was.
@Suite struct UITests {
    static let today = LocalDay(year: 2026, month: 11, day: 26)!
    static let epoch = Date(timeIntervalSince1970: 0)

    static func habit(_ name: String, _ kind: HabitDefinition.Kind, unit: String? = nil) -> HabitDefinition {
        HabitDefinition(id: name, name: name, kind: kind, unit: unit, since: today.adding(days: -60), created: epoch, modified: epoch)
    }

    /// meditate (a built-in: read-only), floss (yes/no), water (an amount).
    static func model(width: Int = 100, height: Int = 20) -> UIModel {
        let meditate = HabitDefinition(id: "meditate", name: "meditate", kind: .builtin, unit: "min", since: today,
                                       created: epoch, modified: epoch)
        let rows = [UIRow(habit: meditate, kind: .amount(unit: "minutes"), readOnly: UIStore.readOnly(meditate, grants: AccessGrants())),
                    UIRow(habit: habit("floss", .yesNo), kind: .yesNo),
                    UIRow(habit: habit("water", .quantity, unit: "glass"), kind: .amount(unit: "glasses"))]
        return UIModel(rows: rows, today: today, width: width, height: height)
    }

    // MARK: the model

    /// Issue 26, point 4 in the screen: once a habit has a tag the rows are grouped by tag as
    /// `habit habits` groups them — each group's first row under its heading, a habit with two tags
    /// in both groups, "no tag" last — and a heading takes a line of its own when rows scroll.
    @Test func rowsAreGroupedByTagUnderHeadings() throws {
        func tagged(_ name: String, _ tags: [String]) -> HabitDefinition {
            var h = Self.habit(name, .yesNo)
            h.tags = tags
            return h
        }
        let habits = [tagged("floss", ["pm"]), tagged("read", []), tagged("run", ["am", "pm"])]
        func overview(_ habits: [HabitDefinition]) -> HabitOverview {
            HabitOverview(asOf: Self.today, allSources: false, otherSourceCount: 0, range: DayRange(day: Self.today),
                          reports: habits.map { HabitReport(definition: $0, firstDay: nil, current: 0, longest: 0, jokers: 0, today: .pending,
                                                            period: nil, score: 0, days: []) })
        }
        let rows = UIStore.rows(overview(habits), grants: AccessGrants())
        #expect(rows.map { "\($0.heading ?? "") \($0.name)" } == ["am run", "pm floss", " run", "no tag read"])
        #expect(UIStore.rows(overview([Self.habit("floss", .yesNo)]), grants: AccessGrants())
            .allSatisfy { $0.heading == nil }, "no tag anywhere: no headings")

        var m = UIModel(rows: rows, today: Self.today, width: 60, height: 8)  // 4 lines for rows and headings
        #expect(m.rowsFitting(from: 0) == 2)
        let shown = m.lines().map { $0.map(\.text).joined() }
        #expect(shown[2] == "am" && shown[3].hasPrefix("run") && shown[4] == "pm" && shown[5].hasPrefix("floss"), "\(shown)")
        for _ in 0..<3 { _ = m.handle(.down) }
        #expect(m.row == 3 && m.rowsFitting(from: m.top) + m.top > 3, "the cursor's row is shown")
        let scrolled = m.lines().map { $0.map(\.text).joined() }
        #expect(scrolled.contains("no tag") && scrolled.contains { $0.hasPrefix("read") }, "\(scrolled)")
    }

    @Test func itOpensOnTodaysCellOfTheFirstHabitWithTodayAtTheRight() {
        let m = Self.model(width: 100)
        #expect(m.row == 0 && m.day == Self.today)
        #expect(m.shown.upperBound == Self.today.adding(days: 1))
        #expect(m.dayCount == (100 - m.nameWidth - 1) / UIModel.columnWidth)
        #expect(m.needsLoad && m.wantedRange.contains(m.shown.lowerBound))
    }

    @Test func movingNeverPassesTodayAndScrollsTheDays() {
        var m = Self.model(width: 40)
        #expect(m.handle(.right) == .reload && m.day == Self.today && m.message == "today is the last day")
        m.loaded = m.wantedRange
        for _ in 0..<m.dayCount { _ = m.handle(.character("h")) }
        #expect(m.day == Self.today.adding(days: -m.dayCount))
        #expect(m.shown.lowerBound == m.day, "the days scroll with the cursor")
        _ = m.handle(.down); _ = m.handle(.character("j")); _ = m.handle(.character("j"))
        #expect(m.row == 2, "the last row is the last")
        _ = m.handle(.up)
        #expect(m.row == 1)
        #expect(m.handle(.character("x")) == .redraw && m.message == "? shows the keys")
    }

    @Test func eachKeyAsksForTheCommandsWrite() {
        var m = Self.model()
        m.loaded = m.wantedRange
        let day = Self.today
        let floss = m.rows[1].habit, water = m.rows[2].habit
        m.row = 1
        #expect(m.handle(.character(" ")) == .write(.done(floss, day)))
        m.cells["floss"] = [day: UICell(mark: .counted, value: 1, skipped: false, note: "x")]
        #expect(m.handle(.character(" ")) == .write(.undone(floss, day)))
        #expect(m.handle(.character("+")) == .redraw && m.message == "floss is yes/no: space marks the day")
        #expect(m.handle(.character("n")) == .editNote(current: "x"))
        #expect(m.noteTyped(" y ") == .write(.note(floss, day, "y")))
        #expect(m.noteTyped("") == .write(.note(floss, day, nil)))
        #expect(m.noteTyped("x") == .redraw && m.noteTyped(nil) == .redraw, "the same note, or Escape: nothing written")
        #expect(m.handle(.character("s")) == .write(.skip(floss, day)))
        m.row = 2
        #expect(m.handle(.character("+")) == .write(.add(water, day)))
        #expect(m.handle(.character("-")) == .redraw && m.message == "nothing logged for water on 2026-11-26")
        #expect(m.handle(.character("n")) == .redraw && m.message?.contains("first, then n") == true)
        m.cells["water"] = [day: UICell(mark: .skipped, value: 3, skipped: true, note: nil)]
        #expect(m.handle(.character("-")) == .write(.takeBack(water, day)))
        #expect(m.handle(.character("s")) == .write(.unskip(water, day)))
        #expect(m.handle(.character(" ")) == .redraw && m.message?.contains("+ adds 1") == true)
        #expect(m.handle(.character("q")) == .quit)
    }

    @Test func builtInsAndUnreadableRowsAreShownNotChanged() {
        var m = Self.model()
        for key: Character in [" ", "+", "-", "s", "n"] {
            #expect(m.handle(.character(key)) == .redraw)
            #expect(m.message == "meditate is shown, not changed here: habit log meditate 20m [--date D]")
        }
        m.rows[1].unreadable = "no read access (habit access allow floss --read)"
        m.row = 1
        #expect(m.handle(.character(" ")) == .redraw && m.message == "no read access (habit access allow floss --read)")
        #expect(m.lines()[3].map(\.text).joined().hasSuffix("no read access (habit access allow floss --read)"))
        #expect(UIStore.readOnly(Self.habit("floss", .yesNo), grants: AccessGrants()) == nil)
    }

    @Test func weeksAndMonthsPageByAWeekAndByAMonth() {
        var m = Self.model(width: 200)
        m.loaded = m.wantedRange
        _ = m.handle(.character("m"))
        #expect(m.mode == .months && m.shown == DayRange.month(containing: Self.today))
        _ = m.handle(.character("["))
        #expect(m.day == LocalDay(year: 2026, month: 10, day: 26) && m.shown == DayRange.month(containing: m.day))
        _ = m.handle(.character("]"))
        #expect(m.day == Self.today)
        _ = m.handle(.character("]"))
        #expect(m.day == Self.today && m.message == "today is the last day")
        _ = m.handle(.character("w"))
        #expect(m.mode == .weeks && m.shown.upperBound == Self.today.adding(days: 1))
        _ = m.handle(.character("["))
        #expect(m.day == Self.today.adding(days: -7) && m.shown.upperBound == Self.today.adding(days: -6))
        _ = m.handle(.character("]"))
        #expect(m.day == Self.today && m.shown.upperBound == Self.today.adding(days: 1))
        // Far back, the cells must be read again.
        for _ in 0..<8 { _ = m.handle(.character("[")) }
        #expect(!m.needsLoad, "62 days either side are read at once")
        for _ in 0..<2 { _ = m.handle(.character("[")) }
        #expect(m.needsLoad)
    }

    @Test func aResizeKeepsTheCursorShownAndTheLinesFit() {
        var m = Self.model(width: 120, height: 20)
        m.loaded = m.wantedRange
        for _ in 0..<30 { _ = m.handle(.left) }
        _ = m.handle(.resize(width: 40, height: 6))
        #expect(m.shown.contains(m.day) && m.dayCount == (40 - m.nameWidth - 1) / 3)
        #expect(m.lines().count == 6 && m.lines().allSatisfy { $0.map(\.text).joined().count <= 40 })
        _ = m.handle(.character("j")); _ = m.handle(.character("j"))
        #expect(m.row == 2 && m.top == 1 && m.rowCount == 2, "rows scroll when they do not fit")
        #expect(m.lines()[2].first?.text.hasPrefix("floss") == true && m.lines()[3].first?.text.hasPrefix("water") == true)
    }

    @Test func aCellShowsTheCalendarsMarkAndTheNoteMarkInUTF8OrASCII() {
        var m = Self.model()
        let yesterday = Self.today.adding(days: -1)
        m.cells["floss"] = [yesterday: UICell(mark: .counted, value: 1, skipped: false, note: "n"),
                            Self.today: UICell(mark: .notYet, value: 0, skipped: false, note: nil)]
        m.row = 1
        let cells = m.lines()[3]
        #expect(cells.contains(UISpan(text: "●", look: .tint(.green))) && cells.contains(UISpan(text: "✎ ")))
        #expect(cells.contains(UISpan(text: "· ", look: .cursor)), "the cursor's cell: reversed")
        m.ascii = true
        #expect(m.lines()[3].contains(UISpan(text: "#", look: .tint(.green))) && m.lines()[3].contains(UISpan(text: "~ ")))
        #expect(m.lines()[m.height - 2].map(\.text).joined() == "# done o missed j joker - skipped . nothing yet  blank: not due  ~ note  ? keys")
        #expect(m.status == "floss - Thu 26 Nov - not done")
        _ = m.handle(.left)
        #expect(m.status == "floss - Wed 25 Nov - done - ~ n")
        // The marks are the calendar's: the same rules and glyphs for `habit calendar`.
        #expect(CalendarText.legend == CalendarMark.legend(ascii: false))
    }

    /// Issue 46: a note an import kept with a bidi control or an escape is shown escaped on the
    /// status line (ncurses would hand U+202E to the terminal, which turns the rest around).
    @Test func aNotesBidiAndControlCharactersAreShownEscaped() {
        var m = Self.model()
        m.cells["floss"] = [Self.today: UICell(mark: .counted, value: 1, skipped: false, note: "left \u{202E}right \u{1B}[2J")]
        m.row = 1
        #expect(m.status == "floss · Thu 26 Nov · done · ✎ left \\u{202E}right \\u{1B}[2J")
        #expect(!m.lines().flatMap { $0.map(\.text) }.joined().unicodeScalars.contains { isBidiControl($0) || $0 == "\u{1B}" })
    }

    @Test func helpShowsTheKeysAndAnyKeyGoesBack() {
        var m = Self.model()
        _ = m.handle(.character("?"))
        #expect(m.lines().contains { $0.map(\.text).joined().contains("+ / -") })
        #expect(m.handle(.character("x")) == .redraw && !m.showHelp)
    }

    // MARK: the executable

    /// Without a terminal: one line, exit 64, no store made.
    @Test func withoutATerminalItRefusesAndMakesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.run(["ui"])
        #expect(result.status == 64 && result.stdout.isEmpty)
        #expect(result.stderr == "habit: ui needs a terminal on stdin and stdout: it draws a full screen (for a script: habit ask, habit log, habit calendar --json)\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// The pane's command: the terminal's settings before and after `habit ui`, and its exit status.
    static func command(_ habit: HabitProcess, env: String = "LANG=C.UTF-8", arguments: String = "") -> String {
        "cd '\(habit.folder.path)' && stty -g > before; env -u NO_COLOR TERM=tmux-256color \(env) HABIT_DB='\(habit.db)' "
            + "HABIT_NOW=\(AskTests.now["HABIT_NOW"]!) TZ=Europe/Berlin HOME='\(habit.folder.path)' '\(HabitProcess.binary.path)' ui \(arguments); "
            + "status=$?; stty -g > after; echo EXIT=$status; sleep 30"
    }

    static func restored(_ habit: HabitProcess) throws -> Bool {
        let before = try String(contentsOf: habit.folder.appendingPathComponent("before"), encoding: .utf8)
        let after = try String(contentsOf: habit.folder.appendingPathComponent("after"), encoding: .utf8)
        return !before.isEmpty && before == after
    }

    /// Move, toggle a yes/no day, change an amount, skip, resize, note, quit: the store holds
    /// exactly what the same `habit log` / `habit skip` commands write, and the terminal is as before.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func onATerminalEveryKeyWritesWhatTheCommandsWriteAndQuitRestoresTheTerminal() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let pane = try TmuxPane(name: "ui", folder: habit.folder, command: Self.command(habit))
        defer { pane.kill() }
        #expect(pane.screen(until: "meditate · Thu 26 Nov").contains("● done ○ missed"))
        pane.send("Space")
        #expect(pane.screen(until: "not changed here").contains("habit log meditate"), "a built-in is read-only")
        pane.send("j", "Down", "j", "Space")  // floss, today: done
        _ = pane.screen(until: "floss 2026-11-26: yes")
        pane.send("h", "Space", "Space", "Space")  // yesterday: done, not done, done
        _ = pane.screen(until: "floss 2026-11-25: yes")
        pane.send("n")
        _ = pane.screen(until: "note:")  // the prompt (capture-pane leaves out trailing spaces)
        pane.send("after lunch", "Enter")
        _ = pane.screen(until: "note: after lunch")
        pane.send("j", "+", "+", "+", "-")
        _ = pane.screen(until: "took back 1")
        _ = pane.screen(until: "took back 1")
        pane.run(["resize-window", "-t", pane.session, "-x", "50", "-y", "12"])
        let narrow = pane.screen(until: "water · Wed 25 Nov · 2 glasses")
        #expect(narrow.contains("25 26") && !narrow.contains("11 12"), "fewer days after the resize: \(narrow)")
        pane.send("Left", "s")
        _ = pane.screen(until: "water 2026-11-24: skip")
        pane.send("s", "s")
        _ = pane.screen(until: "water 2026-11-24: skip")
        let colours = pane.run(["capture-pane", "-p", "-e", "-t", pane.session])
        #expect(colours.contains("\u{1B}[32m"), "counted is green")
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
        #expect(try Self.restored(habit), "stty -g before and after")

        let expected = try AskTests.store()
        defer { expected.cleanUp() }
        try AskTests.run(expected, ["log", "floss"])
        try AskTests.run(expected, ["log", "floss", "--date", "2026-11-25", "--note", "after lunch"])
        try AskTests.run(expected, ["log", "water", "1", "--date", "2026-11-25"])
        try AskTests.run(expected, ["log", "water", "1", "--date", "2026-11-25"])
        try AskTests.run(expected, ["skip", "water", "2026-11-24"])
        #expect(try AskTests.entries(habit) == AskTests.entries(expected))
        let calendar = { (h: HabitProcess) in try AskTests.run(h, ["calendar", "--json"]) }
        #expect(try calendar(habit) == calendar(expected))
    }

    /// Ctrl-C gives the terminal back; on a missing store nothing is made; NO_COLOR draws no
    /// colour; a locale that is not UTF-8 gets the ASCII marks.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func ctrlCRestoresTheTerminalAndAMissingStoreIsNotMade() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        // The shell traps SIGINT (as an interactive one does), so that it lives on to say the exit status.
        let pane = try TmuxPane(name: "ui-c", folder: habit.folder, command: "trap : INT; " + Self.command(habit, env: "LANG=C NO_COLOR=1"))
        defer { pane.kill() }
        #expect(pane.screen(until: "meditate - Thu 26 Nov").contains("# done o missed j joker"))
        pane.send("j", "Space")  // a built-in's cell: said, not written
        _ = pane.screen(until: "not changed here")
        pane.send("+", "s", "h", "[", "m", "w")  // …nor these; then a day back, a week back, months, weeks
        _ = pane.screen(until: "workout - Wed 18 Nov")
        let screen = pane.run(["capture-pane", "-p", "-e", "-t", pane.session])
        #expect(!["\u{1B}[31m", "\u{1B}[32m", "\u{1B}[33m", "\u{1B}[2m"].contains { screen.contains($0) }, "NO_COLOR: no colour, no dim")
        pane.send("C-c")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=130"))
        #expect(try Self.restored(habit), "stty -g before and after")
        #expect(!FileManager.default.fileExists(atPath: habit.db), "nothing written, no store")
    }

    /// A TERM without a terminfo entry: one line, exit 69, the terminal untouched, no store.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func aTerminalWithoutTerminfoIsOneLineAndExit69() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let pane = try TmuxPane(name: "ui-term", folder: habit.folder, command: Self.command(habit, env: "TERM=no-such-terminal"))
        defer { pane.kill() }
        let screen = pane.screen(until: "EXIT=")
        #expect(screen.contains("habit: ui cannot draw on this terminal: no terminfo entry for TERM=no-such-terminal") && screen.contains("EXIT=69"),
                "\(screen)")
        #expect(try Self.restored(habit))
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// `habit ui --tag T`: only the habits with the tag, under its heading; a tag no habit has is
    /// one line and exit 64 before the screen starts, the terminal untouched.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func theTagFilterChoosesTheRows() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for arguments in [["add", "floss", "--tag", "pm"], ["add", "run", "--tag", "am"], ["add", "read"]] {
            #expect(try habit.run(arguments, env: AskTests.before).status == 0)
        }
        let pane = try TmuxPane(name: "ui-tag", folder: habit.folder, command: Self.command(habit, arguments: "--tag pm"))
        defer { pane.kill() }
        let screen = pane.screen(until: "floss · Thu 26 Nov")
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("pm") && lines.contains { $0.hasPrefix("floss") }, "\(screen)")
        #expect(!lines.contains { $0.hasPrefix("run") || $0.hasPrefix("read") || $0.hasPrefix("meditate") }, "\(screen)")
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
        #expect(try Self.restored(habit))

        let unknown = try TmuxPane(name: "ui-tag2", folder: habit.folder, command: Self.command(habit, arguments: "--tag nope"))
        defer { unknown.kill() }
        let refused = unknown.screen(until: "EXIT=")
        #expect(refused.contains("habit: no habit has the tag 'nope'") && refused.contains("EXIT=64"), "\(refused)")
        #expect(try Self.restored(habit))
    }

    /// A hook's output goes to the terminal the screen is drawn on: after a write that ran a
    /// hook, the screen is painted whole again, so nothing the hook (or its failure line) wrote
    /// stays on it.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func aHooksOutputDoesNotStayOnTheScreen() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let hooks = habit.folder.appendingPathComponent("config/habit/hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        let hook = hooks.appendingPathComponent("on-log")
        try "#!/bin/sh\ntouch '\(habit.folder.path)/ran'\necho HOOKNOISE\nexit 3\n".write(to: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: hook.path)
        let env = "LANG=C.UTF-8 XDG_CONFIG_HOME='\(habit.folder.path)/config'"
        let pane = try TmuxPane(name: "ui-hook", folder: habit.folder, command: Self.command(habit, env: env))
        defer { pane.kill() }
        _ = pane.screen(until: "meditate · Thu 26 Nov")
        pane.send("j", "Down", "j", "Space")  // floss, today: done; the hook prints and fails
        let screen = pane.screen(until: "floss 2026-11-26: yes")
        #expect(FileManager.default.fileExists(atPath: habit.folder.appendingPathComponent("ran").path), "the hook ran")
        #expect(!screen.contains("HOOKNOISE") && !screen.contains("exited with status"), "\(screen)")
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
        #expect(try Self.restored(habit))
    }

    /// Issue 46, point 12: a name of 32 wide (CJK) characters is cut to the name column's
    /// display width, so its marks sit in the same columns as a short name's; before, the column
    /// was counted in characters and every mark of the row moved 32 columns right.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func aWideNamesMarksLineUpWithAShortNames() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let wide = String(repeating: "水", count: 32)
        #expect(try habit.run(["add", wide], env: AskTests.before).status == 0)
        for day in ["2026-11-24", "2026-11-26"] {
            for name in ["floss", wide] { #expect(try habit.run(["log", name, "--date", day], env: AskTests.now).status == 0) }
        }
        let pane = try TmuxPane(name: "ui-wide", folder: habit.folder, command: Self.command(habit), width: 80, height: 24)
        defer { pane.kill() }
        let screen = pane.screen(until: "meditate · Thu 26 Nov").split(separator: "\n").map(String.init)
        let floss = try #require(screen.first { $0.hasPrefix("floss ") }, "\(screen)")
        let cjk = try #require(screen.first { $0.hasPrefix("水") }, "\(screen)")
        // The name column at 80 columns: a third of the width, 26, then a space.
        func cells(_ line: String) -> String {
            var used = 0
            return String(line.drop { c in
                guard used < 27 else { return false }
                used += Width.of(String(c))
                return true
            })
        }
        #expect(cjk.hasPrefix(String(repeating: "水", count: 12) + "…"), "cut to the column: \(cjk)")
        #expect(Width.of(cjk) == Width.of(floss), "\(floss)\n\(cjk)")
        #expect(cells(cjk) == cells(floss) && cells(floss).contains("●"), "\(floss)\n\(cjk)")
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
    }
}
