import Foundation

/// The interchange format's data lines — `habit`, `sample`, `workout`, `skip`, `activitySummary`
/// (Standards/import-export.md) — which a sync file carries as `habit export --format ndjson`
/// writes them. The executable's interchange shapes conform (they are the export's too).
public protocol InterchangeDataLine: Encodable, Decodable {
    /// The `kind`s of data lines.
    static var dataKinds: [String] { get }
    init(_ object: InterchangeObject, calendar: HabitCalendar)
    /// The data object, every field checked.
    func object() throws(InterchangeJSONFailure) -> InterchangeObject
    /// The data object of the line as the decoder would read it, every field checked, read
    /// without the decoder where that is quicker; nil: the decoder reads the line (and accepts
    /// or refuses it).
    static func quickObject(_ bytes: UnsafeBufferPointer<UInt8>) throws(InterchangeJSONFailure) -> InterchangeObject?
}

/// A line of a sync file that only sync writes (Standards/sync.md, "Lines"): `deleted`,
/// `setting`, `reminder`, `reminderDeleted`, `habitDeleted`, `occurrence` — `{"kind":K,"K":{…}}`.
/// `setting`, `reminder` and `occurrence` are also the shapes of a whole-store export's
/// configuration lines. Data lines are the interchange format's (``InterchangeDataLine``).
public struct SyncLine: Codable, Equatable, Sendable {
    public struct Deleted: Codable, Equatable, Sendable {
        public let uuid: String
        /// `sample`, `workout` or `skip`.
        public let kind: String
        public let type: String
    }

    public struct Setting: Codable, Equatable, Sendable {
        public let key: String
        /// Null: unset (the default applies). Always written, `null` when unset.
        public let value: String?
        public let modified: String

        public init(key: String, value: String?, modified: Date, calendar: HabitCalendar) {
            (self.key, self.value, self.modified) = (key, value, InterchangeField.text(of: modified, calendar))
        }

        private enum CodingKeys: String, CodingKey { case key, value, modified }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(String.self, forKey: .key)
            value = try c.decode(String?.self, forKey: .value)
            modified = try c.decode(String.self, forKey: .modified)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(key, forKey: .key)
            try c.encode(value, forKey: .value)
            try c.encode(modified, forKey: .modified)
        }

        /// The setting, checked: a key habit knows and a value it takes (`reminders-paused` and a
        /// built-in's `archived-NAME`: `true` or null).
        public func checked() throws(InterchangeJSONFailure) -> (key: String, value: String?, modified: Date) {
            if let key = Settings.Key(rawValue: key) {
                if let value {
                    var check = Settings()
                    guard (try? check.apply(key, value)) == value else { throw InterchangeJSONFailure("setting \(quoted(self.key)) has a value habit does not take") }
                }
            } else if key == InternalSettingKey.remindersPaused.rawValue || Habit.allCases.contains(where: { Settings.archivedKey($0) == key }) {
                guard value == nil || value == "true" else { throw InterchangeJSONFailure("setting \(quoted(key)) has a value habit does not take") }
            } else {
                throw InterchangeJSONFailure("\(quoted(key)) is not a setting")
            }
            return (key, value, try InterchangeField.instant(modified, "setting.modified"))
        }
    }

    public struct Reminder: Codable, Equatable, Sendable {
        public let uuid: String
        public let title: String
        public let message: String
        public let activity: String
        public let time: String
        /// Monday = 1, …, Sunday = 64.
        public let weekdays: Int
        public let lookbackHours: Int
        public let enabled: Bool
        public let created: String
        public let modified: String

        public init(_ r: HabitKit.Reminder, calendar: HabitCalendar) {
            (uuid, title, message, activity) = (r.uuid?.storeText ?? "", r.title, r.message, r.activity)
            (time, weekdays, lookbackHours, enabled) = (r.time.description, r.weekdays.mask, r.lookbackHours, r.enabled)
            (created, modified) = (InterchangeField.text(of: r.created, calendar), InterchangeField.text(of: r.modified, calendar))
        }

        /// The reminder, every field checked.
        public func reminder() throws(InterchangeJSONFailure) -> HabitKit.Reminder {
            typealias F = InterchangeField
            guard let time = LocalTime(time), (1...127).contains(weekdays), (1...24).contains(lookbackHours) else {
                throw InterchangeJSONFailure("reminder \(uuid) has a time, days or look-back habit does not take")
            }
            return HabitKit.Reminder(
                // Empty words are the default ones, composed at delivery (``ReminderWords``).
                title: try F.text(title, "reminder.title", emptyAllowed: true),
                message: try F.text(message, "reminder.message", limit: 4096, emptyAllowed: true),
                activity: try F.text(activity, "reminder.activity", limit: 64), time: time, weekdays: WeekdaySet(mask: weekdays),
                lookbackHours: lookbackHours, enabled: enabled, created: try F.instant(created, "reminder.created"),
                uuid: try F.uuid(uuid, "reminder.uuid"), modified: try F.instant(modified, "reminder.modified"))
        }
    }

    public struct Removed: Codable, Equatable, Sendable {
        public let id: String
        public let modified: String
    }

    public struct Occurrence: Codable, Equatable, Sendable {
        public let reminder: String
        public let day: String
        public let at: String
        /// `cancelled`, `suppressed` or `delivered`.
        public let state: String
        public let handled: String

        public init(reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date, calendar: HabitCalendar) {
            (self.reminder, self.day, self.state) = (reminder.storeText, day.description, state.rawValue)
            (self.at, self.handled) = (InterchangeField.text(of: at, calendar), InterchangeField.text(of: handled, calendar))
        }

        /// The occurrence, every field checked.
        public func checked() throws(InterchangeJSONFailure) -> (reminder: UUID, day: LocalDay, at: Date, state: OccurrenceState, handled: Date) {
            typealias F = InterchangeField
            guard let day = LocalDay(day), let state = OccurrenceState(rawValue: state) else {
                throw InterchangeJSONFailure("occurrence has a day or state habit does not know")
            }
            return (try F.uuid(reminder, "occurrence.reminder"), day, try F.instant(at, "occurrence.at"), state,
                    try F.instant(handled, "occurrence.handled"))
        }
    }

    public let kind: String
    public let deleted: Deleted?
    public let setting: Setting?
    public let reminder: Reminder?
    public let reminderDeleted: Removed?
    public let habitDeleted: Removed?
    public let occurrence: Occurrence?

    init(kind: String, deleted: Deleted? = nil, setting: Setting? = nil, reminder: Reminder? = nil, reminderDeleted: Removed? = nil,
         habitDeleted: Removed? = nil, occurrence: Occurrence? = nil) {
        (self.kind, self.deleted, self.setting, self.reminder) = (kind, deleted, setting, reminder)
        (self.reminderDeleted, self.habitDeleted, self.occurrence) = (reminderDeleted, habitDeleted, occurrence)
    }

    /// The line of `object`; nil for a data object (the interchange format writes those).
    public init?(_ object: SyncObject, calendar: HabitCalendar) {
        func time(_ d: Date) -> String { InterchangeField.text(of: d, calendar) }
        switch object {
        case .data: return nil
        case .deleted(let uuid, let kind, let type):
            self.init(kind: "deleted", deleted: Deleted(uuid: uuid.storeText, kind: kind.rawValue, type: type))
        case .setting(let key, let value, let modified):
            self.init(kind: "setting", setting: Setting(key: key, value: value, modified: modified, calendar: calendar))
        case .reminder(let r):
            self.init(kind: "reminder", reminder: Reminder(r, calendar: calendar))
        case .reminderDeleted(let uuid, let modified):
            self.init(kind: "reminderDeleted", reminderDeleted: Removed(id: uuid.storeText, modified: time(modified)))
        case .habitDeleted(let id, let modified):
            self.init(kind: "habitDeleted", habitDeleted: Removed(id: id, modified: time(modified)))
        case .occurrence(let reminder, let day, let at, let state, let handled):
            self.init(kind: "occurrence", occurrence: Occurrence(reminder: reminder, day: day, at: at, state: state,
                                                                 handled: handled, calendar: calendar))
        }
    }

    /// The object this line describes, every field checked.
    public func object() throws(InterchangeJSONFailure) -> SyncObject {
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
            return .habitDeleted(id: try F.uuid(d.id, "habitDeleted.id").storeText, modified: try F.instant(d.modified, "habitDeleted.modified"))
        case ("occurrence", nil, nil, nil, nil, nil, let o?):
            let o = try o.checked()
            return .occurrence(reminder: o.reminder, day: o.day, at: o.at, state: o.state, handled: o.handled)
        default:
            throw InterchangeJSONFailure("\(quoted(kind)) is not a kind of line habit writes, or its object is missing")
        }
    }

    /// The encoder of sync files: keys sorted, slashes as they are, and numbers JSON cannot write
    /// (a store written before imports refused them may hold ±Infinity or NaN) as strings.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    /// The decoder of sync files (the strings ``encoder()`` writes for numbers JSON cannot write
    /// read back as those numbers).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// The bytes of the line of `object` (without its newline): a data object as `DataLine`
    /// writes it, the others as ``SyncLine``.
    public static func encode<DataLine: InterchangeDataLine>(_ object: SyncObject, dataLines: DataLine.Type, calendar: HabitCalendar,
                                                             _ encoder: JSONEncoder) throws -> [UInt8] {
        if case .data(let data) = object { return Array(try encoder.encode(DataLine(data, calendar: calendar))) }
        guard let line = SyncLine(object, calendar: calendar) else { return [] }
        return Array(try encoder.encode(line))
    }

    /// From this many lines on, ``decodeEach(_:of:dataLines:_:)`` decodes on a second thread.
    static let twoThreadsFromLines = 4096

    /// Whether `line` opens as habit writes a sample's or a workout's line (`{"kind":"sample",`,
    /// keys sorted): the lines a sync decodes while it applies them (``SyncMerge/Plan``).
    public static func opensAsSampleOrWorkout(_ line: [UInt8]) -> Bool {
        line.starts(with: samplePrefix) || line.starts(with: workoutPrefix)
    }

    private static let samplePrefix = Array(#"{"kind":"sample","#.utf8)
    private static let workoutPrefix = Array(#"{"kind":"workout","#.utf8)

    /// Decodes each of the lines `lines` names in `peers` (as ``decode(_:dataLines:_:)`` does), in
    /// their order, and hands each object — or why the line is not one — with its position in
    /// `lines` to `apply` on the calling thread. Many lines are decoded on a second thread while
    /// `apply` works (a line's object depends on nothing but its bytes); an error `apply` throws
    /// stops the decoding and is thrown.
    static func decodeEach<DataLine: InterchangeDataLine>(_ lines: [(peer: Int, line: Int)], of peers: [SyncPeer], dataLines: DataLine.Type,
                                                          _ apply: (Result<SyncObject, InterchangeJSONFailure>, Int) throws -> Void) throws {
        func decoded(_ index: Int, _ decoder: JSONDecoder) -> Result<SyncObject, InterchangeJSONFailure> {
            let (peer, line) = lines[index]
            return Result { () throws(InterchangeJSONFailure) in try decode(peers[peer].lines[line], dataLines: DataLine.self, decoder) }
        }
        guard lines.count >= twoThreadsFromLines else {
            let decoder = decoder()
            for index in lines.indices { try apply(decoded(index, decoder), index) }
            return
        }
        try ImportPipeline.onTwoThreads(produce: { emit in
            let decoder = decoder()
            for index in lines.indices { try emit((decoded(index, decoder), index), index) }
            return ((), lines.count)
        }, consume: { item, _ in try apply(item.0, item.1) })
    }

    private struct Kind: Decodable { let kind: String }

    /// The object of one line, every field checked: a data line read as `DataLine`.
    public static func decode<DataLine: InterchangeDataLine>(_ bytes: [UInt8], dataLines: DataLine.Type,
                                                             _ decoder: JSONDecoder) throws(InterchangeJSONFailure) -> SyncObject {
        if let object = try bytes.withUnsafeBufferPointer({ b throws(InterchangeJSONFailure) in try DataLine.quickObject(b) }) { return .data(object) }
        let data = Data(bytes)
        let kind: String
        do { kind = try decoder.decode(Kind.self, from: data).kind } catch { throw InterchangeJSONFailure("not a JSON object with a \"kind\"") }
        if DataLine.dataKinds.contains(kind) {
            let line: DataLine
            do { line = try decoder.decode(DataLine.self, from: data) } catch {
                throw InterchangeJSONFailure("not a \(kind) line (\(InterchangeJSONFailure.describe(error)))")
            }
            return .data(try line.object())
        }
        let line: SyncLine
        do { line = try decoder.decode(SyncLine.self, from: data) } catch {
            throw InterchangeJSONFailure("not a \(kind) line (\(InterchangeJSONFailure.describe(error)))")
        }
        return try line.object()
    }
}
