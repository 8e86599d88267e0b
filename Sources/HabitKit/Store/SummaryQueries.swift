import Foundation
import GRDB

extension HabitStore {

    /// The summary inside a read transaction; `energy: false` leaves active kcal at 0 (streaks
    /// do not count it, and it is the type with the most imported rows). `grants`: the
    /// transaction's access grants (nil: read now).
    static func dailySummary(in days: DayRange, calendar: HabitCalendar, allSources: Bool, energy: Bool,
                             grants: AccessGrants? = nil, _ db: Database) throws -> DailySummary {
        try dailySummary(in: days, calendar: calendar, allSources: allSources, energy: energy, kept: nil, marks: nil, grants: grants,
                         db).summary
    }

    /// ``dailySummary(in:calendar:allSources:energy:_:)`` through the built-ins' kept day totals
    /// over `kept` when `marks` are given (``BuiltinDayTotals``: the app's sources or every
    /// source, no active energy; otherwise every day is summed); with what to keep of them.
    /// `grants`: the transaction's access grants (nil: read now).
    static func dailySummary(in days: DayRange, calendar: HabitCalendar, allSources: Bool, energy: Bool, kept: DayRange?,
                             marks: DayTotals.Marks?, filters: SourceFilters = SourceFilters(), grants known: AccessGrants? = nil,
                             _ db: Database) throws -> (summary: DailySummary, keeps: [DayTotals.Keep]) {
        // Each boundary once: a day ends where the next one starts.
        let starts = calendar.starts(of: days)
        let ranges = (0..<days.count).map { InstantRange(starts[$0], upTo: starts[$0 + 1]) }
        let grants = try known ?? Self.grants(db)
        let totals: [SummaryTotals], counted: Int?
        var keeps: [DayTotals.Keep] = []
        if let marks, !energy {
            (totals, keeps, counted) = try BuiltinDayTotals.totals(starts: starts, span: days, kept: kept, calendar: calendar,
                                                                   marks: marks, filters: filters, allSources: allSources, grants: grants, db)
        } else {
            (totals, counted) = try SummaryTotals.fetch(days: starts, entryStarts: calendar.entryStarts(of: days), allSources: allSources,
                                                        energy: energy, countingOthers: allSources, grants: grants, db)
        }
        var summaries: [DaySummary] = []
        summaries.reserveCapacity(ranges.count)
        // A type habit may not read is absent: its totals stay zero (Standards/access.md).
        let (mindful, workouts, kcal, alcohol) = (grants.mayRead(SampleType.mindfulSession), grants.mayRead(DataTypes.workout),
                                                  grants.mayRead(SampleType.activeEnergyBurned), grants.mayRead(SampleType.alcoholicBeverages))
        for (day, t) in zip(days, totals) {
            var s = DaySummary(day: day)
            if mindful { s.meditateMinutes = t.mindfulSeconds / 60 }
            if workouts {
                s.workoutMinutes = t.workoutSeconds / 60
                s.workouts = t.workouts
            }
            if kcal { s.activeKcal = t.activeKcal }
            if alcohol { s.alcoholTotal = t.alcohol }
            summaries.append(s)
        }
        let other = allSources
            ? try counted ?? SummaryTotals.otherSourceCount(in: calendar.instants(of: days), energy: energy, grants: grants, db) : 0
        return (DailySummary(days: days, allSources: allSources, summaries: summaries, otherSourceCount: other), keeps)
    }

    /// The first day (in `calendar`'s zone) with any data for `habit`, or nil when there is none.
    static func firstDay(of habit: Habit, calendar: HabitCalendar, allSources: Bool, _ db: Database,
                         filters: SourceFilters = SourceFilters()) throws -> LocalDay? {
        // On the tables with the summary's own source rule (an index seek each; the views'
        // joins and the query interface's schema look-ups cost a streak more: Benchmarks/README.md).
        let sources = try filters.sources(all: allSources, db)
        let start: Double? = switch habit {
        case .meditate, .noalc:
            try Double.fetchOne(db, SQLRequest<Double>(literal: """
                SELECT min(start) FROM sample WHERE typeId = (SELECT id FROM sampleType WHERE identifier = \(habit == .meditate
                    ? SampleType.mindfulSession : SampleType.alcoholicBeverages)) AND \(sources)
                """, cached: true))
        case .workout:
            try Double.fetchOne(db, SQLRequest<Double>(literal: "SELECT min(start) FROM workout WHERE \(sources)", cached: true))
        }
        // A NoAlc entry names a day (``DayEntry``): its calendar day.
        return start.map { calendar.day(ofEntryAt: Date(timeIntervalSince1970: $0), namesADay: habit == .noalc) }
    }
}

/// The totals of the summary's metrics over half-open instant ranges.
struct SummaryTotals {
    var mindfulSeconds: Double
    var workoutSeconds: Double
    var workouts: Int
    var activeKcal: Double
    /// The sum of the alcoholic-beverage samples; nil when there is none.
    var alcohol: Double?

    /// One row per range, in order. Each metric is a range aggregate on the (type, start) or
    /// (type, source, start) index; the ranges travel as one JSON array, so the statement is the
    /// same text for any number of days (and stays in GRDB's statement cache).
    static func fetch(over ranges: [InstantRange], allSources: Bool, energy: Bool, _ db: Database) throws -> [SummaryTotals] {
        // Long spans are looked at in blocks of days first: a block without any row costs one
        // probe per table instead of five per day, so a history with a single entry decades ago
        // costs about as much as one that starts last month.
        let block = 64
        guard ranges.count > block else { return try fetchEach(ranges, allSources: allSources, energy: energy, db) }
        let blocks = stride(from: 0, to: ranges.count, by: block).map { ranges[$0..<min($0 + block, ranges.count)] }
        let spans = blocks.map { InstantRange($0.first!.lowerBound, upTo: $0.last!.upperBound) }
        let occupied = try hasRows(in: spans, allSources: allSources, energy: energy, db)
        var result: [SummaryTotals] = []
        result.reserveCapacity(ranges.count)
        var pending: [InstantRange] = []
        for (days, used) in zip(blocks, occupied) {
            if used {
                pending += days
            } else {
                result += try fetchEach(pending, allSources: allSources, energy: energy, db)
                pending.removeAll()
                result += repeatElement(.zero, count: days.count)
            }
        }
        result += try fetchEach(pending, allSources: allSources, energy: energy, db)
        return result
    }

    /// Up to this many rows per day on average, the rows are read and put in their day by a
    /// binary search over the day starts; beyond it, each day is summed inside SQLite.
    static let rowsPerDayForSQL = 8

    /// One row per day of the contiguous days whose starts are `starts` (the last one is the end
    /// of the last day). Few rows — habit's own logs — are read (two columns each) and placed by
    /// binary search; many — an import with `--all-sources` — are summed per day in SQL. Both
    /// give the same totals (`StoreRecordsTests.bothWaysOfSummingGiveTheSameDays`).
    /// With `countingOthers`, `others` is ``otherSourceCount(in:energy:_:)`` of the whole range
    /// where it was counted on the way (piece by piece, ``fetchInPieces``); else it is nil.
    /// `entryStarts`: the same days' calendar starts when they are not `starts`
    /// (``HabitCalendar/entryStarts(of:)``): NoAlc entries name a day (``DayEntry``) and are put
    /// in the days by them.
    static func fetch(days starts: [Date], entryStarts: [Date]? = nil, allSources: Bool, energy: Bool, forceSQL: Bool? = nil,
                      countingOthers: Bool = false, grants: AccessGrants? = nil, filters: SourceFilters = SourceFilters(),
                      cached: Bool = false, _ db: Database) throws -> (totals: [SummaryTotals], others: Int?) {
        guard let entryStarts, entryStarts.count == starts.count, entryStarts != starts else {
            return try fetchByStarts(days: starts, allSources: allSources, energy: energy, forceSQL: forceSQL,
                                     countingOthers: countingOthers, grants: grants, filters: filters, cached: cached, db)
        }
        var (totals, others) = try fetchByStarts(days: starts, allSources: allSources, energy: energy, forceSQL: forceSQL,
                                                 countingOthers: countingOthers, grants: grants, filters: filters, cached: cached, db)
        // The drinks again, by the calendar days (one row a day at most from the app; read and placed).
        let bounds = entryStarts.map(\.timeIntervalSince1970)
        let sources = try filters.sources(all: allSources, db)
        for i in totals.indices { totals[i].alcohol = nil }
        var hint = 0
        try RawRows.forEach(db, columns: "start, value", rest: """
            FROM sample WHERE typeId = (SELECT id FROM sampleType WHERE identifier = \(SampleType.alcoholicBeverages))
            AND start >= \(bounds[0]) AND start < \(bounds[bounds.count - 1]) AND value IS NOT NULL AND \(sources)
            """, cached: cached) { row in
            guard let d = HabitStore.dayIndex(row.double(0), bounds, hint: hint), d < totals.count else { return }
            hint = d
            totals[d].alcohol = (totals[d].alcohol ?? 0) + row.double(1)
        }
        return (totals, others)
    }

    /// ``fetch(days:entryStarts:allSources:energy:forceSQL:countingOthers:filters:cached:_:)`` with every metric put in the days by `starts`.
    private static func fetchByStarts(days starts: [Date], allSources: Bool, energy: Bool, forceSQL: Bool?, countingOthers: Bool,
                                      grants: AccessGrants?, filters: SourceFilters, cached: Bool,
                                      _ db: Database) throws -> (totals: [SummaryTotals], others: Int?) {
        guard starts.count > 1 else { return ([], nil) }
        let dayCount = starts.count - 1
        let sources = try filters.sources(all: allSources, db)
        func inSQL() throws -> (totals: [SummaryTotals], others: Int?) {
            let ranges = (0..<dayCount).map { InstantRange(starts[$0], upTo: starts[$0 + 1]) }
            return try fetchInPieces(ranges, allSources: allSources, energy: energy, countingOthers: countingOthers, grants: grants, db)
        }
        if forceSQL == true { return try inSQL() }
        // The rows are read until there are too many: then the days are summed in SQL instead
        // (the rows read so far are dropped). Counting them first would read them twice.
        let limit = forceSQL == false ? Int.max : dayCount * rowsPerDayForSQL + 1
        var read = 0
        var totals = [SummaryTotals](repeating: .zero, count: dayCount)
        let bounds = starts.map(\.timeIntervalSince1970)
        let lo = bounds[0], hi = bounds[dayCount]
        /// Hands each row of `SELECT start, column FROM …` with its day (``RawRows``: inside
        /// SQLite's loop) until there are too many.
        func rows(_ column: SQL, _ rest: SQL, _ body: (Int, RawRow) -> Void) throws {
            var hint = 0
            try RawRows.forEach(db, columns: "start, " + column, rest: rest, cached: cached) { row in
                read += 1
                if read >= limit { throw TooManyRows() }
                guard let d = HabitStore.dayIndex(row.double(0), bounds, hint: hint) else { return }
                hint = d
                body(d, row)
            }
        }
        func samples(_ type: String, _ column: SQL, _ body: (Int, RawRow) -> Void) throws {
            try rows(column, """
                FROM sample WHERE typeId = (SELECT id FROM sampleType WHERE identifier = \(type))
                AND start >= \(lo) AND start < \(hi) AND \(sources)
                """, body)
        }
        do {
            try samples(SampleType.mindfulSession, #""end" - start"#) { d, row in totals[d].mindfulSeconds += row.double(1) }
            try samples(SampleType.alcoholicBeverages, "value") { d, row in
                if !row.isNull(1) { totals[d].alcohol = (totals[d].alcohol ?? 0) + row.double(1) }
            }
            if energy {
                try samples(SampleType.activeEnergyBurned, "value") { d, row in
                    if !row.isNull(1) { totals[d].activeKcal += row.double(1) }
                }
            }
            try rows("duration", "FROM workout WHERE start >= \(lo) AND start < \(hi) AND \(sources)") { d, row in
                totals[d].workoutSeconds += row.double(1)
                totals[d].workouts += 1
            }
        } catch is TooManyRows {
            return try inSQL()
        }
        return (totals, nil)
    }

    /// Thrown by the row reader of ``fetch(days:allSources:energy:forceSQL:countingOthers:filters:cached:_:)`` to
    /// stop reading: the days are summed in SQL instead.
    private struct TooManyRows: Error {}

    /// Days per piece when a long history is summed in SQL on two connections.
    static let daysPerPiece = 512

    /// ``fetch(over:allSources:energy:_:)`` for many days: pieces of ``daysPerPiece`` days are
    /// summed by this connection and, on a file store with more than one core, by a second
    /// read-only one at the same time (``SideReader``: its sums count only when it reads the same
    /// state of the store). `--all-sources` over ten years with a million imported samples is
    /// SQLite's per-row work on ~700,000 index entries; two cores halve it. With
    /// `countingOthers`, each piece also counts its other-source rows (a count over disjoint
    /// ranges adds up), else `others` is nil. Which types count is decided by the access grants of
    /// the first connection's transaction (`grants`; nil: read there, once): the second connection
    /// never reads them in its own.
    static func fetchInPieces(_ ranges: [InstantRange], allSources: Bool, energy: Bool, countingOthers: Bool = false,
                              grants known: AccessGrants? = nil, side: Bool = true,
                              _ db: Database) throws -> (totals: [SummaryTotals], others: Int?) {
        guard ranges.count >= 2 * daysPerPiece else {
            return (try fetch(over: ranges, allSources: allSources, energy: energy, db), nil)
        }
        let pieces = stride(from: 0, to: ranges.count, by: daysPerPiece).map { Array(ranges[$0..<min($0 + daysPerPiece, ranges.count)]) }
        let grants = countingOthers ? try known ?? HabitStore.grants(db) : nil
        let sums = try SideReader.map(pieces.count, db, side: side) { i, db in
            let piece = pieces[i]
            let totals = try fetch(over: piece, allSources: allSources, energy: energy, db)
            guard countingOthers, let lo = piece.first?.lowerBound, let hi = piece.last?.upperBound else { return (totals, 0) }
            return (totals, try otherSourceCount(in: InstantRange(lo, upTo: hi), energy: energy, grants: grants, db))
        }
        return (Array(sums.map(\.0).joined()), countingOthers ? sums.reduce(0) { $0 + $1.1 } : nil)
    }

    static let zero = SummaryTotals(mindfulSeconds: 0, workoutSeconds: 0, workouts: 0, activeKcal: 0, alcohol: nil)

    /// Whether each span holds any row the summary counts.
    private static func hasRows(in spans: [InstantRange], allSources: Bool, energy: Bool, _ db: Database) throws -> [Bool] {
        let types = [SampleType.mindfulSession, SampleType.alcoholicBeverages] + (energy ? [SampleType.activeEnergyBurned] : [])
        let sources = try StoreRules.resolvedSources(all: allSources, db)
        let request: SQLRequest<Bool> = """
            WITH d(i, lo, hi) AS MATERIALIZED (SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(\(boundsJSON(spans))))
            SELECT EXISTS (SELECT 1 FROM sample WHERE typeId IN (SELECT id FROM sampleType WHERE identifier IN \(types))
                             AND start >= d.lo AND start < d.hi AND \(sources))
                OR EXISTS (SELECT 1 FROM workout WHERE start >= d.lo AND start < d.hi AND \(sources))
            FROM d ORDER BY d.i
            """
        return try request.fetchAll(db)
    }

    private static func boundsJSON(_ ranges: some Collection<InstantRange>) -> String {
        var json = "["
        json.reserveCapacity(ranges.count * 28)
        for (i, r) in ranges.enumerated() {
            if i > 0 { json += "," }
            json += "[\(r.lowerBound.timeIntervalSince1970),\(r.upperBound.timeIntervalSince1970)]"
        }
        return json + "]"
    }

    /// The totals of every range, one aggregate per metric and range.
    private static func fetchEach(_ ranges: [InstantRange], allSources: Bool, energy: Bool, _ db: Database) throws -> [SummaryTotals] {
        guard !ranges.isEmpty else { return [] }
        let json = boundsJSON(ranges)
        let mindful = try Lookup.sampleType.existingID(SampleType.mindfulSession, db) ?? -1
        let alcohol = try Lookup.sampleType.existingID(SampleType.alcoholicBeverages, db) ?? -1
        let kcal = energy ? try Lookup.sampleType.existingID(SampleType.activeEnergyBurned, db) ?? -1 : -1
        let sources = try StoreRules.resolvedSources(all: allSources, db)
        let request: SQLRequest<Row> = """
            WITH d(i, lo, hi) AS MATERIALIZED (SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(\(json)))
            SELECT
              (SELECT total("end" - start) FROM sample WHERE typeId = \(mindful) AND start >= d.lo AND start < d.hi AND \(sources)),
              (SELECT total(duration) FROM workout WHERE start >= d.lo AND start < d.hi AND \(sources)),
              (SELECT count(*) FROM workout WHERE start >= d.lo AND start < d.hi AND \(sources)),
              \(energy ? "(SELECT total(value) FROM sample WHERE typeId = \(kcal) AND start >= d.lo AND start < d.hi AND \(sources))" as SQL : "0"),
              (SELECT sum(value) FROM sample WHERE typeId = \(alcohol) AND start >= d.lo AND start < d.hi AND \(sources))
            FROM d ORDER BY d.i
            """
        return try Row.fetchAll(db, request).map { row in
            SummaryTotals(mindfulSeconds: row[0], workoutSeconds: row[1], workouts: row[2], activeKcal: row[3], alcohol: row[4])
        }
    }

    /// The entries in `range` from sources other than the app's — mindful sessions, NoAlc entries
    /// and workouts; a workout's active energy is part of its workout, never counted beside it,
    /// whether the summary summed it (`energy`, the calendar's grid) or not (the streaks): one
    /// meaning for "includes N entries from other sources" in every output (issue 49) —
    /// counted on the `(typeId, sourceId, start)` index with the sets resolved first.
    /// `grants`: the transaction's access grants (nil: read now).
    static func otherSourceCount(in range: InstantRange, energy _: Bool, grants known: AccessGrants? = nil, _ db: Database) throws -> Int {
        // Only types habit may read are counted (Standards/access.md).
        let grants = try known ?? HabitStore.grants(db)
        let types = [SampleType.mindfulSession, SampleType.alcoholicBeverages].filter(grants.mayRead)
        let typeIDs = try types.compactMap { try Lookup.sampleType.existingID($0, db) }
        let others = try Int64.fetchAll(db, SQLRequest<Int64>(literal: StoreRules.otherSourceIDs))
        let visible = try StoreRules.resolvedSources(all: true, db)
        let lo = range.lowerBound.timeIntervalSince1970, hi = range.upperBound.timeIntervalSince1970
        let workouts: SQL = grants.mayRead(DataTypes.workout)
            ? "(SELECT count(*) FROM workout WHERE sourceId IN \(others) AND start >= \(lo) AND start < \(hi) AND \(visible))" : "0"
        return try Int.fetchOne(db, SQLRequest<Int>(literal: """
            SELECT (SELECT count(*) FROM sample WHERE typeId IN \(typeIDs) AND sourceId IN \(others)
                      AND start >= \(lo) AND start < \(hi) AND \(visible))
                 + \(workouts)
            """)) ?? 0
    }
}

extension StoreRequest where Value == DailySummary {
    /// THE daily summary: what the calendar shows, the streaks count and `habit today` reports.
    ///
    /// One predicate for everything: the type, the sources (the app's — ``StoreRules/appSources``
    /// — unless `allSources`), and `start >= start of the day AND start < start of the next day`
    /// (half-open, on the sample's start; days in `calendar`'s zone, 23 or 25 hours long across DST).
    /// The totals are summed per day inside SQLite from the day boundaries, so no sample row is
    /// read into Swift: the cost grows with the days asked for and the index entries in them.
    public static func dailySummary(in days: DayRange, calendar: HabitCalendar, allSources: Bool = false) -> Self {
        Self(transaction: { transaction in
            try HabitStore.dailySummary(in: days, calendar: calendar, allSources: allSources, energy: true, grants: try transaction.grants(),
                                        transaction.db)
        })
    }
}
