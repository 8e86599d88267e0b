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
        case ("sample", _, let s?, _, _, _) where others == 1: return try DataObject.sample(s).object()
        case ("workout", _, _, let w?, _, _) where others == 1: return try DataObject.workout(w).object()
        case ("skip", _, _, _, let s?, _) where others == 1: return try DataObject.skip(s).object()
        case ("activitySummary", _, _, _, _, let a?) where others == 1: return try DataObject.activitySummary(a).object()
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
/// "per","times","from","sources","since","archived","created","modified"}`, `"asks":false` for a
/// habit that only records (absent, as in lines of older versions: it asks), and `"days":D` beside
/// `"per":"days"` for N days in any D (absent for every other period, as in older lines), and
/// `"on":["mon","wed","fri"]` for a daily habit on a weekday schedule (absent: every day, as in
/// older lines), and `"tags":["health","morning"]` for a habit with tags (absent: none, as in older lines).
struct InterchangeHabitJSON: Codable, Equatable {
    let id: String
    let name: String
    let kind: String
    @Nullable var unit: String?
    /// `atLeast`, `atMost` or null.
    @Nullable var goal: String?
    @Nullable var target: Double?
    let per: String
    /// D of `"per":"days"`; written only then.
    var days: Int?
    let times: Int
    @Nullable var from: String?
    /// `app`, `all`, or the sources named.
    let sources: HabitEntryJSON.Sources
    let since: String
    let archived: Bool
    /// Written only when false.
    var asks: Bool?
    /// A weekday schedule's days, `mon` … `sun`; written only for one.
    var on: [String]?
    /// The habit's tags, sorted; written only when it has some.
    var tags: [String]?
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
        per = d.per.name
        days = d.per.days
        times = d.times
        from = d.fromType
        sources = HabitEntryJSON.Sources(d.sources)
        since = d.since.description
        archived = d.archived
        asks = d.asks ? nil : false
        on = d.on?.words
        tags = d.tags.isEmpty ? nil : d.tags
        created = InterchangeLineJSON.instant(d.created, calendar)
        modified = InterchangeLineJSON.instant(d.modified, calendar)
    }

    func definition() throws(InterchangeJSONFailure) -> HabitDefinition {
        guard let uuid = UUID(text: id) else { throw InterchangeJSONFailure("habit \"id\" is not a UUID: \(quoted(id))") }
        do { _ = try HabitName.validate(name) } catch .mixedScripts {
            // Read: the store names it in one script, as it renames a clash (``HabitName/inOneScript(_:)``).
        } catch { throw InterchangeJSONFailure("habit \"name\": \(error.description)") }
        guard let kind = HabitDefinition.Kind(rawValue: kind), kind != .builtin,
              let per = HabitDefinition.Period(name: per, days: days), (1...(per.days ?? 31)).contains(times),
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
        var schedule: WeekdaySet?
        if let on {
            guard let days = WeekdaySet(words: on), per == .day else {
                throw InterchangeJSONFailure("habit \(quoted(name)) has an \"on\" habit does not take: days of the week as mon … sun, each once, for a daily habit")
            }
            schedule = days
        }
        var tags: [String] = []
        if let given = self.tags {
            guard let checked = HabitTag.canonical(given) else {
                throw InterchangeJSONFailure("habit \(quoted(name)) has \"tags\" habit does not take: 1–\(HabitTag.maximumPerHabit) tags, each once, sorted, written as habit writes them")
            }
            tags = checked
        }
        let unit = try self.unit.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "unit", limit: 64) }
        let from = try self.from.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "from", limit: 256) }
        return HabitDefinition(id: uuid.storeText, name: name, kind: kind, unit: unit, goal: goal, per: per, times: times,
                               fromType: from, sources: sources.filter, since: since, archived: archived, asks: asks ?? true,
                               on: schedule, created: try InterchangeField.instant(created, "created"),
                               modified: try InterchangeField.instant(modified, "modified"), tags: tags)
    }
}

/// What the interchange format keeps of a sample or workout beside the keys of `habit changes
/// --json`: `sourceName`, `sourceVersion`, `device`, `created`, `utcOffset`, `timeZone`.
struct RecordedJSON: Codable, Equatable {
    let sourceName: String
    /// Left out when none (likewise device).
    let sourceVersion: String?
    let device: String?
    let created: String
    /// null when the zone is unknown (`timeZone` "").
    @Nullable var utcOffset: Int?
    let timeZone: String

    /// The zone the object was recorded in, at its `start`: the offset is the zone's at the start;
    /// a zone habit does not know is unknown (RecordedZone).
    func zone(at start: Date) throws(InterchangeJSONFailure) -> (offset: Int, zoneID: String) {
        guard abs(utcOffset ?? 0) <= 18 * 3600 else { throw InterchangeJSONFailure("\"utcOffset\" is beyond ±18 hours") }
        let zone = RecordedZone.resolve(timeZone, at: start.timeIntervalSince1970)
        return (zone.offset, zone.zoneID)
    }

    func createdInstant() throws(InterchangeJSONFailure) -> Date { try InterchangeField.instant(created, "created") }

    func source() throws(InterchangeJSONFailure) -> SourceDescription { try InterchangeField.sourceDescription(sourceName, sourceVersion) }
}

/// Two shapes written as one JSON object: every key of `first`, then every key of `second` (the
/// keys are distinct). Decoding reads both from the same object.
struct MergedJSON<First: Codable & Equatable, Second: Codable & Equatable>: Codable, Equatable {
    let first: First
    let second: Second

    init(_ first: First, _ second: Second) { (self.first, self.second) = (first, second) }

    init(from decoder: any Decoder) throws {
        first = try First(from: decoder)
        second = try Second(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try first.encode(to: encoder)
        try second.encode(to: encoder)
    }
}

/// A sample: the keys of `habit changes --json` (``SampleJSON``, instants with their
/// microseconds) and ``RecordedJSON``'s.
typealias InterchangeSampleJSON = MergedJSON<SampleJSON, RecordedJSON>

extension MergedJSON where First == SampleJSON, Second == RecordedJSON {
    init(_ s: Sample, source: SourceDescription, calendar: HabitCalendar) {
        let instant = { InterchangeLineJSON.instant($0, calendar) }
        self.init(SampleJSON(s, instant: instant),
                  RecordedJSON(source: source, device: s.device, created: instant(s.created), utcOffset: s.utcOffset, timeZoneID: s.timeZoneID))
    }

    var sample: SampleJSON { first }
    var recorded: RecordedJSON { second }

    func object() throws(InterchangeJSONFailure) -> InterchangeObject {
        let s = sample
        let start = try InterchangeField.instant(s.start, "start"), end = try InterchangeField.instant(s.end, "end")
        guard start <= end else { throw InterchangeJSONFailure("sample \(s.uuid) ends before it starts") }
        if let problem = StoredNumbers.problem(value: s.value, type: s.type) { throw InterchangeJSONFailure("sample \(s.uuid): \(problem)") }
        let zone = try recorded.zone(at: start)
        let sample = Sample(uuid: try InterchangeField.uuid(s.uuid, "uuid"), type: try InterchangeField.text(s.type, "type", limit: 256),
                            start: start, end: end, value: s.value,
                            unit: try s.unit.map { text throws(InterchangeJSONFailure) in try InterchangeField.text(text, "unit", limit: 64) },
                            source: try InterchangeField.source(s.source), device: recorded.device, metadata: s.metadata ?? [:],
                            created: try recorded.createdInstant(), utcOffset: zone.offset, timeZoneID: zone.zoneID,
                            workout: try s.workout.map { text throws(InterchangeJSONFailure) in try InterchangeField.uuid(text, "workout") })
        return .sample(sample, try recorded.source())
    }
}

/// A workout: the keys of `habit changes --json` (``WorkoutJSON``, instants with their
/// microseconds), ``RecordedJSON``'s, and `statistics`, `events`.
typealias InterchangeWorkoutJSON = MergedJSON<MergedJSON<WorkoutJSON, RecordedJSON>, WorkoutDetailsJSON>

/// A workout's statistics and events; each left out when there are none.
struct WorkoutDetailsJSON: Codable, Equatable {
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

    let statistics: [Statistic]?
    let events: [Event]?
}

extension WorkoutDetailsJSON {
    /// A workout's statistics and events as a line writes them (instants with their microseconds).
    init(_ statistics: [WorkoutStatistic], _ events: [WorkoutEvent], calendar: HabitCalendar) {
        func time(_ d: Date?) -> String? { d.map { InterchangeLineJSON.instant($0, calendar) } }
        self.init(statistics: statistics.isEmpty ? nil : statistics.map {
                      .init(type: $0.type, start: time($0.start), end: time($0.end), average: $0.average, minimum: $0.minimum,
                            maximum: $0.maximum, sum: $0.sum, unit: $0.unit)
                  },
                  events: events.isEmpty ? nil : events.map {
                      .init(type: $0.type, date: time($0.date), duration: $0.duration, durationUnit: $0.durationUnit)
                  })
    }
}

extension MergedJSON where First == MergedJSON<WorkoutJSON, RecordedJSON>, Second == WorkoutDetailsJSON {
    init(_ w: Workout, source: SourceDescription, statistics: [WorkoutStatistic], events: [WorkoutEvent], calendar: HabitCalendar) {
        let instant = { InterchangeLineJSON.instant($0, calendar) }
        self.init(MergedJSON<WorkoutJSON, RecordedJSON>(
                      WorkoutJSON(w, instant: instant),
                      RecordedJSON(source: source, device: w.device, created: instant(w.created), utcOffset: w.utcOffset, timeZoneID: w.timeZoneID)),
                  WorkoutDetailsJSON(statistics, events, calendar: calendar))
    }

    var workout: WorkoutJSON { first.first }
    var recorded: RecordedJSON { first.second }
    var details: WorkoutDetailsJSON { second }

    func object() throws(InterchangeJSONFailure) -> InterchangeObject {
        func time(_ text: String?, _ key: String) throws(InterchangeJSONFailure) -> Date? {
            try text.map { t throws(InterchangeJSONFailure) in try InterchangeField.instant(t, key) }
        }
        let w = workout
        let start = try InterchangeField.instant(w.start, "start"), end = try InterchangeField.instant(w.end, "end")
        guard start <= end, w.duration.isFinite, w.duration >= 0 else { throw InterchangeJSONFailure("workout \(w.uuid) has a negative span") }
        if let problem = StoredNumbers.problem(duration: w.duration, energyKcal: w.totalEnergyKcal, distanceMeters: w.totalDistanceMeters) {
            throw InterchangeJSONFailure("workout \(w.uuid): \(problem)")
        }
        let zone = try recorded.zone(at: start)
        let workout = Workout(uuid: try InterchangeField.uuid(w.uuid, "uuid"),
                              activityType: try InterchangeField.text(w.activityType, "activityType", limit: 256), start: start, end: end,
                              duration: w.duration, totalEnergyKcal: w.totalEnergyKcal, totalDistanceMeters: w.totalDistanceMeters,
                              source: try InterchangeField.source(w.source), device: recorded.device, metadata: w.metadata ?? [:],
                              created: try recorded.createdInstant(), utcOffset: zone.offset, timeZoneID: zone.zoneID)
        var stats: [WorkoutStatistic] = []
        for s in details.statistics ?? [] {
            stats.append(WorkoutStatistic(type: try InterchangeField.text(s.type, "statistics.type", limit: 256),
                                          start: try time(s.start, "statistics.start"), end: try time(s.end, "statistics.end"),
                                          average: s.average, minimum: s.minimum, maximum: s.maximum, sum: s.sum, unit: s.unit))
        }
        var evs: [WorkoutEvent] = []
        for e in details.events ?? [] {
            evs.append(WorkoutEvent(type: try InterchangeField.text(e.type, "events.type", limit: 256), date: try time(e.date, "events.date"),
                                    duration: e.duration, durationUnit: e.durationUnit))
        }
        return .workout(workout, try recorded.source(), statistics: stats, events: evs)
    }
}

/// `{"kind":"anchor","anchor":{"name"}}`: a name saved with `habit changes --save NAME`. Only the
/// name travels: anchor numbers are each store's own.
struct AnchorNameJSON: Codable, Equatable {
    let name: String

    func checked() throws(InterchangeJSONFailure) -> String {
        do { try AnchorName.validate(name) } catch { throw InterchangeJSONFailure("anchor \(quoted(name)): use letters, digits, '-', '_' and '.' (at most 64)") }
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

/// Its memberwise initialiser (Swift's, kept by writing this in an extension) is what the quick
/// reader (``InterchangeLineReader``) makes it with.
extension RecordedJSON {
    init(source: SourceDescription, device: String?, created: String, utcOffset: Int, timeZoneID: String) {
        self.init(sourceName: source.name, sourceVersion: source.version, device: device, created: created,
                  utcOffset: RecordedZone.shown(offset: utcOffset, zoneID: timeZoneID), timeZone: timeZoneID)
    }
}

/// Made from the fields the quick reader read (``InterchangeLineReader``).
extension ActivitySummaryJSON {
    /// The keys of the figures, in the order of ``init(day:figures:)``.
    static let figureKeys: [StaticString] = ["moveKcal", "moveGoalKcal", "moveMinutes", "moveGoalMinutes", "exerciseMinutes",
                                             "exerciseGoalMinutes", "standHours", "standGoalHours"]

    init(day: String, figures f: [Double?]) {
        self.day = day
        _moveKcal = Nullable(wrappedValue: f[0])
        _moveGoalKcal = Nullable(wrappedValue: f[1])
        _moveMinutes = Nullable(wrappedValue: f[2])
        _moveGoalMinutes = Nullable(wrappedValue: f[3])
        _exerciseMinutes = Nullable(wrappedValue: f[4])
        _exerciseGoalMinutes = Nullable(wrappedValue: f[5])
        _standHours = Nullable(wrappedValue: f[6])
        _standGoalHours = Nullable(wrappedValue: f[7])
    }
}
