import HabitKit

/// What `habit log …`, `habit delete` and `habit undo` print.
enum LogReport {
    /// The stored entry (the workout, else the first sample), what it replaced and the reminders it cancelled.
    static func print(_ result: LogResult, env: HabitEnvironment, json: Bool) throws {
        if json {
            try Output.printJSON(LogJSON(result, calendar: env.calendar))
            return
        }
        var lines: [String] = []
        if let w = result.workout {
            lines.append("logged: \(TextRendering.describe(w, env.calendar))  \(w.uuid.storeText)")
        } else if let s = result.samples.first {
            lines.append("logged: \(TextRendering.describe(s, env.calendar))  \(s.uuid.storeText)")
        }
        for uuid in result.replaced { lines.append("  replaced \(uuid.storeText)") }
        for c in result.cancelledReminders {
            lines.append("  cancelled reminder #\(c.reminderID) '\(c.title)' at \(env.calendar.iso8601(c.occurrence))")
        }
        Output.print(lines.joined(separator: "\n"))
    }

    /// `deleted: …` / `undone: …`, or `{"deleted":{entry}}`.
    static func print(deleted entry: Entry, verb: String, env: HabitEnvironment, json: Bool) throws {
        if json {
            try Output.printJSON(DeletedJSON(deleted: EntryJSON(entry, calendar: env.calendar)))
        } else {
            Output.print("\(verb): \(TextRendering.describe(entry, env.calendar))  \(entry.uuid.storeText)")
        }
    }
}
