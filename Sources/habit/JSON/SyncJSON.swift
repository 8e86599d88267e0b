import Foundation
import HabitKit

/// The lines of a sync file (Standards/sync.md): the interchange kinds (``InterchangeLineJSON``)
/// and `deleted`, `setting`, `reminder`, `reminderDeleted`, `habitDeleted`, `occurrence`.
struct SyncLineJSON: Codable, Equatable {
    struct Deleted: Codable, Equatable {
        let uuid: String
        /// `sample`, `workout` or `skip`.
        let kind: String
        let type: String
    }

    struct Setting: Codable, Equatable {
        let key: String
        /// Null: unset (the default applies).
        @Nullable var value: String?
        let modified: String

        init(key: String, value: String?, modified: Date, calendar: HabitCalendar) {
            (self.key, self.value, self.modified) = (key, value, InterchangeLineJSON.instant(modified, calendar))
        }

        /// The setting, checked: a key habit knows and a value it takes (`reminders-paused`: `true`
        /// or null).
        func checked() throws(InterchangeJSONFailure) -> (key: String, value: String?, modified: Date) {
            if let key = Settings.Key(rawValue: key) {
                if let value {
                    var check = Settings()
                    guard (try? check.apply(key, value)) == value else { throw InterchangeJSONFailure("setting \(quoted(self.key)) has a value habit does not take") }
                }
            } else if key == "reminders-paused" {
                guard value == nil || value == "true" else { throw InterchangeJSONFailure("setting \(quoted(key)) has a value habit does not take") }
            } else {
                throw InterchangeJSONFailure("\(quoted(key)) is not a setting")
            }
            return (key, value, try InterchangeField.instant(modified, "setting.modified"))
        }
    }

    struct Reminder: Codable, Equatable {
        let uuid: String
        let title: String
        let message: String
        let activity: String
        let time: String
        /// Monday = 1, …, Sunday = 64.
        let weekdays: Int
        let lookbackHours: Int
        let enabled: Bool
        let created: String
        let modified: String

        init(_ r: HabitKit.Reminder, calendar: HabitCalendar) {
            (uuid, title, message, activity) = (r.uuid?.uuidString.lowercased() ?? "", r.title, r.message, r.activity)
            (time, weekdays, lookbackHours, enabled) = (r.time.description, r.weekdays.mask, r.lookbackHours, r.enabled)
            (created, modified) = (InterchangeLineJSON.instant(r.created, calendar), InterchangeLineJSON.instant(r.modified, calendar))
        }

        /// The reminder, every field checked.
        func reminder() throws(InterchangeJSONFailure) -> HabitKit.Reminder {
            typealias F = InterchangeField
            guard let time = LocalTime(time), (1...127).contains(weekdays), (1...24).contains(lookbackHours) else {
                throw InterchangeJSONFailure("reminder \(uuid) has a time, days or look-back habit does not take")
            }
            return HabitKit.Reminder(
                title: try F.text(title, "reminder.title"), message: try F.text(message, "reminder.message", limit: 4096),
                activity: try F.text(activity, "reminder.activity", limit: 64), time: time, weekdays: WeekdaySet(mask: weekdays),
                lookbackHours: lookbackHours, enabled: enabled, created: try F.instant(created, "reminder.created"),
                uuid: try F.uuid(uuid, "reminder.uuid"), modified: try F.instant(modified, "reminder.modified"))
        }
    }

    struct Removed: Codable, Equatable {
        let id: String
        let modified: String
    }

    struct Occurrence: Codable, Equatable {
        let reminder: String
        let day: String
        let at: String
        /// `cancelled`, `suppressed` or `delivered`.
        let state: String
        let handled: String

        init(reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date, calendar: HabitCalendar) {
            (self.reminder, self.day, self.state) = (reminder.uuidString.lowercased(), day.description, state.rawValue)
            (self.at, self.handled) = (InterchangeLineJSON.instant(at, calendar), InterchangeLineJSON.instant(handled, calendar))
        }

        /// The occurrence, every field checked.
        func checked() throws(InterchangeJSONFailure) -> (reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date) {
            typealias F = InterchangeField
            guard let day = LocalDay(day), let state = OccurrenceState(rawValue: state) else {
                throw InterchangeJSONFailure("occurrence has a day or state habit does not know")
            }
            return (try F.uuid(reminder, "occurrence.reminder"), day, try F.instant(at, "occurrence.at"), state,
                    try F.instant(handled, "occurrence.handled"))
        }
    }

    let kind: String
    let deleted: Deleted?
    let setting: Setting?
    let reminder: Reminder?
    let reminderDeleted: Removed?
    let habitDeleted: Removed?
    let occurrence: Occurrence?

    /// The line for `object`, encoded (data kinds as the interchange format writes them).
    static func encode(_ object: SyncObject, calendar: HabitCalendar, _ encoder: JSONEncoder) throws -> [UInt8] {
        func time(_ d: Date) -> String { InterchangeLineJSON.instant(d, calendar) }
        let line: SyncLineJSON
        switch object {
        case .data(let data): return Array(try encoder.encode(InterchangeLineJSON(data, calendar: calendar)))
        case .deleted(let uuid, let kind, let type):
            line = SyncLineJSON(kind: "deleted", deleted: Deleted(uuid: uuid.uuidString.lowercased(), kind: kind.rawValue, type: type))
        case .setting(let key, let value, let modified):
            line = SyncLineJSON(kind: "setting", setting: Setting(key: key, value: value, modified: modified, calendar: calendar))
        case .reminder(let r):
            line = SyncLineJSON(kind: "reminder", reminder: Reminder(r, calendar: calendar))
        case .reminderDeleted(let uuid, let modified):
            line = SyncLineJSON(kind: "reminderDeleted", reminderDeleted: Removed(id: uuid.uuidString.lowercased(), modified: time(modified)))
        case .habitDeleted(let id, let modified):
            line = SyncLineJSON(kind: "habitDeleted", habitDeleted: Removed(id: id, modified: time(modified)))
        case .occurrence(let reminder, let day, let at, let state, let handled):
            line = SyncLineJSON(kind: "occurrence", occurrence: Occurrence(reminder: reminder, day: day, at: at, state: state,
                                                                           handled: handled, calendar: calendar))
        }
        return Array(try encoder.encode(line))
    }

    init(kind: String, deleted: Deleted? = nil, setting: Setting? = nil, reminder: Reminder? = nil, reminderDeleted: Removed? = nil,
         habitDeleted: Removed? = nil, occurrence: Occurrence? = nil) {
        (self.kind, self.deleted, self.setting, self.reminder) = (kind, deleted, setting, reminder)
        (self.reminderDeleted, self.habitDeleted, self.occurrence) = (reminderDeleted, habitDeleted, occurrence)
    }

    private struct Kind: Decodable { let kind: String }

    /// The object of one line, every field checked.
    static func decode(_ bytes: [UInt8], _ decoder: JSONDecoder) throws(InterchangeJSONFailure) -> SyncObject {
        let data = Data(bytes)
        let kind: String
        do { kind = try decoder.decode(Kind.self, from: data).kind } catch { throw InterchangeJSONFailure("not a JSON object with a \"kind\"") }
        if InterchangeLineJSON.dataKinds.contains(kind) {
            let line: InterchangeLineJSON
            do { line = try decoder.decode(InterchangeLineJSON.self, from: data) } catch {
                throw InterchangeJSONFailure("not a \(kind) line (\(InterchangeText.decodingError(error)))")
            }
            return .data(try line.object())
        }
        let line: SyncLineJSON
        do { line = try decoder.decode(SyncLineJSON.self, from: data) } catch {
            throw InterchangeJSONFailure("not a \(kind) line (\(InterchangeText.decodingError(error)))")
        }
        return try line.object()
    }

    private func object() throws(InterchangeJSONFailure) -> SyncObject {
        typealias F = InterchangeField
        switch (kind, deleted, setting, reminder, reminderDeleted, habitDeleted, occurrence) {
        case ("deleted", let d?, nil, nil, nil, nil, nil):
            guard let kind = TombstoneKind(rawValue: d.kind) else { throw InterchangeJSONFailure("\"deleted.kind\" is not sample, workout or skip") }
            return .deleted(uuid: try F.uuid(d.uuid, "deleted.uuid"), kind: kind, type: try F.text(d.type, "deleted.type", limit: 256))
        case ("setting", nil, let s?, nil, nil, nil, nil):
            let (key, value, modified) = try s.checked()
            return .setting(key: key, value: value, modified: modified)
        case ("reminder", nil, nil, let r?, nil, nil, nil):
            return .reminder(try r.reminder())
        case ("reminderDeleted", nil, nil, nil, let d?, nil, nil):
            return .reminderDeleted(uuid: try F.uuid(d.id, "reminderDeleted.id"), modified: try F.instant(d.modified, "reminderDeleted.modified"))
        case ("habitDeleted", nil, nil, nil, nil, let d?, nil):
            _ = try F.uuid(d.id, "habitDeleted.id")
            return .habitDeleted(id: d.id.lowercased(), modified: try F.instant(d.modified, "habitDeleted.modified"))
        case ("occurrence", nil, nil, nil, nil, nil, let o?):
            let o = try o.checked()
            return .occurrence(reminder: o.reminder, day: o.day, at: o.at, state: o.state, handled: o.handled)
        default:
            throw InterchangeJSONFailure("\(quoted(kind)) is not a kind of line habit writes, or its object is missing")
        }
    }
}
