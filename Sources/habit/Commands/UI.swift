import ArgumentParser
import Foundation
import HabitKit

/// `habit ui`: the full-screen view (issue 26 point 2; Standards/ui.md). Habits as rows, days as
/// columns, the calendar's marks; every change written at once as the commands write it.
struct UIScreen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "A full-screen view of your habits and days: move with the arrows or hjkl, change a day with space, +, -, s, n.",
        discussion: """
            Rows: your habits (the built-ins are shown, not changed: habit log), grouped by tag once one has a tag (--tag T: only
            the habits with it). Columns: the days, today at the right.
            Keys: ← → ↑ ↓ / h l k j move; t (}, Home) today; space a yes/no day done, a day done taken back; digits and Enter
            set an amount, + / - add 1 / take back the newest entry; s skip or unskip; n the day's note; a (or :add) add a
            habit with the words of habit add; w / m weeks or months; [ / ] page; ? keys; q quit.
            Needs a terminal on stdin and stdout. NO_COLOR: no colour. A locale that is not UTF-8: ASCII marks.
            """)

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw UINeedsTerminal() }
        let location = store.location
        // No store: it is read as empty and made only when something is written (as habit ask).
        let (opened, env) = location.exists ? try location.writing() : try location.reading()
        var writable = location.exists
        var data = UIStore(store: opened, env: env, tags: tags)
        _ = try data.store.snapshot { store, _ in try tags.habits(store) }  // an unknown tag: one line, before the screen
        let trace = UITrace(path: Env.get("HABIT_UI_TRACE"))
        let color = (Env.get("NO_COLOR") ?? "").isEmpty
        let size = try Terminal.start(color: color)
        defer { Terminal.stop() }
        var model = UIModel(rows: [], today: env.today, width: size.width, height: size.height, ascii: !size.utf8)
        func reload() throws {
            let range = model.wantedRange
            (model.rows, model.cells) = try data.read(range)
            model.loaded = range
            model.moveRow(0)
        }
        let reading = UITrace.now()
        try reload()
        trace.frame("read", since: reading)
        Terminal.draw(model.lines(), color: color)
        trace.frame("first", since: nil)
        while true {
            guard let key = try Terminal.key() else { continue }
            let start = UITrace.now()
            var action = model.handle(key)
            if case .editNote(let current) = action {
                var resized: UIKey?
                let text = Terminal.readLine(prompt: "note: ", initial: current ?? "", width: model.width, height: model.height,
                                             resized: &resized)
                action = model.noteTyped(text)
                if let resized { _ = model.handle(resized) }
            }
            if case .readHabit(let prompt) = action {
                var resized: UIKey?
                let text = Terminal.readLine(prompt: prompt, initial: "", width: model.width, height: model.height, resized: &resized)
                action = model.habitTyped(text, command: prompt == ":")
                if let resized { _ = model.handle(resized) }
            }
            switch action {
            case .quit:
                trace.frame("quit", since: start)
                data.store.closeForExit()
                return
            case .redraw, .editNote, .readHabit: break
            case .reload: try reload()
            case .addHabit(let words):
                // Checked before the store is opened for writing: a refused habit makes no store.
                guard let habit = try Self.refused({ try data.newHabit(words) }, said: &model.message) else { break }
                if !writable {
                    (data.store, _) = try location.writing()
                    writable = true
                }
                guard try Self.refused({ try data.store.addHabit(habit) }, said: &model.message) != nil else { break }
                try reload()
                let shown = model.select(habit: habit.id)
                model.message = "added \(habit.name): \(HabitText.asks(habit))" + (shown ? "" : " (not shown here: habit ui --tag)")
            case .write(let change):
                if !writable {
                    (data.store, _) = try location.writing()
                    writable = true
                }
                do {
                    defer { trace.frame("part:store", since: start) }
                    var refusal: String?
                    let said = try Self.refused({ try data.write(change) }, said: &refusal)
                    model.message = said ?? refusal
                }
                let range = model.loaded ?? model.wantedRange
                let reading = UITrace.now()
                model.cells[change.habit.id] = try data.cells(of: change.habit, range)
                trace.frame("part:cells", since: reading)
            }
            var wrote = false
            if case .write = action { wrote = true }
            let drawing = UITrace.now()
            // A hook's output goes to the terminal: after a write with hooks (looked for at each
            // write, one lstat: a hook may be added while the screen is open), the whole screen
            // is painted again; without, only what changed.
            Terminal.draw(model.lines(), color: color, full: wrote && !Hooks.installed().isEmpty)
            if wrote { trace.frame("part:draw", since: drawing) }
            trace.frame(Self.traceName(action), since: start)
        }
    }

    /// `body`'s result; or nil, and what refused it in `said`, for a change the user can put right
    /// (an amount out of range, a name taken, no write access, a lock held too long): the status
    /// line's message, the screen stays. A store that cannot be written ends the screen.
    static func refused<T>(_ body: () throws -> T, said: inout String?) throws -> T? {
        do {
            return try body()
        } catch let error as HabitError where error.kind != .ioError && error.kind != .cantCreate {
            said = error.description
        } catch let error as ValidationError {
            said = error.message
        } catch let refusal as AskRefusal {
            said = refusal.reason
        }
        return nil
    }

    static func traceName(_ action: UIAction) -> String {
        switch action {
        case .redraw, .editNote, .readHabit, .quit: "key"
        case .addHabit: "reload"
        case .reload: "reload"
        case .write: "write"
        }
    }
}

/// `habit ui` without a terminal on stdin or stdout: refused, nothing read or made (exit 64).
struct UINeedsTerminal: HabitError {
    var kind: ErrorKind { .usage }
    var description: String { "ui needs a terminal on stdin and stdout: it draws a full screen (for a script: habit ask, habit log, habit calendar --json)" }
}

/// `HABIT_UI_TRACE=FILE`: one line a frame drawn, `first <the monotonic clock's instant, ns>` (after
/// `read <ms>`, the first read of the rows and cells) or `key|reload|write <ms from the key read to
/// the frame drawn>`, with the monotonic clock
/// (Benchmarks/ui_frames.py reads it). Unset: nothing measured.
struct UITrace {
    let path: String?

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// `first` carries the monotonic instant it was drawn (ns), so the benchmark can subtract its spawn.
    func frame(_ name: String, since start: UInt64?) {
        guard let path, !path.isEmpty else { return }
        let end = Self.now()
        let line = start.map { "\(name) \(Double(end - $0) / 1e6)\n" } ?? "\(name) \(end)\n"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard fd >= 0 else { return }
        _ = line.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }
}
