import Foundation
import GRDB

/// Kept day totals of the built-ins (Standards/data-consistency.md, "Kept day totals"): the
/// summary's four metrics that meditate, workout and NoAlc are evaluated on — mindful seconds,
/// alcoholic drinks (with whether the day has any), workout seconds and workouts — kept per day
/// as an own habit's amounts are (``DayTotals``), so that a read of ten years sums only the days
/// that changed since the last read kept them.
///
/// Each metric is a series of its own in `dayTotal` under a reserved id, with the app's sources
/// (the summary's default, ``ids``), and again with every source for `--all-sources`
/// (``allSourcesIDs``: the four metrics and, per type, the rows of other sources a day holds —
/// what "includes N samples from other sources" counts). The two sample metrics' changes are
/// found as an own habit's: new rows by their anchors, deleted or changed ones through
/// `dayTotalDirty`. Workouts are no sample type: they are marked with ``workoutType``, new ones
/// found by the workout table's anchors and deleted or changed ones by its triggers (v20).
/// A day any metric changed on is summed again for all four, by the same
/// ``SummaryTotals/fetch(days:allSources:energy:forceSQL:countingOthers:filters:cached:_:)`` as an unkept read.
enum BuiltinDayTotals {
    /// The type workouts' changes carry in `dayTotal` and `dayTotalDirty` (sample type ids are positive).
    static let workoutType: Int64 = -1

    /// The series' ids, in the order ``totals(starts:span:kept:calendar:marks:filters:allSources:_:)`` makes them.
    static let ids = ["builtin.mindful", "builtin.alcohol", "builtin.workoutSeconds", "builtin.workouts"]

    /// The series of a read of every source (`--all-sources`): the four metrics of ``ids`` from
    /// every visible source, then the rows from sources other than the app's a day holds, per
    /// type (mindful sessions, drinks, workouts; each counted only while habit may read its type).
    static let allSourcesIDs = ["builtin.all.mindful", "builtin.all.alcohol", "builtin.all.workoutSeconds", "builtin.all.workouts",
                                "builtin.all.otherMindful", "builtin.all.otherAlcohol", "builtin.all.otherWorkouts"]

    /// The series a read keeps: ``ids``, or ``allSourcesIDs`` for every source.
    static func ids(allSources: Bool) -> [String] { allSources ? allSourcesIDs : ids }

    /// Both sets as an SQL list of constants: the kept rows ``DayTotals/keep(_:_:)`` keeps with no habit.
    static let idList = "(" + (ids + allSourcesIDs).map { "'\($0)'" }.joined(separator: ", ") + ")"

    /// The built-ins' summary totals of each day of `span` (`starts`: the days' starts, one more
    /// than the days) from the app's sources (or every source: `allSources`), read from their kept
    /// totals where those are exact (`kept`: the part of `span` they are kept for); with what to
    /// keep for the next read, and with `allSources` the rows of other sources in `span`
    /// (``SummaryTotals/otherSourceCount(in:energy:_:)``, from the kept counts; else nil).
    /// `filters`: the read's source filters (part of the fingerprint).
    static func totals(starts: [Date], span: DayRange, kept: DayRange?, calendar: HabitCalendar, marks: DayTotals.Marks,
                       filters: SourceFilters, allSources: Bool = false, grants: AccessGrants, _ db: Database)
        throws -> (totals: [SummaryTotals], keeps: [DayTotals.Keep], others: Int?) {
        let sources = try filters.sources(all: allSources, db)
        let placement = try DayTotals.placement(calendar, sources: sources, db)
        let mindful = try Lookup.sampleType.existingID(SampleType.mindfulSession, db)
        let alcohol = try Lookup.sampleType.existingID(SampleType.alcoholicBeverages, db)
        let ids = ids(allSources: allSources)
        // What the amounts depend on besides the rows: the type (a type made later gets another
        // id), the sources, the zone and day start and the zone data that place the days.
        func series(_ i: Int, _ type: Int64?) -> DayTotals.Series {
            // A type not in the store yet has no rows to change: its new rows come with a new
            // type id, which the fingerprint names.
            let text = "v\(DayTotals.formatVersion)|builtin|\(ids[i])|" + (type.map(String.init) ?? "none") + "|" + placement
            return DayTotals.Series(id: ids[i], typeID: type ?? 0, fingerprint: text)
        }
        let all = [series(0, mindful), series(1, alcohol), series(2, workoutType), series(3, workoutType)]
            + (allSources ? [series(4, mindful), series(5, alcohol), series(6, workoutType)] : [])
        let bounds = starts.map(\.timeIntervalSince1970)
        let got = try DayTotals.amounts(of: all, span: span, bounds: bounds, changedBounds: { bounds },
                                        entryCalendar: calendar.dayStart == .midnight ? nil : calendar.civil, kept: kept,
                                        marks: marks) { run, runBounds, add in
            let offset = span.lowerBound.days(until: run.lowerBound)
            let (totals, _) = try SummaryTotals.fetch(days: Array(starts[offset...offset + run.count]),
                                                      entryStarts: calendar.entryStarts(of: run), allSources: allSources,
                                                      energy: false, filters: filters, cached: true, db)
            for (k, t) in totals.enumerated() {
                if t.mindfulSeconds != 0 { add(0, k, t.mindfulSeconds) }
                if let drinks = t.alcohol { add(1, k, drinks) }
                if t.workoutSeconds != 0 { add(2, k, t.workoutSeconds) }
                if t.workouts != 0 { add(3, k, Double(t.workouts)) }
            }
            guard allSources else { return }
            // The other sources' rows of each day, by the same day bounds: the days' counts add up
            // to the count over the span, as disjoint ranges do.
            var hint = 0
            func count(_ row: RawRow, _ s: Int) {
                guard let k = HabitStore.dayIndex(row.double(0), runBounds, hint: hint) else { return }
                hint = k
                add(s, k, 1)
            }
            let lo = runBounds[0], hi = runBounds[runBounds.count - 1]
            try RawRows.forEach(db, columns: "start, typeId", rest: """
                FROM sample WHERE typeId IN (\(mindful ?? -1), \(alcohol ?? -1)) AND sourceId IN (\(StoreRules.otherSourceIDs))
                AND start >= \(lo) AND start < \(hi) AND \(sources)
                """, cached: true) { row in count(row, row.int64(1) == mindful ? 4 : 5) }
            hint = 0
            try RawRows.forEach(db, columns: "start", rest: """
                FROM workout WHERE sourceId IN (\(StoreRules.otherSourceIDs)) AND start >= \(lo) AND start < \(hi) AND \(sources)
                """, cached: true) { row in count(row, 6) }
        }
        let totals = (0..<span.count).map { i in
            // A kept count is read from the file: one that is no count (a restored file may say
            // anything) is not trusted to convert.
            let count = got.values[3][i]
            return SummaryTotals(mindfulSeconds: got.values[0][i], workoutSeconds: got.values[2][i],
                                 workouts: count >= 0 && count < 1e15 ? Int(count) : 0,
                                 activeKcal: 0, alcohol: got.entries[1][i] ? got.values[1][i] : nil)
        }
        var others: Int?
        if allSources {
            // Only types habit may read are counted (Standards/access.md), as the summed count does;
            // by the transaction's grants (a snapshot read them once).
            let readable = [SampleType.mindfulSession, SampleType.alcoholicBeverages, DataTypes.workout].map(grants.mayRead)
            // A kept count that is no count (a restored file may say anything) is not trusted to
            // convert, nor to add up past what an Int holds.
            others = (4..<7).filter { readable[$0 - 4] }.reduce(0) { n, s in
                n + got.values[s].reduce(0) { $0 + ($1 >= 0 && $1 < 1e12 ? Int($1) : 0) }
            }
        }
        // No built-in entry on any day: nothing worth keeping (summing none is a few index
        // probes), and a read of a store without them writes nothing.
        guard got.entries.contains(where: { $0.contains(true) }) else { return (totals, [], others) }
        return (totals, got.keeps.compactMap { $0 }, others)
    }
}
