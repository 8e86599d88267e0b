import Foundation
import HabitKit

/// One row of `habit ui`: a habit, and whether (and why not) it may be changed from the screen.
struct UIRow: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// `space` marks the day done / not done.
        case yesNo
        /// `+` / `-` add one / take back the newest entry; digits and Enter set the day's amount;
        /// the unit for the status line.
        case amount(unit: String)
    }

    var habit: HabitDefinition
    var kind: Kind
    /// Why the row cannot be changed here (nil: it can): said on the status line when a key would.
    var readOnly: String?
    /// Why its days cannot be shown (a type habit may not read): the row shows this instead.
    var unreadable: String?
    /// A tag drawn on a line of its own above the row: the first row of a tag's group (rows are
    /// grouped by tag once a habit has one, as `habit habits` groups them; "no tag" for the rest).
    var heading: String? = nil

    var name: String { habit.name }
}

/// What one cell shows: the calendar's mark of the day's own state, the day's value, a note.
struct UICell: Equatable, Sendable {
    var mark: CalendarMark
    var value: Double
    var skipped: Bool
    /// The newest note of the day's entries of this habit (nil: none, no ✎).
    var note: String?
    /// A week or month habit's period as of the day: never drawn over the day's mark, named on
    /// the status line (`week met`) when the cursor is on the day (Standards/ui.md).
    var period: PeriodState? = nil

    static let empty = UICell(mark: .notYet, value: 0, skipped: false, note: nil)
}

/// A key, as the driver reads it.
enum UIKey: Equatable, Sendable {
    case left, right, up, down
    /// Home: today (as `t`).
    case home
    /// A character; Enter is "\n", Backspace "\u{7f}", Escape "\u{1b}".
    case character(Character)
    /// The terminal's new size (KEY_RESIZE).
    case resize(width: Int, height: Int)
}

/// A change the screen asks the executable to write, through the commands' own calls
/// (``UIWriter``): each is what the named command does for that habit and day.
enum UIWrite: Equatable, Sendable {
    /// `habit log NAME --date D` (space on a day not done).
    case done(HabitDefinition, LocalDay)
    /// The day's own entries deleted, as `habit delete` does (space on a day done).
    case undone(HabitDefinition, LocalDay)
    /// The day's own entries made one entry of the amount typed (digits, Enter): `habit log NAME
    /// AMOUNT --date D` and the old ones deleted, in one transaction; 0 deletes them.
    case setAmount(HabitDefinition, LocalDay, String)
    /// `habit log NAME 1 --date D` (`+`).
    case add(HabitDefinition, LocalDay)
    /// The day's newest own entry deleted, as `habit delete` does (`-`).
    case takeBack(HabitDefinition, LocalDay)
    /// `habit skip NAME D` / `habit unskip NAME D` (`s`).
    case skip(HabitDefinition, LocalDay)
    case unskip(HabitDefinition, LocalDay)
    /// The day's newest own entry written again with `note` (nil: none), then the old one deleted (`n`).
    case note(HabitDefinition, LocalDay, String?)

    /// The habit changed: only its row is read again.
    var habit: HabitDefinition {
        switch self {
        case .done(let h, _), .undone(let h, _), .add(let h, _), .takeBack(let h, _), .skip(let h, _), .unskip(let h, _),
             .note(let h, _, _), .setAmount(let h, _, _): h
        }
    }
}

/// What the driver does after a key.
enum UIAction: Equatable, Sendable {
    /// Draw the screen again (nothing to read or write).
    case redraw
    /// Read the days of ``UIModel/wantedRange`` again, then draw.
    case reload
    case write(UIWrite)
    /// Read a line of text for the note of the cursor's cell (prefilled with its note), then
    /// hand it to ``UIModel/noteTyped(_:)``.
    case editNote(current: String?)
    /// Read a line with `prompt` (`a`: "add: ", `:`: ":"), then hand it to ``UIModel/habitTyped(_:command:)``.
    case readHabit(prompt: String)
    /// `habit add WORDS…`, then read the rows again with the new one under the cursor.
    case addHabit([String])
    case quit
}

/// `w` / `m`: the days shown and what `[` / `]` page by.
enum UIMode: Equatable, Sendable {
    /// As many days as fit, today at the right; `[` / `]` page by a week.
    case weeks
    /// The cursor's month from its 1st (as many of its days as fit); `[` / `]` page by a month.
    case months
}

/// A piece of a screen line and how it is drawn.
struct UISpan: Equatable, Sendable {
    enum Look: Equatable, Sendable {
        case plain, bold, dim, cursor
        case tint(CalendarMark.Tint)
    }

    var text: String
    var look: Look = .plain
}

/// The screen of `habit ui` as a pure value (Standards/ui.md): the rows, the days shown, the
/// cursor, which key does what, and the lines drawn. No terminal, no store, no clock: `today`
/// and the cells come from the executable, which also does what ``handle(_:)`` returns.
struct UIModel: Sendable {
    var rows: [UIRow]
    var today: LocalDay
    var weekStartsOnSunday: Bool
    var width: Int
    var height: Int
    /// Draw marks in ASCII (the locale is not UTF-8).
    var ascii: Bool
    var mode: UIMode = .weeks
    var row = 0
    /// The cursor's day: never after today.
    var day: LocalDay
    /// The last day shown.
    var end: LocalDay
    /// The first row shown (rows scroll when they do not fit).
    var top = 0
    var showHelp = false
    /// The status line's message (after a key; cleared by the next).
    var message: String?
    /// The amount being typed on an amount row (digits, then Enter sets the day's amount; Escape
    /// or a Backspace past the first digit leaves it): shown on the status line.
    var typed: String?
    /// The cells read, by habit id and day, and the days they cover.
    var cells: [String: [LocalDay: UICell]] = [:]
    var loaded: DayRange?

    /// Columns of a day: its mark, its note mark, a space.
    static let columnWidth = 3
    /// Lines above the rows (month and day numbers) and below them (legend, status).
    static let headerLines = 2
    static let footerLines = 2
    /// Days read beyond those shown, so that moving and paging near them reads nothing. Each day
    /// read costs every habit a status: 183 days either side made the first
    /// read ~40 ms slower than 62 (Benchmarks/README.md, issue 26).
    static let margin = 62

    init(rows: [UIRow], today: LocalDay, weekStartsOnSunday: Bool = false, width: Int, height: Int, ascii: Bool = false) {
        (self.rows, self.today, self.weekStartsOnSunday, self.width, self.height, self.ascii) =
            (rows, today, weekStartsOnSunday, width, height, ascii)
        (day, end) = (today, today)  // it opens on today's cell of the first habit
    }

    // MARK: the grid

    var nameWidth: Int {
        let longest = rows.map { Width.of($0.name) }.max() ?? 0
        return min(max(longest, 6), max(6, width / 3))
    }

    /// How many days fit beside the names.
    var dayCount: Int { max(1, (width - nameWidth - 1) / Self.columnWidth) }

    /// How many lines the rows and their tag headings have.
    var rowCount: Int { max(1, height - Self.headerLines - Self.footerLines) }

    /// How many rows fit from row `first` on, a tag heading taking a line of its own (one at least).
    func rowsFitting(from first: Int) -> Int {
        var lines = 0, count = 0
        for r in rows.dropFirst(first) {
            lines += r.heading == nil ? 1 : 2
            if lines > rowCount { break }
            count += 1
        }
        return max(1, count)
    }

    /// The days shown, `[first, end]`: months, never before the 1st of `end`'s month.
    var shown: DayRange {
        let first = end.adding(days: 1 - dayCount)
        return DayRange(mode == .months ? max(first, end.firstOfMonth) : first, upTo: end.adding(days: 1))
    }

    /// The days the cells should cover: those shown and a margin either side (never after today's month).
    var wantedRange: DayRange {
        let lower = shown.lowerBound.adding(days: -Self.margin)
        let upper = min(shown.upperBound.adding(days: Self.margin), max(today.firstOfNextMonth, shown.upperBound))
        return DayRange(lower, upTo: upper)
    }

    var needsLoad: Bool {
        guard let loaded else { return true }
        return !(loaded.contains(shown.lowerBound) && loaded.contains(shown.upperBound.adding(days: -1)))
    }

    func cell(_ row: Int, _ day: LocalDay) -> UICell { cells[rows[row].habit.id]?[day] ?? .empty }

    // MARK: keys

    /// Applies `key` to the cursor, the days shown and the mode; returns what the driver does next.
    mutating func handle(_ key: UIKey) -> UIAction {
        message = nil
        if showHelp, key != .character("q") {
            showHelp = false
            if case .resize = key {} else { return .redraw }
        }
        if typed != nil, let action = typing(key) { return action }
        switch key {
        case .resize(let w, let h):
            (width, height) = (w, h)
            if mode == .months { alignToMonth() } else { keepVisible() }
        case .left, .character("h"): moveDay(-1)
        case .right, .character("l"): moveDay(1)
        case .up, .character("k"): moveRow(-1)
        case .down, .character("j"): moveRow(1)
        case .character("w"):
            mode = .weeks
            end = min(today, max(day, end))
            keepVisible()
        case .character("m"):
            mode = .months
            alignToMonth()
        case .character("["): page(-1)
        case .character("]"): page(1)
        case .home, .character("t"), .character("}"): jumpToToday()
        case .character("a"): return .readHabit(prompt: "add: ")
        case .character(":"): return .readHabit(prompt: ":")
        case .character(let c) where c.isASCII && c.isNumber: return change(c)  // an amount typed
        case .character("?"): showHelp = true
        case .character("q"): return .quit
        case .character(" "), .character("+"), .character("-"), .character("s"), .character("n"):
            guard case .character(let c) = key else { return .redraw }
            return change(c)
        default:
            message = "? shows the keys"
        }
        return needsLoad ? .reload : .redraw
    }

    /// The change a key asks for on the cursor's cell, or why there is none.
    mutating func change(_ key: Character) -> UIAction {
        guard rows.indices.contains(row) else {
            message = "no habits yet: a adds one (or habit add NAME)"
            return .redraw
        }
        let r = rows[row]
        if let reason = r.readOnly ?? r.unreadable {
            message = reason
            return .redraw
        }
        let c = cell(row, day)
        switch (key, r.kind) {
        case (" ", .yesNo): return .write(c.value > 0 ? .undone(r.habit, day) : .done(r.habit, day))
        // A day done of an amount habit (not a limit's: its days are done by staying under it) is
        // taken back as a yes/no day is: all its own entries.
        case (" ", .amount) where c.mark == .counted && c.value > 0 && r.habit.goal?.isLimit != true:
            return .write(.undone(r.habit, day))
        case (" ", .amount): message = "\(r.name) counts an amount: type it and Enter, + adds 1, - takes back the newest entry"
        case ("+", .amount): return .write(.add(r.habit, day))
        case ("-", .amount):
            guard c.value > 0 else {
                message = "nothing logged for \(r.name) on \(day)"
                return .redraw
            }
            return .write(.takeBack(r.habit, day))
        case ("+", .yesNo), ("-", .yesNo): message = "\(r.name) is yes/no: space marks the day"
        case ("0"..."9", .yesNo): message = "\(r.name) is yes/no: space marks the day (digits type an amount of a count habit)"
        case (_, .amount) where key.isASCII && key.isNumber:
            typed = String(key)
        case ("s", _): return .write(c.skipped ? .unskip(r.habit, day) : .skip(r.habit, day))
        case ("n", _):
            guard c.value > 0 else {
                message = "a note belongs to an entry: log \(r.name) on \(day) first, then n"
                return .redraw
            }
            return .editNote(current: c.note)
        default: break
        }
        return .redraw
    }

    /// The note typed after `n` (nil: Escape, nothing changes; empty: the note removed).
    mutating func noteTyped(_ text: String?) -> UIAction {
        guard let text, rows.indices.contains(row) else { return .redraw }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let current = cell(row, day).note
        if (trimmed.isEmpty ? nil : trimmed) == current { return .redraw }
        return .write(.note(rows[row].habit, day, trimmed.isEmpty ? nil : trimmed))
    }

    /// A key while an amount is typed (nil: the key does what it always does — a resize).
    mutating func typing(_ key: UIKey) -> UIAction? {
        guard var text = typed, rows.indices.contains(row) else {
            typed = nil
            return nil
        }
        switch key {
        case .resize: return nil
        case .character(let c) where c.isASCII && (c.isNumber || c == "."): text.append(c)
        case .character("\u{7f}"), .character("\u{8}"): text.removeLast()
        case .character("\u{1b}"): text = ""
        case .character("\n"), .character("\r"):
            typed = nil
            return .write(.setAmount(rows[row].habit, day, text))
        default:
            message = "type the amount: digits, Enter sets it, Backspace, Esc leaves it"
        }
        typed = text.isEmpty ? nil : text
        return .redraw
    }

    /// The line typed after `a` or `:` (nil: Escape). After `:` as in dijo: `add WORDS…` (or
    /// `a`) adds, `q` quits; after `a`: the words of `habit add`.
    mutating func habitTyped(_ text: String?, command: Bool) -> UIAction {
        guard let text else { return .redraw }
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if command, let first = words.first {
            switch first {
            case "q", "q!", "quit", "wq", "x": return .quit
            case "add", "a": words.removeFirst()
            default:
                message = ":\(escapingControlCharacters(first)) is no command here: :add NAME [options of habit add], :q"
                return .redraw
            }
        }
        guard !words.isEmpty else {
            message = command && text.isEmpty ? nil : "add: give a name and habit add's options, e.g. water --unit glass --at-least 8"
            return .redraw
        }
        return .addHabit(words)
    }

    /// `t`, `}` or Home: the cursor on today, today the rightmost day (months: today's month).
    mutating func jumpToToday() {
        day = today
        if mode == .months {
            alignToMonth()
        } else {
            end = today
            keepVisible()
        }
    }

    /// The cursor on the row of the habit `id` (a habit just added), when it is shown.
    mutating func select(habit id: String) -> Bool {
        guard let index = rows.firstIndex(where: { $0.habit.id == id }) else { return false }
        row = 0
        moveRow(index)
        return true
    }

    mutating func moveDay(_ by: Int) {
        let target = day.adding(days: by)
        guard target <= today else {
            message = "today is the last day"
            return
        }
        day = target
        if mode == .months, day.firstOfMonth != shown.lowerBound.firstOfMonth {
            alignToMonth()
        } else {
            keepVisible()
        }
    }

    mutating func moveRow(_ by: Int) {
        guard !rows.isEmpty else { return }
        row = min(max(0, row + by), rows.count - 1)
        if row < top { top = row }
        while row >= top + rowsFitting(from: top) { top += 1 }
    }

    /// `[` / `]`: a week (weeks) or a month (months) back or forward; never after today.
    mutating func page(_ direction: Int) {
        switch mode {
        case .weeks:
            let target = day.adding(days: 7 * direction)
            if target > today, day == today {
                message = "today is the last day"
                return
            }
            day = min(target, today)
            end = min(today, end.adding(days: 7 * direction))
            keepVisible()
        case .months:
            let first = direction < 0 ? day.firstOfMonth.adding(days: -1).firstOfMonth : day.firstOfNextMonth
            guard first <= today else {
                message = "today is the last day"
                return
            }
            let length = LocalDay.daysIn(month: first.month, year: first.year)
            day = min(first.adding(days: min(day.day, length) - 1), today)
            alignToMonth()
        }
    }

    /// Shifts the days shown as little as needs be for the cursor to be among them.
    mutating func keepVisible() {
        if day > end { end = day }
        if day < shown.lowerBound {
            end = day.adding(days: dayCount - 1)
            if mode == .months { end = min(end, day.firstOfNextMonth.adding(days: -1)) }
        }
    }

    /// Months: the cursor's month from its 1st (the part holding the cursor when it does not fit).
    mutating func alignToMonth() {
        let first = day.firstOfMonth
        let length = first.days(until: first.firstOfNextMonth)
        end = first.adding(days: min(dayCount, length) - 1)
        keepVisible()
    }

    // MARK: drawing

    /// The screen, line by line: month/day numbers, a row per habit, the legend and the status line.
    func lines() -> [[UISpan]] {
        if showHelp { return Self.help(ascii: ascii).map { [UISpan(text: $0)] }.map { Self.clip($0, to: width) } }
        var lines: [[UISpan]] = []
        let days = Array(shown)
        let pad = String(repeating: " ", count: nameWidth + 1)
        var months: [UISpan] = [UISpan(text: pad)]
        var numbers: [UISpan] = [UISpan(text: pad)]
        months.append(UISpan(text: Self.monthLine(days, width: width - nameWidth - 1), look: .bold))
        for d in days {
            let text = String(d.day).leftPadded(2) + " "
            numbers.append(UISpan(text: text, look: d == today ? .bold : d > today ? .dim : .plain))
        }
        lines += [months, numbers]
        for index in rows.indices.dropFirst(top).prefix(rowsFitting(from: top)) {
            let r = rows[index]
            if let heading = r.heading, lines.count < height - Self.footerLines - 1 { lines.append([UISpan(text: heading, look: .bold)]) }
            var line = [UISpan(text: Self.fit(r.name, nameWidth, ascii: ascii) + " ", look: index == row ? .bold : .plain)]
            if let unreadable = r.unreadable {
                line.append(UISpan(text: unreadable, look: .dim))
            } else {
                for d in days { line += cellSpans(index, d) }
            }
            lines.append(line)
        }
        while lines.count < height - Self.footerLines { lines.append([]) }
        lines.append([UISpan(text: CalendarMark.legend(ascii: ascii) + "  " + (ascii ? CalendarMark.asciiNote : CalendarMark.note) + " note  ? keys",
                             look: .dim)])
        lines.append([UISpan(text: status)])
        return lines.map { Self.clip($0, to: width) }
    }

    /// The months over the days: each month's label over its first day shown, the first column's
    /// month too, as `Mar 2026`, or `Mar` (then `Ma`, `M`) when the next month starts too soon for
    /// it and a space; never one month's label over another's days.
    static func monthLine(_ days: [LocalDay], width: Int) -> String {
        let starts = days.indices.filter { $0 == 0 || days[$0].day == 1 }
        var line = ""
        for (k, i) in starts.enumerated() {
            let column = i * columnWidth
            let room = (k + 1 < starts.count ? starts[k + 1] * columnWidth - 1 : width) - column
            let d = days[i]
            let name = CalendarText.monthNames[d.month - 1]
            let label = ["\(name.prefix(3)) \(d.year)", String(name.prefix(3)), String(name.prefix(2)), String(name.prefix(1))]
                .first { $0.count <= room }
            guard let label, column >= line.count else { continue }
            line += String(repeating: " ", count: column - line.count) + label
        }
        return line
    }

    /// A day's mark and note mark (the cursor's cell reversed), then a space.
    func cellSpans(_ index: Int, _ d: LocalDay) -> [UISpan] {
        let c = cell(index, d)
        let mark = ascii ? c.mark.ascii : c.mark.glyph
        let note = c.note == nil ? " " : ascii ? CalendarMark.asciiNote : CalendarMark.note
        if index == row, d == day { return [UISpan(text: mark + note, look: .cursor), UISpan(text: " ")] }
        return [UISpan(text: mark, look: .tint(c.mark.tint)), UISpan(text: note + " ")]
    }

    /// The cursor's habit and day, its value, skip and note; or the message of the last key.
    var status: String {
        if let message { return message }
        guard rows.indices.contains(row) else { return "no habits yet: a adds one (or habit add NAME)" }
        let r = rows[row]
        let c = cell(row, day)
        var parts = ["\(r.name)", TextRendering.dayName(day, today: today)]
        if let typed, case .amount(let unit) = r.kind {
            // In its unit as `TextRendering.amount` says one (a count has none: `3_`, never `3_ count`).
            let said = unit == "count" ? "" : " " + (Double(typed) == 1 ? unit : TextRendering.plural(unit))
            parts.append("\(typed)_\(said) (Enter sets the day to it, Esc leaves it)")
            return parts.joined(separator: ascii ? " - " : " · ")
        }
        parts.append(TextRendering.dayValue(c.value, of: r.habit, done: c.mark == .counted))
        if c.skipped { parts.append("skipped") }
        if let period = c.period { parts.append("\(r.habit.per.name) \(period.rawValue)") }
        // A note an import kept may hold bidi controls (a CSV's notes do): escaped, as every listing shows them.
        if let note = c.note { parts.append("\(ascii ? CalendarMark.asciiNote : CalendarMark.note) \(escapingControlCharacters(note))") }
        return parts.joined(separator: ascii ? " - " : " · ")
    }

    static func help(ascii: Bool) -> [String] { [
        "habit ui - keys",
        "",
        ascii ? "  arrows   h l k j   move (days, habits)" : "  ← → ↑ ↓  h l k j   move (days, habits)",
        "  space              a day not done: done (yes/no); a day done: taken back",
        "  + / -              an amount: add 1 / take back the day's newest entry",
        "  0-9 Enter          an amount: set the day's (Backspace edits, Esc leaves)",
        "  s                  skip the day / take the skip back",
        "  n                  the day's note (Enter keeps, Esc leaves, empty removes)",
        "  w / m              weeks (as many days as fit) / months",
        "  [ / ]              a week (a month) back / forward",
        "  t  }  Home         today",
        "  a  or  :add        add a habit: NAME and the options of habit add",
        "  ?                  these keys",
        "  q                  quit",
        "",
        "Each change is written at once, as habit log, skip, unskip and delete write it.",
        "Built-ins are shown, not changed: habit log meditate|workout|alcohol.",
        "",
        "Any key goes back.",
    ] }

    /// `text` cut to `width` columns (… or ~ at the end when cut), padded to it: a wide
    /// character (CJK, Hangul, emoji) takes two (``Width/of(_:)``), so a name's marks stay in
    /// the columns of every other row's.
    static func fit(_ text: String, _ width: Int, ascii: Bool) -> String {
        var shown = text
        if Width.of(text) > width {
            shown = Width.cut(text, to: width)
            if ascii { shown = String(shown.dropLast()) + "~" }
        }
        return shown + String(repeating: " ", count: max(0, width - Width.of(shown)))
    }

    /// A line cut to the screen's width in columns (a wide character takes two: names and notes
    /// are cut as text, never half a character).
    static func clip(_ line: [UISpan], to width: Int) -> [UISpan] {
        var left = width
        var out: [UISpan] = []
        for span in line where left > 0 {
            var text = span.text, used = Width.of(text)
            if used > left {
                (text, used) = ("", 0)
                for character in span.text {
                    let w = Width.of(String(character))
                    if used + w > left { break }
                    text.append(character)
                    used += w
                }
            }
            left -= used
            out.append(UISpan(text: text, look: span.look))
        }
        return out
    }
}
