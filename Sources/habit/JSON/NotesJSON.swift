import Foundation
import HabitKit

/// `habit notes --json`: `{"notes":[{"uuid","habit","day","start","note","source"}]}`, newest first.
struct NotesJSON: Codable, Equatable {
    let notes: [NoteJSON]
}

struct NoteJSON: Codable, Equatable {
    let uuid: String
    let habit: String
    /// The day the entry belongs to (`YYYY-MM-DD`): its habit day, or the calendar day it names (``DayEntry``).
    let day: String
    let start: String
    let note: String
    let source: String

    init(_ n: Note, calendar: HabitCalendar) {
        uuid = n.uuid.storeText
        habit = n.habit
        day = n.day.description
        start = calendar.iso8601(n.start)
        note = n.text
        source = n.source.bundleID
    }
}
