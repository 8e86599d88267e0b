import Foundation
import HabitKit

/// One line of the interchange format (`habit export --format ndjson`, `habit import
/// FILE.ndjson`): `{"kind":K, "K":{…}}`. The data kinds — `habit`, `sample`, `workout`, `skip`,
/// `activitySummary` — carry every key of `habit changes --json` plus what the store keeps beside
/// them (device, creation date, source name and the object's own source version, UTC offset and
/// zone, a workout's statistics and events), so a file gives back the store it was made from.
/// An export of the whole store adds its configuration: `setting`, `reminder` and `occurrence`
/// in the shapes sync writes (``SyncLine``), and `anchor` (a saved anchor's name). Instants
/// carry their microseconds when they have any. Standards/import-export.md, "The interchange format".
struct InterchangeLineJSON: Codable, Equatable {
    let kind: String
    let habit: InterchangeHabitJSON?
    let sample: InterchangeSampleJSON?
    let workout: InterchangeWorkoutJSON?
    let skip: SkippedDayJSON?
    let activitySummary: ActivitySummaryJSON?
    let setting: SyncLine.Setting?
    let reminder: SyncLine.Reminder?
    let occurrence: SyncLine.Occurrence?
    let anchor: AnchorNameJSON?

    /// The kinds of data lines (sync sends these as they are).
    static let dataKinds = ["habit", "sample", "workout", "skip", "activitySummary"]
    /// Every `kind` of line the interchange format has.
    static let kinds = dataKinds + ["setting", "reminder", "occurrence", "anchor"]

    init(_ object: InterchangeObject, calendar: HabitCalendar) { self.init(.data(object), calendar: calendar) }

    init(_ line: InterchangeLine, calendar: HabitCalendar) {
        var (habit, sample, workout, skip): (InterchangeHabitJSON?, InterchangeSampleJSON?, InterchangeWorkoutJSON?, SkippedDayJSON?)
        var summary: ActivitySummaryJSON?
        var (setting, reminder, occurrence, anchor): (SyncLine.Setting?, SyncLine.Reminder?, SyncLine.Occurrence?, AnchorNameJSON?)
        switch line {
        case .data(.habit(let h)):
            kind = "habit"
            habit = InterchangeHabitJSON(h, calendar: calendar)
        case .data(.sample(let s, let source)):
            kind = "sample"
            sample = InterchangeSampleJSON(s, source: source, calendar: calendar)
        case .data(.workout(let w, let source, let statistics, let events)):
            kind = "workout"
            workout = InterchangeWorkoutJSON(w, source: source, statistics: statistics, events: events, calendar: calendar)
        case .data(.skip(let s)):
            kind = "skip"
            skip = SkippedDayJSON(s, calendar: calendar)
        case .data(.activitySummary(let s)):
            kind = "activitySummary"
            summary = ActivitySummaryJSON(s)
        case .setting(let key, let value, let modified):
            kind = "setting"
            setting = SyncLine.Setting(key: key, value: value, modified: modified, calendar: calendar)
        case .reminder(let r):
            kind = "reminder"
            reminder = SyncLine.Reminder(r, calendar: calendar)
        case .occurrence(let r, let day, let at, let state, let handled):
            kind = "occurrence"
            occurrence = SyncLine.Occurrence(reminder: r, day: day, at: at, state: state, handled: handled, calendar: calendar)
        case .anchor(let name):
            kind = "anchor"
            anchor = AnchorNameJSON(name: name)
        }
        (self.habit, self.sample, self.workout, self.skip, self.activitySummary) = (habit, sample, workout, skip, summary)
        (self.setting, self.reminder, self.occurrence, self.anchor) = (setting, reminder, occurrence, anchor)
    }

    /// The line this JSON describes, every field checked; `reason` says what is wrong.
    func line() throws(InterchangeJSONFailure) -> InterchangeLine {
        let present = [habit != nil, sample != nil, workout != nil, skip != nil, activitySummary != nil,
                       setting != nil, reminder != nil, occurrence != nil, anchor != nil].filter { $0 }.count
        guard present == 1 else { throw Self.wrongKind }
        switch (kind, setting, reminder, occurrence, anchor) {
        case ("setting", let s?, _, _, _):
            let (key, value, modified) = try s.checked()
            return .setting(key: key, value: value, modified: modified)
        case ("reminder", _, let r?, _, _): return .reminder(try r.reminder())
        case ("occurrence", _, _, let o?, _):
            let o = try o.checked()
            return .occurrence(reminder: o.reminder, day: o.day, at: o.at, state: o.state, handled: o.handled)
        case ("anchor", _, _, _, let a?): return .anchor(name: try a.checked())
        default: return .data(try object())
        }
    }

    /// The data object this line describes, every field checked; `reason` says what is wrong.
    func object() throws(InterchangeJSONFailure) -> InterchangeObject {
        let others = [habit != nil, sample != nil, workout != nil, skip != nil, activitySummary != nil,
                      setting != nil, reminder != nil, occurrence != nil, anchor != nil].filter { $0 }.count
        switch (kind, habit, sample, workout, skip, activitySummary) {
        case ("habit", let h?, _, _, _, _) where others == 1: return .habit(try h.definition())
        case ("sample", _, let s?, _, _, _) where others == 1: return try s.object()
        case ("workout", _, _, let w?, _, _) where others == 1: return try w.object()
        case ("skip", _, _, _, let s?, _) where others == 1: return .skip(try s.skippedDay())
        case ("activitySummary", _, _, _, _, let a?) where others == 1: return .activitySummary(try a.summary())
        default: throw Self.wrongKind
        }
    }

    private static var wrongKind: InterchangeJSONFailure {
        InterchangeJSONFailure("\"kind\" must be \(kinds.dropLast().joined(separator: ", ")) or \(kinds.last ?? ""), with that one object beside it")
    }

    static func instant(_ date: Date, _ calendar: HabitCalendar) -> String {
        InterchangeField.text(of: date, calendar)
    }
}

/// A habit definition with its identity and times: `{"id","name","kind","unit","goal","target",
/// "per","times","from","sources","since","archived","created","modified"}`.
struct InterchangeHabitJSON: Codable, Equatable {
    let id: String
    let name: String
    let kind: String
    @Nullable var unit: String?
    /// `atLeast`, `atMost` or null.
    @Nullable var goal: String?
    @Nullable var target: Double?
    let per: String
    let times: Int
    @Nullable var from: String?
    /// `app`, `all`, or the sources named.
    let sources: HabitEntryJSON.Sources
    let since: String
    let archived: Bool
    let created: String
    let modified: String

    init(_ d: HabitDefinition, calendar: HabitCalendar) {
        id = d.id
        name = d.name
        kind = d.kind.rawValue
        unit = d.unit
        switch d.goal {
        case .atLeast(let x)?: (goal, target) = ("atLeast", x)
        case .atMost(let x)?: (goal, target) = ("atMost", x)
        case nil: (goal, target) = (nil, nil)
        }
        per = d.per.rawValue
        times = d.times
        from = d.fromType
        sources = HabitEntryJSON.Sources(d.sources)
        since = d.since.description
        archived = d.archived
        created = InterchangeLineJSON.instant(d.created, calendar)
        modified = InterchangeLineJSON.instant(d.modified, calendar)
    }

    func definition() throws(InterchangeJSONFailure) -> HabitDefinition {
        guard UUID(uuidString: id) != nil else { throw InterchangeJSONFailure("habit \"id\" is not a UUID: \(quoted(id))") }
        do { _ = try HabitName.validate(name) } catch { throw InterchangeJSONFailure("habit \"name\": \(error.description)") }
        guard let kind = HabitDefinition.Kind(rawValue: kind), kind != .builtin,
              let per = HabitDefinition.Period(rawValue: per), (1...31).contains(times),
              let since = LocalDay(since), SupportedDates.contains(since) else {
            throw InterchangeJSONFailure("habit \(quoted(name)) has a kind, period, times or since habit does not know")
        }
        let goal: HabitDefinition.Goal?
        switch (self.goal, target) {
        case (nil, nil): goal = nil
        case ("atLeast", let x?) where x.isFinite && x > 0 && x < StoredNumbers.magnitude: goal = .atLeast(x)
        case ("atMost", let x?) where x.isFinite && x > 0 && x < StoredNumbers.magnitude: goal = .atMost(x)
        default: throw InterchangeJSONFailure("habit \(quoted(name)) has a goal and target habit does not know")
        }
        let unit = try self.unit.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "unit", limit: 64) }
        let from = try self.from.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "from", limit: 256) }
        return HabitDefinition(id: id.lowercased(), name: name, kind: kind, unit: unit, goal: goal, per: per, times: times,
                               fromType: from, sources: sources.filter, since: since, archived: archived,
                               created: try InterchangeField.instant(created, "created"),
                               modified: try InterchangeField.instant(modified, "modified"))
    }
}

/// A sample: the keys of `habit changes --json` and `sourceName`, `sourceVersion`, `device`,
/// `created`, `utcOffset`, `timeZone`.
struct InterchangeSampleJSON: Codable, Equatable {
    let uuid: String
    let type: String
    let start: String
    let end: String
    @Nullable var value: Double?
    @Nullable var unit: String?
    let source: String
    let sourceName: String
    /// Left out when none (likewise device, workout, metadata).
    let sourceVersion: String?
    let device: String?
    let created: String
    /// null when the zone is unknown (`timeZone` "").
    @Nullable var utcOffset: Int?
    let timeZone: String
    let workout: String?
    let metadata: [String: String]?

    init(_ s: Sample, source: SourceDescription, calendar: HabitCalendar) {
        uuid = s.uuid.uuidString.lowercased()
        type = s.type
        start = InterchangeLineJSON.instant(s.start, calendar)
        end = InterchangeLineJSON.instant(s.end, calendar)
        value = s.value
        unit = s.unit
        self.source = s.source.bundleID
        sourceName = source.name
        sourceVersion = source.version
        device = s.device
        created = InterchangeLineJSON.instant(s.created, calendar)
        utcOffset = RecordedZone.shown(offset: s.utcOffset, zoneID: s.timeZoneID)
        timeZone = s.timeZoneID
        workout = s.workout?.uuidString.lowercased()
        metadata = s.metadata.isEmpty ? nil : s.metadata
    }

    func object() throws(InterchangeJSONFailure) -> InterchangeObject {
        let start = try InterchangeField.instant(start, "start"), end = try InterchangeField.instant(end, "end")
        guard start <= end else { throw InterchangeJSONFailure("sample \(uuid) ends before it starts") }
        if let problem = StoredNumbers.problem(value: value, type: type) { throw InterchangeJSONFailure("sample \(uuid): \(problem)") }
        guard abs(utcOffset ?? 0) <= 18 * 3600 else { throw InterchangeJSONFailure("\"utcOffset\" is beyond ±18 hours") }
        // The offset is the zone's at the start; a zone habit does not know is unknown (RecordedZone).
        let zone = RecordedZone.resolve(timeZone, at: start.timeIntervalSince1970)
        let sample = Sample(uuid: try InterchangeField.uuid(uuid, "uuid"), type: try InterchangeField.text(type, "type", limit: 256),
                            start: start, end: end, value: value,
                            unit: try unit.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "unit", limit: 64) },
                            source: try InterchangeField.source(source), device: device, metadata: metadata ?? [:],
                            created: try InterchangeField.instant(created, "created"), utcOffset: zone.offset, timeZoneID: zone.zoneID,
                            workout: try workout.map { text throws(InterchangeJSONFailure) in try InterchangeField.uuid(text, "workout") })
        return .sample(sample, try InterchangeField.sourceDescription(sourceName, sourceVersion))
    }
}

/// A workout: the keys of `habit changes --json` and `sourceName`, `sourceVersion`, `device`,
/// `created`, `utcOffset`, `timeZone`, `statistics`, `events`.
struct InterchangeWorkoutJSON: Codable, Equatable {
    struct Statistic: Codable, Equatable {
        let type: String
        let start: String?
        let end: String?
        let average: Double?
        let minimum: Double?
        let maximum: Double?
        let sum: Double?
        let unit: String?
    }

    struct Event: Codable, Equatable {
        let type: String
        let date: String?
        let duration: Double?
        let durationUnit: String?
    }

    let uuid: String
    let activityType: String
    let start: String
    let end: String
    let duration: Double
    @Nullable var totalEnergyKcal: Double?
    @Nullable var totalDistanceMeters: Double?
    let source: String
    let sourceName: String
    let sourceVersion: String?
    let device: String?
    let created: String
    /// null when the zone is unknown (`timeZone` "").
    @Nullable var utcOffset: Int?
    let timeZone: String
    let metadata: [String: String]?
    let statistics: [Statistic]?
    let events: [Event]?

    init(_ w: Workout, source: SourceDescription, statistics: [WorkoutStatistic], events: [WorkoutEvent], calendar: HabitCalendar) {
        func time(_ d: Date?) -> String? { d.map { InterchangeLineJSON.instant($0, calendar) } }
        uuid = w.uuid.uuidString.lowercased()
        activityType = w.activityType
        start = InterchangeLineJSON.instant(w.start, calendar)
        end = InterchangeLineJSON.instant(w.end, calendar)
        duration = w.duration
        totalEnergyKcal = w.totalEnergyKcal
        totalDistanceMeters = w.totalDistanceMeters
        self.source = w.source.bundleID
        sourceName = source.name
        sourceVersion = source.version
        device = w.device
        created = InterchangeLineJSON.instant(w.created, calendar)
        utcOffset = RecordedZone.shown(offset: w.utcOffset, zoneID: w.timeZoneID)
        timeZone = w.timeZoneID
        metadata = w.metadata.isEmpty ? nil : w.metadata
        self.statistics = statistics.isEmpty ? nil : statistics.map {
            Statistic(type: $0.type, start: time($0.start), end: time($0.end), average: $0.average, minimum: $0.minimum,
                      maximum: $0.maximum, sum: $0.sum, unit: $0.unit)
        }
        self.events = events.isEmpty ? nil : events.map {
            Event(type: $0.type, date: time($0.date), duration: $0.duration, durationUnit: $0.durationUnit)
        }
    }

    func object() throws(InterchangeJSONFailure) -> InterchangeObject {
        func time(_ text: String?, _ key: String) throws(InterchangeJSONFailure) -> Date? {
            try text.map { t throws(InterchangeJSONFailure) in try InterchangeField.instant(t, key) }
        }
        let start = try InterchangeField.instant(start, "start"), end = try InterchangeField.instant(end, "end")
        guard start <= end, duration.isFinite, duration >= 0 else { throw InterchangeJSONFailure("workout \(uuid) has a negative span") }
        if let problem = StoredNumbers.problem(duration: duration, energyKcal: totalEnergyKcal, distanceMeters: totalDistanceMeters) {
            throw InterchangeJSONFailure("workout \(uuid): \(problem)")
        }
        guard abs(utcOffset ?? 0) <= 18 * 3600 else { throw InterchangeJSONFailure("\"utcOffset\" is beyond ±18 hours") }
        // The offset is the zone's at the start; a zone habit does not know is unknown (RecordedZone).
        let zone = RecordedZone.resolve(timeZone, at: start.timeIntervalSince1970)
        let workout = Workout(uuid: try InterchangeField.uuid(uuid, "uuid"),
                              activityType: try InterchangeField.text(activityType, "activityType", limit: 256), start: start, end: end,
                              duration: duration, totalEnergyKcal: totalEnergyKcal, totalDistanceMeters: totalDistanceMeters,
                              source: try InterchangeField.source(source), device: device, metadata: metadata ?? [:],
                              created: try InterchangeField.instant(created, "created"), utcOffset: zone.offset, timeZoneID: zone.zoneID)
        var stats: [WorkoutStatistic] = []
        for s in statistics ?? [] {
            stats.append(WorkoutStatistic(type: try InterchangeField.text(s.type, "statistics.type", limit: 256),
                                          start: try time(s.start, "statistics.start"), end: try time(s.end, "statistics.end"),
                                          average: s.average, minimum: s.minimum, maximum: s.maximum, sum: s.sum, unit: s.unit))
        }
        var evs: [WorkoutEvent] = []
        for e in events ?? [] {
            evs.append(WorkoutEvent(type: try InterchangeField.text(e.type, "events.type", limit: 256), date: try time(e.date, "events.date"),
                                    duration: e.duration, durationUnit: e.durationUnit))
        }
        return .workout(workout, try InterchangeField.sourceDescription(sourceName, sourceVersion),
                        statistics: stats, events: evs)
    }
}

/// `{"kind":"anchor","anchor":{"name"}}`: a name saved with `habit changes --save NAME`. Only the
/// name travels: anchor numbers are each store's own.
struct AnchorNameJSON: Codable, Equatable {
    let name: String

    func checked() throws(InterchangeJSONFailure) -> String {
        do { try HabitStore.validateAnchorName(name) } catch { throw InterchangeJSONFailure("anchor \(quoted(name)): use letters, digits, '-', '_' and '.' (at most 64)") }
        return name
    }
}

extension SkippedDayJSON {
    func skippedDay() throws(InterchangeJSONFailure) -> SkippedDay {
        guard let day = LocalDay(day), SupportedDates.contains(day) else { throw InterchangeJSONFailure("skip \"day\" is not a day: \(quoted(day))") }
        if let habitId, habitId.isEmpty || habitId.utf8.count > 64 { throw InterchangeJSONFailure("skip \"habitId\" is not a habit's id") }
        return SkippedDay(uuid: try InterchangeField.uuid(uuid, "uuid"), habitID: habitId, habitName: habit, day: day,
                          created: try InterchangeField.instant(created, "created"), anchor: 0)
    }
}

extension HabitEntryJSON.Sources {
    var filter: HabitDefinition.SourceFilter {
        switch self {
        case .app: .app
        case .all: .all
        case .named(let names): .named(names)
        }
    }
}

/// `{"kind":"activitySummary","activitySummary":{"day","moveKcal","moveGoalKcal","moveMinutes",
/// "moveGoalMinutes","exerciseMinutes","exerciseGoalMinutes","standHours","standGoalHours"}}`:
/// one day of Activity rings, every figure `null` when the export said nothing of it.
struct ActivitySummaryJSON: Codable, Equatable {
    let day: String
    @Nullable var moveKcal: Double?
    @Nullable var moveGoalKcal: Double?
    @Nullable var moveMinutes: Double?
    @Nullable var moveGoalMinutes: Double?
    @Nullable var exerciseMinutes: Double?
    @Nullable var exerciseGoalMinutes: Double?
    @Nullable var standHours: Double?
    @Nullable var standGoalHours: Double?

    init(_ s: ActivitySummary) {
        day = s.day.description
        (moveKcal, moveGoalKcal, moveMinutes, moveGoalMinutes) = (s.moveKcal, s.moveGoalKcal, s.moveMinutes, s.moveGoalMinutes)
        (exerciseMinutes, exerciseGoalMinutes, standHours, standGoalHours) = (s.exerciseMinutes, s.exerciseGoalMinutes, s.standHours, s.standGoalHours)
    }

    func summary() throws(InterchangeJSONFailure) -> ActivitySummary {
        guard let d = LocalDay(day), SupportedDates.days.contains(d) else {
            throw InterchangeJSONFailure("\"day\" is not a date from 1970 to 2100: \(quoted(day))")
        }
        let figures = [moveKcal, moveGoalKcal, moveMinutes, moveGoalMinutes, exerciseMinutes, exerciseGoalMinutes, standHours, standGoalHours]
        guard figures.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? true }) else {
            throw InterchangeJSONFailure("activity summary \(day) holds a figure that is negative or not finite")
        }
        return ActivitySummary(day: d, moveKcal: moveKcal, moveGoalKcal: moveGoalKcal, moveMinutes: moveMinutes,
                               moveGoalMinutes: moveGoalMinutes, exerciseMinutes: exerciseMinutes,
                               exerciseGoalMinutes: exerciseGoalMinutes, standHours: standHours, standGoalHours: standGoalHours)
    }
}
