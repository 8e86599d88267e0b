import Foundation
import GRDB
import GRDBSQLite

/// Every habit evaluated over one span of days: what `streak`, `calendar`, `today`, `score` and
/// `status` read.
public struct HabitOverview: Sendable {
    public var asOf: LocalDay
    public var allSources: Bool
    /// With `allSources`: the built-ins' samples and workouts from other sources.
    public var otherSourceCount: Int
    /// The days each report lists.
    public var range: DayRange
    public var reports: [HabitReport]

    /// The overview of the habits due on `asOf`: a habit on a weekday schedule is left out on the
    /// days off it (`today` and `status`; Standards/habits.md, "Weekday schedules").
    public var due: HabitOverview {
        var due = self
        due.reports = reports.filter { $0.definition.isScheduled(on: asOf) }
        return due
    }
}

extension HabitStore {

    /// `asked` evaluated over `range` in `transaction` (the day totals it computed go to the
    /// transaction's ``StoreTransaction/keeps``); `side`: whether a second connection may share
    /// the work (nil: decide), `keptTotals`: whether kept day totals are used.
    static func overview(_ asked: [HabitDefinition], range: DayRange, env: HabitEnvironment, allSources: Bool,
                         scoring: Bool = false, _ transaction: StoreTransaction, side: Bool? = nil,
                         keptTotals: Bool = true) throws -> HabitOverview {
        let db = transaction.db
        let settings = try transaction.settings()
        let grants = try transaction.grants()
        // A habit whose type habit may not read is evaluated over no data and marked so
        // (Standards/access.md): its data is never read.
        let definitions = asked.filter { grants.mayRead($0) }
        let today = env.today
        let calendar = env.calendar
        let filters = SourceFilters()
        // Where each own habit's samples are, found once: its first day and its days read them
        // (the days on up to two connections, ``SideReader``).
        let samples = try definitions.map { d in d.builtin == nil ? try HabitSamples(d, db, filters: filters) : nil }
        var firsts: [String: LocalDay] = [:]
        for (d, source) in zip(definitions, samples) {
            let first = try d.builtin.map { try firstDay(of: $0, calendar: calendar, allSources: allSources, db, filters: filters) }
                ?? firstDay(of: d, samples: source, env: env, db)
            if let first { firsts[d.id] = first }
        }
        let start = min(firsts.values.min() ?? today, today, range.lowerBound)
        let span = DayRange(start, upTo: max(today.adding(days: 1), range.upperBound))
        let starts = calendar.starts(of: span)
        let skips = try skippedDays(for: definitions.map(\.id), in: span, db)
        let builtins = definitions.contains(where: { $0.kind == .builtin })
        // Kept day totals (``DayTotals``): what each habit's kept values, and the built-ins'
        // (``BuiltinDayTotals``: the app's sources, or every source), are checked against.
        let keptIDs = definitions.indices.filter { samples[$0] != nil && samples[$0]?.ring == nil }.map { definitions[$0].id }
            + (builtins ? BuiltinDayTotals.ids(allSources: allSources) : [])
        let marks = keptTotals && !keptIDs.isEmpty ? try DayTotals.marks(of: keptIDs, db) : nil
        var summary: DailySummary?
        var builtinKeeps: [DayTotals.Keep] = []
        if builtins {
            let kept = span.lowerBound <= today ? DayRange(span.lowerBound, upTo: today.adding(days: 1)) : nil
            (summary, builtinKeeps) = try dailySummary(in: span, calendar: calendar, allSources: allSources, energy: false,
                                                       kept: kept, marks: marks, filters: filters, grants: grants, db)
        }
        let weekStartsOnSunday = settings.weekStartsOnSunday
        // A second connection costs a millisecond or two to open: worth it only for long histories
        // of several habits (nil: decide; the tests force either way).
        // The days to sum from samples: a habit with kept totals has few (the changed ones).
        let unkept = definitions.indices.filter { samples[$0] != nil && marks?.states[definitions[$0].id] == nil }
        let ownDays = unkept.count * span.count
        let evaluated = try SideReader.map(definitions.count, db, side: side ?? (ownDays >= SideReader.worthwhileDays)) {
            [summary, firsts] i, db -> (HabitReport, DayTotals.Keep?) in
            let d = definitions[i]
            let first = firsts[d.id]
            let inputs: [HabitDayInput]
            var keep: DayTotals.Keep?
            if let builtin = d.builtin, let summary {
                inputs = summary.summaries.map { HabitDayInput(builtin, $0, settings: settings) }
            } else {
                let kept = first.flatMap { f in f <= today ? DayRange(max(f, span.lowerBound), upTo: today.adding(days: 1)) : nil }
                (inputs, keep) = try ownInputs(d, samples[i], span: span, starts: starts, kept: kept, env: env, marks: marks, db)
            }
            // The days are in order: those before the first are a prefix (one copy, no appends).
            let report = HabitEvaluator.evaluate(d, inputs: first.map { f in Array(inputs.drop { $0.day < f }) } ?? [],
                                                 firstDay: first, skipped: skips[d.id] ?? [], today: today,
                                                 weekStartsOnSunday: weekStartsOnSunday, range: range, scoring: scoring)
            return (report, keep)
        }
        let reports = evaluated.map(\.0)
        if let marks { transaction.keeps?.post(DayTotals.batch(evaluated.compactMap(\.1) + builtinKeeps, marks: marks)) }
        var byID = Dictionary(zip(definitions.map(\.id), reports), uniquingKeysWith: { a, _ in a })
        for d in asked where byID[d.id] == nil {
            var denied = HabitEvaluator.evaluate(d, inputs: [], firstDay: nil, skipped: [], today: today,
                                                 weekStartsOnSunday: weekStartsOnSunday, range: range, scoring: scoring)
            denied.readable = false
            byID[d.id] = denied
        }
        return HabitOverview(asOf: today, allSources: allSources, otherSourceCount: summary?.otherSourceCount ?? 0,
                             range: range, reports: asked.compactMap { byID[$0.id] })
    }

    /// Whether `definition`'s day `day` is met (``HabitEvaluator/isMet(_:on:weekStartsOnSunday:history:)``,
    /// the rule), from the store's history of the days the rule asks for.
    static func isMet(_ definition: HabitDefinition, on day: LocalDay, env: HabitEnvironment, _ db: Database) throws -> Bool {
        let settings = try Self.settings(db)
        return try HabitEvaluator.isMet(definition, on: day, weekStartsOnSunday: settings.weekStartsOnSunday,
                                        history: { try history(of: definition, over: $0, settings: settings, env: env, db) })
    }

    /// `definition`'s day `day` as the one evaluation finds it as of that day
    /// (``HabitEvaluator/dayState(_:on:weekStartsOnSunday:history:)``, the rule) over the data the store holds now.
    static func dayState(_ definition: HabitDefinition, on day: LocalDay, env: HabitEnvironment, _ db: Database) throws -> TodayState {
        let settings = try Self.settings(db)
        return try HabitEvaluator.dayState(definition, on: day, weekStartsOnSunday: settings.weekStartsOnSunday,
                                           history: { try history(of: definition, over: $0, settings: settings, env: env, db) })
    }

    /// What the one-day rules read of a habit: its inputs over `span`, its first day and its skips.
    private static func history(of definition: HabitDefinition, over span: DayRange, settings: Settings, env: HabitEnvironment,
                                _ db: Database) throws -> HabitEvaluator.History {
        let starts = (0...span.count).map { env.calendar.start(of: span.lowerBound.adding(days: $0)) }
        let inputs: [HabitDayInput]
        if let builtin = definition.builtin {
            let summary = try dailySummary(in: span, calendar: env.calendar, allSources: false, energy: false, db)
            inputs = summary.summaries.map { HabitDayInput(builtin, $0, settings: settings) }
        } else {
            inputs = try ownInputs(definition, span: span, starts: starts, env: env, db)
        }
        return HabitEvaluator.History(inputs: inputs, firstDay: try firstDay(of: definition, env: env, allSources: false, db),
                                      skipped: try skippedDays(for: [definition.id], in: span, db)[definition.id] ?? [])
    }

    /// The first day of a habit's history: a built-in's first data day; an own habit's earlier of
    /// the day it was added and its first sample's day.
    static func firstDay(of d: HabitDefinition, env: HabitEnvironment, allSources: Bool, _ db: Database,
                         filters: SourceFilters = SourceFilters()) throws -> LocalDay? {
        if let builtin = d.builtin { return try firstDay(of: builtin, calendar: env.calendar, allSources: allSources, db) }
        return try firstDay(of: d, samples: try HabitSamples(d, db, filters: filters), env: env, db)
    }

    /// ``firstDay(of:env:allSources:_:filters:)`` of an own habit whose samples are found already
    /// (nil: the store holds none of its type yet).
    static func firstDay(of d: HabitDefinition, samples source: HabitSamples?, env: HabitEnvironment,
                         _ db: Database) throws -> LocalDay? {
        guard let source else { return d.since }
        if let ring = source.ring {
            let first = try String.fetchOne(db, sql: "SELECT min(day) FROM activitySummary WHERE " + ring.storedColumn + " IS NOT NULL")
            return first.flatMap { LocalDay($0) }.map { min(d.since, $0) } ?? d.since
        }
        guard let t = try Double.fetchOne(db, SQLRequest<Double>(literal: """
            SELECT min(start) FROM sample WHERE typeId = \(source.typeID) AND \(source.sources)
            """, cached: true)) else { return d.since }  // the same text for every habit of a read: prepared once
        var first = source.day(of: t, namesADay: source.namesDays, env: env)
        // A day entry (``DayEntry``) starting within a day of it may be of a later calendar day:
        // the first day is the earliest of the rows' days there.
        if env.calendar.dayStart != .midnight, !source.namesDays, source.measure == .value, !source.convertsUnits {
            let rows = try Row.fetchAll(db, SQLRequest<Row>(literal: """
                SELECT start, \(SQL(sql: DayEntry.markedSQL)) FROM sample WHERE typeId = \(source.typeID) AND \(source.sources)
                AND start < \(t + 86400) ORDER BY start
                """))
            first = rows.map { source.day(of: $0[0], namesADay: $0[1] as Bool, env: env) }.min() ?? first
        }
        return min(d.since, first)
    }

    /// An own habit's days over `span` (`starts`: the span's day boundaries, one more than its days).
    static func ownInputs(_ d: HabitDefinition, span: DayRange, starts: [Date], env: HabitEnvironment,
                          _ db: Database) throws -> [HabitDayInput] {
        try ownInputs(d, try HabitSamples(d, db), span: span, starts: starts, kept: nil, env: env, marks: nil, db).inputs
    }

    /// ``ownInputs(_:span:starts:env:_:)`` with the habit's samples found already (nil: none yet),
    /// through its kept day totals over `kept` when `marks` are given (``DayTotals``); with what
    /// to keep of them.
    static func ownInputs(_ d: HabitDefinition, _ samples: HabitSamples?, span: DayRange, starts: [Date], kept: DayRange?,
                          env: HabitEnvironment, marks: DayTotals.Marks?, _ db: Database) throws -> (inputs: [HabitDayInput], keep: DayTotals.Keep?) {
        var values = [Double](repeating: 0, count: span.count)
        var entries = [Bool](repeating: false, count: span.count)
        var keep: DayTotals.Keep?
        if let source = samples {
            (values, entries, keep) = try source.dayAmounts(habitID: d.id, span: span, bounds: starts.map(\.timeIntervalSince1970),
                                                            kept: kept, env: env, marks: marks, db)
        }
        // Built at its full size: `enumerated()` of a day range knows no count, and a map over it grows
        // the array a dozen times (ten years of days: 1.7 M instructions of copying a status).
        var inputs = [HabitDayInput]()
        inputs.reserveCapacity(span.count)
        for (i, day) in span.enumerated() {
            let (outcome, decided) = HabitEvaluator.dailyOutcome(d, value: values[i], hasEntry: entries[i])
            inputs.append(HabitDayInput(day: day, value: values[i], hasEntry: entries[i], outcome: outcome, decided: decided))
        }
        return (inputs, keep)
    }

    /// The day whose half-open range `[bounds[i], bounds[i+1])` holds `t`.
    static func dayIndex(_ t: Double, _ bounds: [Double]) -> Int? { dayIndex(t, bounds, hint: 0) }

    /// ``dayIndex(_:_:)``, trying the day `hint` and the next first: rows in start order fall
    /// on the same day or a later one.
    static func dayIndex(_ t: Double, _ bounds: [Double], hint: Int) -> Int? {
        guard let first = bounds.first, let last = bounds.last, t >= first, t < last else { return nil }
        if hint >= 0, hint + 1 < bounds.count, bounds[hint] <= t {
            if t < bounds[hint + 1] { return hint }
            if hint + 2 < bounds.count, t < bounds[hint + 2] { return hint + 1 }
        }
        var lo = 0, hi = bounds.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if bounds[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }
}

/// The source filters of one read (``StoreRules/resolvedSources(all:_:)``), each resolved once:
/// every habit of an overview asks for them.
final class SourceFilters {
    // Two slots, not a `[Bool: SQL]`: a dictionary's first use costs the runtime a conformance scan.
    private var app: SQL?
    private var all: SQL?

    func sources(all everySource: Bool, _ db: Database) throws -> SQL {
        if let sql = everySource ? all : app { return sql }
        let sql = try StoreRules.resolvedSources(all: everySource, db)
        if everySource { all = sql } else { app = sql }
        return sql
    }
}

/// Where an own habit's samples are and how one becomes an amount in the habit's unit.
struct HabitSamples: Sendable {
    var typeID: Int64
    var sources: SQL
    var measure: HabitDataType.Measure
    var unit: String
    /// Imported values may come in other units (kJ, mi); own entries are in the habit's unit.
    var convertsUnits: Bool
    /// An Activity ring habit reads `activitySummary`, not samples.
    var ring: ActivityRing?
    /// A yes/no ring habit: a day has an entry when its ring is closed.
    var countsClosedRing = false
    /// Every sample of the type names a day (NoAlc's, ``DayEntry``).
    var namesDays = false

    /// Nil when the store holds no sample of the habit's type yet.
    init?(_ d: HabitDefinition, _ db: Database, filters: SourceFilters = SourceFilters()) throws {
        let type: HabitDataType
        if let logged = d.loggedType {
            type = HabitDataType(identifier: logged, measure: .value, defaultUnit: d.unit ?? "count")
        } else if let from = d.fromType {
            type = HabitDataType.stored(from)
        } else {
            return nil
        }
        if case .ring(let ring) = type.measure {
            (typeID, sources, measure, convertsUnits) = (0, "1", type.measure, true)
            unit = d.unit ?? type.defaultUnit
            self.ring = ring
            countsClosedRing = d.kind == .yesNo
            return
        }
        guard let id = try Lookup.sampleType.existingID(type.identifier, db) else { return nil }
        typeID = id
        namesDays = type.identifier == SampleType.alcoholicBeverages
        measure = type.measure
        unit = d.unit ?? type.defaultUnit
        convertsUnits = d.loggedType == nil
        switch d.loggedType != nil ? .app : d.sources {
        case .app: sources = try filters.sources(all: false, db)
        case .all: sources = try filters.sources(all: true, db)
        case .named(let names):
            let visible = try filters.sources(all: true, db)
            sources = visible + " AND sourceId IN (SELECT id FROM source WHERE bundleId IN \(names) OR name IN \(names))"
        }
    }

    /// Calls `body` with the index in `days` and the amount of each sample of the habit's days
    /// (`bounds`: their starts, one more than the days; sleep: the nights before them).
    ///
    /// A ten-year history is over a hundred thousand rows, so each row costs as little as it can:
    /// the query selects only what the measure needs (own entries: start and value, from the
    /// covering index), leaves out in SQL what adds nothing (a missing value, an awake or in-bed
    /// sleep stage), and hands the rows over inside SQLite's loop (``RawRows``); units are resolved
    /// once per unit id, and the day of a row is found from the previous row's (rows come in start
    /// order per source). `cached`: the statement stays prepared (``RawRows``).
    func forEachAmount(days: DayRange, bounds: [Double], env: HabitEnvironment, cached: Bool = false, _ db: Database,
                       _ body: (Int, Double) throws -> Void) throws {
        if let ring { return try forEachRingDay(ring, days: days, db, body) }
        // Sleep: day D is the night before (``EveningCutoff``).
        let bounds = measure == .asleep
            ? EveningCutoff.nightStarts(of: days, timeZone: env.timeZone).map(\.timeIntervalSince1970)
            : bounds
        guard let lo = bounds.first, let last = bounds.last, days.count > 0 else { return }
        // Column 1: the amount's raw number (value, or end for a duration); column 2 the unit id.
        let amount: SQL, filter: SQL
        switch measure {
        case .value, .ring:  // a ring habit never gets here (forEachRingDay)
            amount = convertsUnits ? "value, unitId" : "value"
            filter = "value IS NOT NULL"
        case .duration:
            amount = "\"end\""
            filter = "1"
        case .asleep:
            // Every stage counts but awake and in bed (``SleepStage/isAsleep``).
            amount = "\"end\""
            let notAsleep = SleepStage.notAsleepCategoryValues
            filter = "coalesce(json_extract(metadata, '$.categoryValue'), '') NOT IN \(notAsleep)"
        }
        let converting = measure == .value && convertsUnits
        // Imported values: each unit id's factors, looked up once.
        var unitFactors: [Int64: UnitConversion.Factors] = [:]
        if converting {
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM unit") {
                if let f = UnitConversion.factors(from: row[1], to: unit) { unitFactors[row[0]] = f }
            }
        }
        let durationFactors = UnitConversion.factors(from: "s", to: unit)
        let dayCount = days.count
        var hint = 0
        // Asleep time counts each instant once: a night a phone and a watch both recorded is one
        // night (TimelineRules.covered), so a night's spans are gathered and measured at the end.
        var nights: [Int: [(Double, Double)]] = [:]
        // An entry that names a day (``DayEntry``: NoAlc's type, an own entry marked so) is put in
        // the days by the calendar days' starts: with a day-start after 00:00 the rows say whether
        // they are one (the last column).
        let entryBounds = namesDays || (measure == .value && !convertsUnits)
            ? env.calendar.entryStarts(of: days)?.map(\.timeIntervalSince1970) : nil
        let (from, to) = entryBounds.map { (min(lo, $0[0]), max(last, $0[$0.count - 1])) } ?? (lo, last)
        let marked: SQL = entryBounds == nil ? "" : namesDays ? ", 1" : ", " + SQL(sql: DayEntry.markedSQL)
        let markColumn = converting ? 3 : 2
        var entryHint = 0
        try RawRows.forEach(db, columns: "start, " + amount + marked, rest: """
            FROM sample WHERE typeId = \(typeID) AND start >= \(from) AND start < \(to) AND \(filter) AND \(sources)
            """, cached: cached) { row in
            let start = row.double(0)
            let i: Int
            if let entryBounds, row.int64(markColumn) != 0 {
                guard let j = HabitStore.dayIndex(start, entryBounds, hint: entryHint) else { return }
                entryHint = j
                i = j
            } else {
                guard let j = HabitStore.dayIndex(start, bounds, hint: hint) else { return }
                hint = j
                i = j
            }
            guard i < dayCount else { return }
            let raw = row.double(1)
            let amount: Double
            switch measure {
            case .value, .ring:
                guard raw.isFinite else { return }
                if converting, !row.isNull(2), let f = unitFactors[row.int64(2)] {
                    amount = f.apply(raw)
                } else {
                    amount = raw
                }
            case .asleep:
                nights[i, default: []].append((start, raw))
                return
            case .duration:
                amount = durationFactors?.apply(raw - start) ?? (raw - start)
            }
            try body(i, amount)
        }
        for (i, spans) in nights.sorted(by: { $0.key < $1.key }) {
            let seconds = TimelineRules.covered(spans)
            try body(i, durationFactors?.apply(seconds) ?? seconds)
        }
    }

    /// An Activity ring habit's days: the day of a summary is its date (the phone's day; a
    /// day-start setting does not move it). A yes/no habit gets an entry of 1 on a day its ring is
    /// closed; a quantity habit the ring's value in its unit (a move-minutes day counts only for a
    /// habit in a time unit).
    private func forEachRingDay(_ ring: ActivityRing, days: DayRange, _ db: Database, _ body: (Int, Double) throws -> Void) throws {
        for summary in try HabitStore.activitySummaries(in: days, db) {
            let i = summary.day.ordinal - days.lowerBound.ordinal
            guard i >= 0, i < days.count else { continue }
            if countsClosedRing {
                if summary.isClosed(ring) { try body(i, 1) }
                continue
            }
            guard let (value, _) = summary.ring(ring), value.isFinite else { continue }
            let from = ring == .move && summary.moveKcal == nil ? "min" : ring.unit
            guard UnitConversion.dimension(of: from) == UnitConversion.dimension(of: unit) else { continue }
            try body(i, UnitConversion.convert(value, from: from, to: unit))
        }
    }

    /// The habit day of a sample starting at `t`: the day-start day, or for sleep the night's day;
    /// an entry that names a day (`namesADay`, ``DayEntry``) its calendar day.
    func day(of t: Double, namesADay: Bool = false, env: HabitEnvironment) -> LocalDay {
        let instant = Date(timeIntervalSince1970: t)
        if measure == .asleep { return EveningCutoff.sleepDay(of: instant, timeZone: env.timeZone) }
        return env.calendar.day(ofEntryAt: instant, namesADay: namesADay)
    }
}

extension StoreRequest where Value == HabitOverview {
    /// Evaluates `habits` (nil: the habits shown, ``StoreRequest/shownHabits(env:)``: built-ins
    /// first, none archived) as of `env.today`, each over
    /// its whole history, listing the days of `range` (default: today); the score only with
    /// `scores` (``HabitReport/score`` is nil without it).
    ///
    /// One daily query for everything: the built-ins' days come from the daily summary
    /// (``dailySummary(in:calendar:allSources:)``), own habits' from their samples put in the same
    /// half-open days (`[D at day-start, D+1 at day-start)`) on their start; sleep is the one
    /// exception, counted over the night before (`[D−1 18:00, D 18:00)`, Standards/habits.md).
    public static func overview(_ habits: [HabitDefinition]? = nil, range: DayRange? = nil, env: HabitEnvironment,
                              allSources: Bool = false, scores: Bool = false) -> Self {
        Self(transaction: { transaction in
            let definitions = try habits ?? HabitStore.allHabits(env: env, includingArchived: false, settings: try transaction.settings(),
                                                                 transaction.db)
            return try HabitStore.overview(definitions, range: range ?? DayRange(day: env.today), env: env, allSources: allSources,
                                           scoring: scores, transaction)
        })
    }
}

extension StoreRequest where Value == [String: LocalDay] {
    /// Each habit's first day by id, as the streak counts it (``HabitReport/firstDay``, the one
    /// function ``HabitStore/firstDay(of:env:allSources:_:filters:)``): a built-in's first data day;
    /// an own habit's earlier of the day it was added and its first entry's day. A habit whose type
    /// habit may not read, or without a history, is left out (its data is never read).
    public static func firstDays(of habits: [HabitDefinition], env: HabitEnvironment) -> Self {
        Self { db in
            let grants = try HabitStore.grants(db)
            var firsts: [String: LocalDay] = [:]
            for d in habits where grants.mayRead(d) {
                firsts[d.id] = try HabitStore.firstDay(of: d, env: env, allSources: false, db)
            }
            return firsts
        }
    }
}
