import Foundation
import HabitKit
import Testing

/// `habit ui` in a tmux pane for one day of a ``TruthRun``: its rows are read (and compared with
/// the calendar's JSON of the same moment), and a key writes today's cell of a habit.
final class TruthUI {
    let run: TruthRun
    let pane: TmuxPane
    let day: Int
    let minute: Int
    /// The rows as last read: each habit's marks, oldest day first, today last.
    private(set) var rows: [String: [String]] = [:]

    init(_ run: TruthRun, day: Int, minute: Int) throws {
        (self.run, self.day, self.minute) = (run, day, minute)
        let habit = run.habit
        let command = "cd '\(habit.folder.path)' && env -u NO_COLOR TERM=tmux-256color LANG=C.UTF-8 HABIT_DB='\(habit.db)' "
            + "HABIT_NOW=\(run.now(day, minute)) TZ=\(run.world.zone) HOME='\(habit.folder.path)' '\(HabitProcess.binary.path)' ui; "
            + "echo EXIT=$?; sleep 30"
        pane = try TmuxPane(name: "truth", folder: habit.folder, command: command, width: Self.width, height: 30)
        read(until: "? keys")
    }

    /// The screen's width (columns), and how wide `habit ui` makes its name column: the longest
    /// name, 6 at least, a third of the screen at most (Standards/ui.md).
    static let width = 110
    var nameWidth: Int { min(max(run.allNames.map(\.count).max() ?? 0, 6), max(6, Self.width / 3)) }

    /// Reads the rows off the screen once it shows `text`: after each name its cells, three
    /// columns each (the mark, the note mark, a space), as many as fit; a blank mark (not due)
    /// is a cell too, and an ASCII mark is read as its glyph.
    func read(until text: String) {
        let screen = pane.screen(until: text)
        let cells = (Self.width - nameWidth - 1) / 3
        rows = [:]
        for line in screen.split(separator: "\n") {
            let words = line.split(separator: " ")
            // The first line that begins with a habit's name is its row (the status line may begin with one too).
            guard let name = words.first.map(String.init), run.allNames.contains(name), rows[name] == nil else { continue }
            // Trailing blanks are not captured: pad the line to its cells.
            let characters = Array(line.dropFirst(nameWidth + 1)) + Array(repeating: " ", count: 3 * cells)
            rows[name] = (0..<cells).map { TruthDay.glyph(String(characters[3 * $0])) }
        }
    }

    /// The rows against the calendar's JSON of day `d` (read at the same moment): each cell's mark.
    func compare(_ eval: [String: [LocalDay: TruthDay]], _ when: String) {
        let today = run.world.day(day)
        for name in run.allNames {
            guard let marks = rows[name] else {
                run.disagree(day, "ui", name, "no row for the habit", when)
                continue
            }
            for (i, mark) in marks.enumerated() {
                let d = today.adding(days: i - (marks.count - 1))
                let expected = eval[name]?[d]?.mark ?? "·"
                if mark != expected {
                    run.disagree(day, "ui", name, "mark \(mark), the day says \(expected) (\(eval[name]?[d]?.state.rawValue ?? "before"))", "\(d), \(when)")
                }
            }
        }
    }

    /// Today's cell of own habit `h`: space (yes/no, not done yet) or `+` (an amount: adds 1).
    /// True when the status line says it was written.
    func write(_ h: Int, amount: Double?, day d: Int) -> Bool {
        let name = run.model.names[h]
        // Space on a yes/no day already done would take it back: not a write this plan makes.
        guard d == day, amount != nil || !run.model.hasEntry(h, d) else { return false }
        let order = pane.screen.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map(String.init).flatMap { run.allNames.contains($0) ? $0 : nil }
        }
        guard let row = order.firstIndex(of: name) else { return false }
        for _ in 0..<row { pane.send("j") }
        pane.send(amount == nil ? "Space" : "+")
        // `habit ask`'s words: yes for a yes/no day, `+`'s one in the habit's unit (`1 glass`).
        let said = "\(name) \(run.world.day(d)): " + (amount == nil ? "yes" : "1")
        read(until: said)
        return pane.screen.contains(said)
    }

    func quit() {
        pane.send("q")
        _ = pane.screen(until: "EXIT=")
        pane.kill()
    }
}
