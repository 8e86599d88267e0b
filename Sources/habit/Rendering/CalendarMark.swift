import HabitKit

/// One day's mark of a habit, as `habit calendar` draws it and `habit ui` draws it: the rules
/// (which mark a day gets) and the glyphs live here only; ``Style`` paints a mark with ANSI
/// codes, the ncurses driver of `habit ui` with its colour pairs (Standards/ui.md).
enum CalendarMark: Equatable, Sendable {
    /// ● counted (the streak counts the day).
    case counted
    /// ◆ missed but healed by a joker.
    case joker
    /// – skipped: neither good nor missed.
    case skipped
    /// ○ missed.
    case missed
    /// · not yet (today while not counted, a later day) or before the habit's history.
    case notYet

    /// The colour a mark is drawn in (none with `NO_COLOR` or off a terminal).
    enum Tint: Equatable, Sendable { case green, yellow, red, dim }

    /// A day's mark: what its state (``DayState``, the one evaluation's) says happened that day.
    init(_ state: DayState) {
        switch state {
        case .met, .done: self = .counted
        case .healed: self = .joker
        case .skipped, .offDay, .notDue: self = .skipped
        case .missed: self = .missed
        case .pending, .open, .before, .later: self = .notYet
        }
    }

    /// The day of `report` as its calendar row shows it.
    init(_ s: HabitDayStatus, _ report: HabitReport, today: LocalDay) { self.init(s.state) }

    var glyph: String {
        switch self {
        case .counted: "●"
        case .joker: "◆"
        case .skipped: "–"
        case .missed: "○"
        case .notYet: "·"
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
        }
    }

    var tint: Tint {
        switch self {
        case .counted: .green
        case .joker: .yellow
        case .skipped, .notYet: .dim
        case .missed: .red
        }
    }

    /// The mark of a day whose entries carry a note, and its ASCII form.
    static let note = "✎"
    static let asciiNote = "~"

    /// What the marks mean, in UTF-8 or ASCII.
    static func legend(ascii: Bool) -> String {
        let text = { (m: CalendarMark) in ascii ? m.ascii : m.glyph }
        return "\(text(.counted)) counted  \(text(.joker)) joker  \(text(.skipped)) skipped  \(text(.missed)) missed  \(text(.notYet)) not yet / before it began"
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
