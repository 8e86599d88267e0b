import Foundation
import HabitKit

/// `habit notes --json`: `{"notes":[{"uuid","habit","day","start","note","source"}]}`, newest first.
struct NotesJSON: Codable, Equatable {
    let notes: [NoteJSON]
}

struct NoteJSON: Codable, Equatable {
    let uuid: String
    let habit: String
    /// The habit day the entry belongs to (`YYYY-MM-DD`).
    let day: String
    let start: String
    let note: String
    let source: String

    init(_ n: Note, calendar: HabitCalendar) {
        uuid = n.uuid.storeText
        habit = n.habit
        day = calendar.day(containing: n.start).description
        start = calendar.iso8601(n.start)
        note = n.text
        source = n.source.bundleID
    }
}
