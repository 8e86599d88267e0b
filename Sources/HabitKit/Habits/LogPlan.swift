import Foundation

/// What a writer asks to log, with the words it was given already read (Standards/date-semantics.md,
/// "One log pipeline"): every writer builds one — `habit log` (and its fast path), `habit ask`,
/// `habit ui`, the pending journal, a command habit's run — and ``LogPlanner/plan(_:env:)`` turns it
/// into the one ``LogPlan`` that ``HabitStore/write(_:env:)`` stores.
public struct LogRequest: Sendable {
    /// What was done.
    public enum What: Sendable {
        /// A mindful session of `seconds`.
        case meditation(seconds: TimeInterval)
        /// A workout of `activity` lasting `seconds`; `met` overrides the activity's MET value.
        case workout(Activity, seconds: TimeInterval, met: Double?)
        /// A NoAlc day's level (and the drinks, when a number was given).
        case alcohol(NoAlcLevel, drinks: Int?)
        /// An amount of an own habit as typed (`20m`, `3`), nil when none was typed (a yes/no habit: 1).
        case habit(HabitDefinition, amount: String?)
        /// What a command habit's command found (``CommandHabit/Outcome``): an amount, or nil for
        /// "not done" (no entry; the day's earlier result goes).
        case commandResult(HabitDefinition, value: Double?)
    }

    /// When: now, a time as typed (`--at`, `--end`), a day as typed (`--date`) or a day chosen by
    /// the writer (`ask`, `ui`, a command run), or a session's start chosen by the writer.
    public enum When: Sendable {
        /// A session ends now; an instant is now; a NoAlc entry is for the day the 18:00 rule gives.
        case now
        /// `--at TIME` (a session or a duration amount starts then).
        case at(TimeExpression, text: String)
        /// `--end TIME` (a session or a duration amount ends then).
        case end(TimeExpression, text: String)
        /// `--date DAY`: the entry names that day; never a day after today.
        case date(DayExpression, text: String)
        /// The day the writer asks about (`ask`, `ui`, a command run): the entry names it.
        case day(LocalDay)
        /// A session the writer places (`ask` for a past day: 12:00 of it).
        case startsAt(Date)
    }

    /// Who asks: decides which hooks a log fires (Standards/automation.md, "Hooks").
    public enum Writer: Sendable, Equatable {
        /// `habit log`, `habit ask`, `habit ui`: `on-log`, `on-met`, `on-streak`.
        case typed
        /// The pending journal's replay, a note rewritten by `ui`, a command habit's run: no hooks.
        case quiet
    }

    public var what: What
    public var when: When
    public var note: String?
    public var source: SourceID
    public var writer: Writer

    public init(_ what: What, when: When = .now, note: String? = nil, source: SourceID = .app, writer: Writer = .typed) {
        (self.what, self.when, self.note, self.source, self.writer) = (what, when, note, source, writer)
    }
}

/// The hooks a log may fire (the executable runs them: Standards/automation.md).
public enum LogHookEvent: String, Sendable, CaseIterable {
    case log = "on-log", met = "on-met", streak = "on-streak"
}

/// Everything one log does, decided without the store (``LogPlanner``): the entry, the day it
/// belongs to, what it replaces, which reminder occurrences it cancels, the hooks it fires.
public struct LogPlan: Sendable {
    /// What earlier entries a log replaces, in the same transaction.
    public enum Replacement: Sendable, Equatable {
        /// NoAlc: the last entry for a day wins over the app's earlier entries of that calendar day
        /// (``NoAlcLevel/entriesReplaced(by:among:)``), kept aside for `undo`.
        case noAlcDay(LocalDay)
        /// A command habit's result: the earlier result (same type, same source) of that calendar day.
        case sameSourceDay(type: String, LocalDay)
    }

    /// Which reminder occurrences the log cancels (``ReminderRows``' cancel, called as it is).
    public struct Cancellation: Sendable, Equatable {
        /// The reminders' activity: a built-in's name or an own habit's id.
        public var activity: String
        /// The completion instant (``Completion/instant(of:madeAt:)``).
        public var completedAt: Date
        /// Only the occurrence on this habit day (an own habit: the day the log made met).
        public var onlyDay: LocalDay?
        /// An own habit: cancel only when its day (or period) is met with the entry stored.
        public var whenMetOf: HabitDefinition?
    }

    /// The entry to store (nil: a command's "not done", which only removes the day's earlier result).
    public var entry: NewEntry?
    public var source: SourceID
    /// The types the log writes: refused in the writing transaction when one may not be written.
    public var writes: [String]
    /// The habits whose names an access refusal uses.
    public var habits: [HabitDefinition]
    /// The day the entry belongs to (``HabitCalendar/day(ofEntryAt:namesADay:)``).
    public var day: LocalDay
    public var replaces: Replacement?
    public var cancels: Cancellation?
    /// The habit (by name) whose hooks fire, and which.
    public var hookHabit: String
    public var hooks: Set<LogHookEvent>
}

/// The one rule for when a log counts as done for reminders (Standards/reminders.md, "Cancellation").
public enum Completion {
    /// A timed entry (a session, a workout, an own habit's instant or duration) is done when it
    /// ends; an entry that names a day (NoAlc, `--date`, `ask`/`ui` for a past day, a command
    /// habit's result) when it was made — never the first instant of the day it names.
    public static func instant(of entry: NewEntry, madeAt made: Date) -> Date {
        switch entry {
        case .meditation(let r, _), .workout(_, let r, _, _), .habit(_, _, let r, _): r.upperBound
        case .alcohol, .habitDay: made
        }
    }
}

/// Turns a ``LogRequest`` into a ``LogPlan``: pure (no store, no clock but `env`'s).
public enum LogPlanner {
    public static func plan(_ request: LogRequest, env: HabitEnvironment) throws -> LogPlan {
        let entry: NewEntry?
        var replaces: LogPlan.Replacement?
        switch request.what {
        case .meditation(let seconds):
            entry = .meditation(try session(seconds, request.when, env), note: request.note)
        case .workout(let activity, let seconds, let met):
            entry = .workout(activity, try session(seconds, request.when, env), met: met, note: request.note)
        case .alcohol(let level, let drinks):
            let day = try namedDay(request.when, env) ?? EveningCutoff.noAlcDay(enteredAt: env.now, calendar: env.calendar)
            entry = .alcohol(day: day, level: level, drinks: drinks)
            replaces = .noAlcDay(day)
        case .habit(let definition, let amountText):
            entry = try habitEntry(definition, amountText, request, env)
        case .commandResult(let definition, let value):
            guard let day = try namedDay(request.when, env), let type = definition.loggedType else {
                throw HabitInputError.fromHabitLogged(definition.name, type: definition.fromType ?? "built-in")
            }
            entry = value.map { .habitDay(definition, amount: $0, day: day, note: nil) }
            replaces = .sameSourceDay(type: type, day)
        }
        let own: HabitDefinition? = if case .commandResult(let h, _) = request.what { h } else { nil }
        return assemble(entry, own: own, replaces: replaces, source: request.source, writer: request.writer, env)
    }

    /// The plan of an entry already made (a NoAlc entry still replaces its day's earlier ones):
    /// for callers that place the entry themselves (tests, the demo). No hooks unless `writer` is `.typed`.
    public static func plan(_ entry: NewEntry, source: SourceID = .app, writer: LogRequest.Writer = .quiet, env: HabitEnvironment) -> LogPlan {
        let replaces: LogPlan.Replacement? = if case .alcohol(let day, _, _) = entry { .noAlcDay(day) } else { nil }
        return assemble(entry, own: nil, replaces: replaces, source: source, writer: writer, env)
    }

    private static func assemble(_ entry: NewEntry?, own command: HabitDefinition?, replaces: LogPlan.Replacement?, source: SourceID,
                                 writer: LogRequest.Writer, _ env: HabitEnvironment) -> LogPlan {
        let calendar = env.calendar
        // The habit, the reminders' activity, the day (the one rule: ``HabitCalendar/day(ofEntryAt:namesADay:)``).
        let (habit, activity, day, own): (String, String, LocalDay, HabitDefinition?)
        switch entry {
        case .meditation(let r, _)?: (habit, activity, day, own) = (Habit.meditate.rawValue, Habit.meditate.rawValue, calendar.day(ofEntryAt: r.lowerBound, namesADay: false), nil)
        case .workout(_, let r, _, _)?: (habit, activity, day, own) = (Habit.workout.rawValue, Habit.workout.rawValue, calendar.day(ofEntryAt: r.lowerBound, namesADay: false), nil)
        case .alcohol(let d, _, _)?: (habit, activity, day, own) = (Habit.noalc.rawValue, Habit.noalc.rawValue, d, nil)
        case .habit(let h, _, let r, _)?: (habit, activity, day, own) = (h.name, h.id, calendar.day(ofEntryAt: r.lowerBound, namesADay: false), h)
        case .habitDay(let h, _, let d, _)?: (habit, activity, day, own) = (h.name, h.id, d, h)
        case nil:
            let d: LocalDay = if case .sameSourceDay(_, let d)? = replaces { d } else { env.today }
            (habit, activity, day, own) = (command?.name ?? "", command?.id ?? "", d, command)
        }
        let writes = entry.map(DataTypes.written(by:)) ?? (own?.loggedType).map { [$0] } ?? []
        // An own habit's log cancels only the occurrence of the day it made met (the store checks met).
        let cancels = entry.map {
            LogPlan.Cancellation(activity: activity, completedAt: Completion.instant(of: $0, madeAt: env.now),
                                 onlyDay: own == nil ? nil : day, whenMetOf: own)
        }
        let hooks: Set<LogHookEvent> = writer == .typed && entry != nil ? Set(LogHookEvent.allCases) : []
        return LogPlan(entry: entry, source: source, writes: writes, habits: own.map { [$0] } ?? [], day: day,
                       replaces: replaces, cancels: cancels, hookHabit: habit, hooks: hooks)
    }

    /// A session's `[start, end)`: from `--at`, to `--end`, or ending now.
    static func session(_ seconds: TimeInterval, _ when: LogRequest.When, _ env: HabitEnvironment) throws(InputError) -> InstantRange {
        let (at, end): ((TimeExpression, String)?, (TimeExpression, String)?)
        switch when {
        case .at(let e, let text): (at, end) = ((e, text), nil)
        case .end(let e, let text): (at, end) = (nil, (e, text))
        case .startsAt(let date): (at, end) = ((.instant(date), env.calendar.iso8601(date)), nil)
        case .now, .date, .day: (at, end) = (nil, nil)
        }
        var start: Date?, endDate: Date?
        do throws(InputError) { if let at { start = try at.0.resolve(in: env, text: at.1) } } catch { throw .inArgument("--at", error) }
        do throws(InputError) { if let end { endDate = try end.0.resolve(in: env, text: end.1) } } catch { throw .inArgument("--end", error) }
        do {
            return try SessionInterval.make(duration: seconds, start: start, end: endDate, env: env, startText: at?.1, endText: end?.1)
        } catch {
            throw .inArgument(at != nil ? "--at" : end != nil ? "--end" : "<duration>", error)
        }
    }

    /// The day `when` names (`--date`, not after today; or the writer's), nil when it names none.
    static func namedDay(_ when: LogRequest.When, _ env: HabitEnvironment) throws(InputError) -> LocalDay? {
        switch when {
        case .day(let day): return day
        case .date(let expression, let text):
            let day: LocalDay
            do throws(InputError) { day = try expression.resolve(today: env.today, text: text) } catch { throw .inArgument("--date", error) }
            if day > env.today { throw .inArgument("--date", .inFuture(text, now: env.calendar.iso8601(env.now))) }
            return day
        case .now, .at, .end, .startsAt: return nil
        }
    }

    /// `today`, `yesterday` or a date `YYYY-MM-DD`: a day, never an amount (`-1` stays a number).
    static func namesADay(_ text: String) -> Bool {
        let t = text.trimmedASCII.lowercased()
        return t == "today" || t == "yesterday" || LocalDay(t) != nil
    }

    /// An own habit's entry: the amount read in its unit (a yes/no habit takes none: 1); for a
    /// day, one that names it; a duration amount spans `[start, end)` like a session; anything
    /// else is an instant (`--at`/`--end`, else now).
    static func habitEntry(_ definition: HabitDefinition, _ amountText: String?, _ request: LogRequest,
                           _ env: HabitEnvironment) throws -> NewEntry {
        guard definition.loggedType != nil else {
            throw HabitInputError.fromHabitLogged(definition.name, type: definition.fromType ?? "built-in")
        }
        // A day where the amount goes (`habit log floss yesterday`) says where a day goes.
        if let text = amountText, Self.namesADay(text) { throw HabitInputError.dayAsAmount(definition.name, text, takesAmount: definition.kind != .yesNo) }
        let amount: Double
        switch (definition.kind, amountText) {
        case (.yesNo, nil): amount = 1
        case (.yesNo, _?): throw HabitInputError.amountOnYesNo(definition.name)
        case (_, nil): throw HabitInputError.amountMissing(definition.name, unit: HabitUnit.unitName(definition.unit ?? "count"))
        case (_, let text?): amount = try HabitUnit.amount(text, unit: definition.unit, habit: definition.name)
        }
        if let day = try namedDay(request.when, env) {
            // An entry that names a day (Standards/date-semantics.md, "Entries that name a day").
            return .habitDay(definition, amount: amount, day: day, note: request.note)
        }
        if HabitUnit.isDuration(definition.unit), amount > 0 {
            let seconds = UnitConversion.convert(amount, from: definition.unit, to: "s")
            guard seconds <= InputParsing.maximumDuration else {
                throw HabitInputError.invalidAmount(amountText ?? "", reason: "one entry lasts at most 24 hours")
            }
            return .habit(definition, amount: amount, try session(seconds.rounded(), request.when, env), note: request.note)
        }
        var instant = env.now
        var text = "now", option = "--at"
        do throws(InputError) {
            switch request.when {
            case .at(let e, let t): (instant, text) = (try e.resolve(in: env, text: t), t)
            case .end(let e, let t): (instant, text, option) = (try e.resolve(in: env, text: t), t, "--end")
            case .startsAt(let date): instant = date
            case .now, .date, .day: break
            }
        } catch {
            if case .end = request.when { option = "--end" }
            throw InputError.inArgument(option, error)
        }
        if instant > env.now { throw InputError.inArgument(option, .inFuture(text, now: env.calendar.iso8601(env.now))) }
        return .habit(definition, amount: amount, InstantRange(instant, upTo: instant), note: request.note)
    }
}

extension LogPlan {
    /// The records the entry is stored as, made with `env`'s UUIDs in the order the store has
    /// always made them (a workout's UUID first, then its energy sample's: the pending journal's
    /// UUID is the first record's) and the weight read in the writing transaction.
    public func records(settings: () throws -> Settings, env: HabitEnvironment) rethrows -> (samples: [Sample], workout: Workout?) {
        guard let entry else { return ([], nil) }
        func sample(_ type: String, _ r: InstantRange, value: Double?, unit: String?, _ metadata: [String: String]) -> Sample {
            Sample(uuid: env.makeUUID(), type: type, start: r.lowerBound, end: r.upperBound, value: value, unit: unit, source: source,
                   metadata: metadata, created: env.now, utcOffset: env.timeZone.secondsFromGMT(for: r.lowerBound),
                   timeZoneID: env.timeZone.identifier)
        }
        func noted(_ metadata: [String: String], _ note: String?) -> [String: String] {
            guard let note, !note.isEmpty else { return metadata }
            return metadata.merging(["note": note]) { $1 }
        }
        switch entry {
        case .meditation(let r, let note):
            return ([sample(SampleType.mindfulSession, r, value: nil, unit: nil, noted([:], note))], nil)
        case .workout(let activity, let r, let met, let note):
            // The MET and the weight (read in the writing transaction): ``WorkoutEnergy``'s one rule.
            let burned = WorkoutEnergy(activity, seconds: r.duration, met: met, settings: try settings(), note: note)
            let workout = Workout(uuid: env.makeUUID(), activityType: activity.workoutActivityType, start: r.lowerBound, end: r.upperBound,
                                  duration: r.duration, totalEnergyKcal: burned.kcal, totalDistanceMeters: nil, source: source,
                                  metadata: burned.metadata, created: env.now, utcOffset: env.timeZone.secondsFromGMT(for: r.lowerBound),
                                  timeZoneID: env.timeZone.identifier)
            var energy = sample(SampleType.activeEnergyBurned, r, value: burned.kcal, unit: "kcal", [:])
            energy.workout = workout.uuid
            return ([energy], workout)
        case .alcohol(let day, let level, let drinks):
            let at = env.calendar.entryInstant(of: day)
            var metadata = ["level": level.rawValue]
            if let drinks { metadata["drinks"] = String(drinks) }
            return ([sample(SampleType.alcoholicBeverages, InstantRange(at, upTo: at), value: level.storedValue, unit: "count", metadata)], nil)
        case .habit(let definition, let amount, let r, let note):
            return ([sample(definition.loggedType ?? "", r, value: amount, unit: definition.unit ?? "count",
                            noted(["habit": definition.name], note))], nil)
        case .habitDay(let definition, let amount, let day, let note):
            let at = env.calendar.entryInstant(of: day)
            return ([sample(definition.loggedType ?? "", InstantRange(at, upTo: at), value: amount, unit: definition.unit ?? "count",
                            noted(["habit": definition.name, DayEntry.metadataKey: DayEntry.markValue], note))], nil)
        }
    }
}
