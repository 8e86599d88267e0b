import HabitKit

/// One day's mark of a habit, as `habit calendar` draws it and `habit ui` draws it: the glyph of
/// the day's state (``DayState``, the one evaluation's: Standards/habits.md, "Day states") and of
/// a week or month habit's period (``PeriodState``), drawn beside the days, never over them. The
/// glyphs live here only; ``Style`` paints a mark with ANSI codes, the ncurses driver of `habit ui`
/// with its colour pairs (Standards/ui.md).
enum CalendarMark: Equatable, Sendable {
    /// ● done: the day is met, or something was done on it toward its period or window (a
    /// period: met).
    case counted
    /// ◆ missed but healed by a joker.
    case joker
    /// – skipped: neither good nor missed (a period: every day of it skipped).
    case skipped
    /// ○ missed.
    case missed
    /// · not yet (today while not done, a later day), open (a day of a week or month habit with
    /// nothing done: its period judges it), or before the habit's history (a period: pending).
    case notYet
    /// A blank: nothing is due — a day off the habit's weekday schedule, or a day without
    /// entries of a habit that only records.
    case notDue

    /// The colour a mark is drawn in (none with `NO_COLOR` or off a terminal).
    enum Tint: Equatable, Sendable { case green, yellow, red, dim }

    /// A day's mark: what its state (``DayState``, the one evaluation's) says happened that day.
    init(_ state: DayState) {
        switch state {
        case .met, .done: self = .counted
        case .healed: self = .joker
        case .skipped: self = .skipped
        case .offDay, .notDue: self = .notDue
        case .missed: self = .missed
        case .pending, .open, .before, .later: self = .notYet
        }
    }

    /// A week or month habit's period mark, beside its days: ● met, ○ missed, · pending (or not
    /// begun), – skipped.
    init(_ period: PeriodState?) {
        switch period {
        case .met?: self = .counted
        case .missed?: self = .missed
        case .skipped?: self = .skipped
        case .pending?, nil: self = .notYet
        }
    }

    var glyph: String {
        switch self {
        case .counted: "●"
        case .joker: "◆"
        case .skipped: "–"
        case .missed: "○"
        case .notYet: "·"
        case .notDue: " "
        }
    }

    /// The glyph where the locale is not UTF-8 (`habit ui`; Standards/ui.md).
    var ascii: String {
        switch self {
        case .counted: "#"
        case .joker: "j"
        case .skipped: "-"
        case .missed: "o"
        case .notYet: "."
        case .notDue: " "
        }
    }

    var tint: Tint {
        switch self {
        case .counted: .green
        case .joker: .yellow
        case .skipped, .notYet, .notDue: .dim
        case .missed: .red
        }
    }

    /// The mark of a day whose entries carry a note, and its ASCII form.
    static let note = "✎"
    static let asciiNote = "~"

    /// What the marks mean, in UTF-8 or ASCII: 63 columns, so `habit ui`'s footer fits in 80.
    static func legend(ascii: Bool) -> String {
        let text = { (m: CalendarMark) in ascii ? m.ascii : m.glyph }
        return "\(text(.counted)) done \(text(.missed)) missed \(text(.joker)) joker \(text(.skipped)) skipped \(text(.notYet)) nothing yet  blank: not due"
    }

    /// What a week or month habit's period marks mean, where they stand beside its days (79 columns).
    static func periodLegend(ascii: Bool) -> String {
        let text = { (m: CalendarMark) in ascii ? m.ascii : m.glyph }
        return "a week/month habit's period, after its days: \(text(.counted)) met \(text(.missed)) missed \(text(.notYet)) pending \(text(.skipped)) skipped"
    }
}

extension Style {
    /// `mark` in its colour.
    func paint(_ mark: CalendarMark) -> String {
        switch mark.tint {
        case .green: green(mark.glyph)
        case .yellow: yellow(mark.glyph)
        case .red: red(mark.glyph)
        case .dim: dim(mark.glyph)
        }
    }
}
