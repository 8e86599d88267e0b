import Foundation
import HabitKit

/// `habit notes`: a heading a day, then `  HH:MM  habit      the note` for each note of it.
enum NotesText {
    static func lines(_ notes: [Note], calendar: HabitCalendar, today: LocalDay) -> [String] {
        let width = max(9, notes.map { Width.of(escapingControlCharacters($0.habit)) }.max() ?? 0)
        var lines: [String] = []
        var current: LocalDay?
        for note in notes {
            let day = note.day
            if day != current {
                if current != nil { lines.append("") }
                lines.append(TextRendering.dayHeading(day, today: today))
                current = day
            }
            let habit = Width.pad(escapingControlCharacters(note.habit), to: width)
            // A long note wraps under itself: the listing fits the terminal (COLUMNS).
            lines += Width.hanging("  \(TextRendering.clock(note.start, calendar))  \(habit)  ",
                                   escapingControlCharacters(note.text) + TextRendering.sourceTag(note.source))
        }
        return lines
    }
}
