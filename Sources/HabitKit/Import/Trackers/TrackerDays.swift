import Foundation

/// What a tracker says about one habit's days, collected row by row: the last word for a day
/// wins (as in the trackers themselves), then ``finish(into:)`` sorts it into checks and skips.
struct TrackerDays {
    enum Word: Equatable {
        case done(Double, note: String?, amount: Double?)
        case skipped
        /// Not done: nothing is stored, but the day is part of the habit's history.
        case nothing
        /// Not known (Loop's `UNKNOWN`): nothing at all, not even history.
        case unknown
    }

    private var words: [LocalDay: Word] = [:]
    /// Notes of days not done (Loop's `NO` with a note): kept for the day without an entry.
    private var notes: [LocalDay: String] = [:]

    /// Records `word` for `day` (a later word for the same day replaces it, and its note).
    mutating func set(_ day: LocalDay, _ word: Word) {
        words[day] = word
        notes[day] = nil
    }

    /// Records `word` for `day` with the day's note: a done day's note is its check's, any other's
    /// stays with the day.
    mutating func set(_ day: LocalDay, _ word: Word, dayNote: String?) {
        set(day, word)
        if case .done = word { return }
        notes[day] = dayNote
    }

    /// Fills `habit`'s checks, skips, notes of days not done and first day.
    func finish(into habit: inout TrackerHabit) {
        habit.checks = []
        habit.skips = []
        for (day, word) in words.sorted(by: { $0.key < $1.key }) {
            switch word {
            case .done(let amount, let note, let extra): habit.checks.append(TrackerCheck(day: day, amount: amount, note: note, trackerAmount: extra))
            case .skipped: habit.skips.append(day)
            case .nothing, .unknown: break
            }
        }
        habit.dayNotes = notes.sorted { $0.key < $1.key }.map { TrackerDayNote(day: $0.key, text: $0.value) }
        // A noted day is known, even Loop's UNKNOWN with a note (Loop's history starts there too).
        habit.firstDay = (words.filter { $0.value != .unknown }.map(\.key) + notes.keys).min()
    }

    /// A day from `text` (`YYYY-MM-DD`) inside the supported dates, or nil.
    static func day(_ text: String) -> LocalDay? {
        guard let day = LocalDay(text.trimmingCharacters(in: .whitespaces)), SupportedDates.contains(day) else { return nil }
        return day
    }

    /// A note without control characters (each becomes a space), at most 1,000 characters; nil when empty.
    static func note(_ text: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? " " : scalar
        })).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? nil : String(cleaned.prefix(1000))
    }
}
