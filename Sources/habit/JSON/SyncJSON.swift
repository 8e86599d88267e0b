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
            line = SyncLineJSON(kind: "setting", setting: Setting(key: key, value: value, modified: time(modified)))
        case .reminder(let r):
            line = SyncLineJSON(kind: "reminder", reminder: Reminder(
                uuid: r.uuid?.uuidString.lowercased() ?? "", title: r.title, message: r.message, activity: r.activity,
                time: r.time.description, weekdays: r.weekdays.mask, lookbackHours: r.lookbackHours, enabled: r.enabled,
                created: time(r.created), modified: time(r.modified)))
        case .reminderDeleted(let uuid, let modified):
            line = SyncLineJSON(kind: "reminderDeleted", reminderDeleted: Removed(id: uuid.uuidString.lowercased(), modified: time(modified)))
        case .habitDeleted(let id, let modified):
            line = SyncLineJSON(kind: "habitDeleted", habitDeleted: Removed(id: id, modified: time(modified)))
        case .occurrence(let reminder, let day, let at, let state, let handled):
            line = SyncLineJSON(kind: "occurrence", occurrence: Occurrence(
                reminder: reminder.uuidString.lowercased(), day: day.description, at: time(at), state: state.rawValue, handled: time(handled)))
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
        if InterchangeLineJSON.kinds.contains(kind) {
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
            if let key = Settings.Key(rawValue: s.key), let value = s.value {
                var check = Settings()
                guard (try? check.apply(key, value)) == value else { throw InterchangeJSONFailure("setting \(quoted(s.key)) has a value habit does not take") }
            } else if Settings.Key(rawValue: s.key) == nil, s.key != "reminders-paused" {
                throw InterchangeJSONFailure("\(quoted(s.key)) is not a setting")
            }
            return .setting(key: s.key, value: s.value, modified: try F.instant(s.modified, "setting.modified"))
        case ("reminder", nil, nil, let r?, nil, nil, nil):
            guard let time = LocalTime(r.time), (1...127).contains(r.weekdays), (1...24).contains(r.lookbackHours) else {
                throw InterchangeJSONFailure("reminder \(r.uuid) has a time, days or look-back habit does not take")
            }
            return .reminder(HabitKit.Reminder(
                title: try F.text(r.title, "reminder.title"), message: try F.text(r.message, "reminder.message", limit: 4096),
                activity: try F.text(r.activity, "reminder.activity", limit: 64), time: time, weekdays: WeekdaySet(mask: r.weekdays),
                lookbackHours: r.lookbackHours, enabled: r.enabled, created: try F.instant(r.created, "reminder.created"),
                uuid: try F.uuid(r.uuid, "reminder.uuid"), modified: try F.instant(r.modified, "reminder.modified")))
        case ("reminderDeleted", nil, nil, nil, let d?, nil, nil):
            return .reminderDeleted(uuid: try F.uuid(d.id, "reminderDeleted.id"), modified: try F.instant(d.modified, "reminderDeleted.modified"))
        case ("habitDeleted", nil, nil, nil, nil, let d?, nil):
            _ = try F.uuid(d.id, "habitDeleted.id")
            return .habitDeleted(id: d.id.lowercased(), modified: try F.instant(d.modified, "habitDeleted.modified"))
        case ("occurrence", nil, nil, nil, nil, nil, let o?):
            guard let day = LocalDay(o.day), let state = OccurrenceState(rawValue: o.state) else {
                throw InterchangeJSONFailure("occurrence has a day or state habit does not know")
            }
            return .occurrence(reminder: try F.uuid(o.reminder, "occurrence.reminder"), day: day, at: try F.instant(o.at, "occurrence.at"),
                               state: state, handled: try F.instant(o.handled, "occurrence.handled"))
        default:
            throw InterchangeJSONFailure("\(quoted(kind)) is not a kind of line habit writes, or its object is missing")
        }
    }
}
