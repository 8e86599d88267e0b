import Foundation

/// The identities a tracker import gives what it stores, made from the data alone — no store, no
/// clock — so that importing the same file again finds the same habits, entries and skips and adds
/// nothing (Standards/import-export.md, "Other trackers").
enum TrackerIdentity {
    /// The source of the entries an import of `tracker` stores: `dev.habit.import.loop` (both of
    /// Loop's formats), `dev.habit.import.harsh`, `dev.habit.import.csv` or `dev.habit.import.habitbull`.
    static func source(_ tracker: TrackerExport.Tracker) -> SourceID {
        SourceID(unchecked: "dev.habit.import." + tracker.sourceName)
    }

    /// The ids of habits named `names` (in the file's order) by the tracker app `app`: a UUID
    /// (lower-case text) from the app and the name there; two habits of the same name (a real Loop
    /// backup has three such pairs) are two habits, the second's identity also holding its rank
    /// among its namesakes (`namesake 2`). The first of a name keeps the identity it always had.
    static func habitIDs(_ names: [String], app: String) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { name in
            seen[name, default: 0] += 1
            var identity = StableHash()
            identity.add("tracker-habit")
            identity.add(app)
            identity.add(name)
            if let rank = seen[name], rank > 1 { identity.add("namesake \(rank)") }
            return identity.uuid().storeText
        }
    }

    /// Where a day's check sits: it names its day (``DayEntry``), so the day's first instant
    /// (``HabitCalendar/entryInstant(of:)``), marked.
    static func checkInstant(of day: LocalDay, calendar: HabitCalendar) -> Date {
        calendar.entryInstant(of: day)
    }

    /// Where a check sat before issue 46 (point 3): the middle of its habit day. Its UUID is still
    /// the check's, so a file imported again finds the checks an older release imported.
    static func legacyCheckInstant(of day: LocalDay, calendar: HabitCalendar) -> Date {
        let instants = calendar.instants(of: day)
        return instants.lowerBound.addingTimeInterval(instants.duration / 2)
    }

    /// A check's UUID: from the habit's id and the day, its time part from `instant` (the entry's start).
    static func checkUUID(habitID: String, day: LocalDay, at instant: Date) -> UUID {
        dayUUID("tracker-check", habitID: habitID, day: day, at: instant)
    }

    /// The UUID of a note of a day not done (``TrackerDayNote``): from the habit's id and the day,
    /// apart from the day's check (the day done later in the tracker still brings its check).
    static func dayNoteUUID(habitID: String, day: LocalDay, at instant: Date) -> UUID {
        dayUUID("tracker-day-note", habitID: habitID, day: day, at: instant)
    }

    private static func dayUUID(_ kind: String, habitID: String, day: LocalDay, at instant: Date) -> UUID {
        var hash = StableHash()
        hash.add(kind)
        hash.add(habitID)
        hash.add(day.description)
        return hash.uuid(startMilliseconds: Int64((instant.timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// A skipped day's UUID: from the habit's id and the day.
    static func skipUUID(habitID: String, day: LocalDay) -> UUID {
        var hash = StableHash()
        hash.add("tracker-skip")
        hash.add(habitID)
        hash.add(day.description)
        return hash.uuid()
    }

    /// The definition a tracker's habit gets here, as a new habit named `name` (``TrackerRules/habitName(_:taken:)``)
    /// with the id `id`: its history starts at the first day the tracker has a word for (never
    /// after `today`); it is archived when the tracker archived it or its end day is past.
    static func definition(_ habit: TrackerHabit, id: String, name: String, today: LocalDay,
                           at instant: Date) throws(HabitInputError) -> HabitDefinition {
        HabitDefinition(id: id, name: try HabitName.validate(name), kind: habit.kind, unit: habit.unit, goal: habit.goal,
                        per: habit.per, times: habit.times, fromType: nil, sources: .app,
                        since: min(habit.firstDay ?? today, today),
                        archived: habit.archived || (habit.endDay.map { $0 < today } ?? false), asks: habit.asks,
                        created: instant, modified: instant)
    }
}
