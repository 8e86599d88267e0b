import Foundation
import GRDB

/// Kept day totals (Standards/data-consistency.md, "Kept day totals"): each own habit's amount
/// per day, derived from its samples and kept in the store, so that `streak`, `calendar`,
/// `today`, `score` and `status` read one value a day instead of summing every sample of the
/// habit's history again — reads stay flat however many samples an import brought.
///
/// Exact, never approximate: kept totals are used only for days no sample has changed since
/// they were computed, and only when everything else they depend on is the same (the
/// ``fingerprint(_:env:_:)``). A day is changed when a sample of the habit's type with a higher
/// anchor than the totals' starts in it (every insert takes the next anchor), or when a deleted
/// or changed sample of that type started in it (a trigger writes its type and start to
/// `dayTotalDirty`). Those days, and days the totals do not cover, are summed from the samples
/// as before — by the same ``HabitSamples/forEachAmount(days:bounds:env:cached:_:_:)`` over the same
/// day bounds — and the rest is read from the kept values.
///
/// A read keeps what it computed after its snapshot ends (``Outbox``, ``keep(_:_:)``), in a
/// write transaction of its own that waits for no one and writes only when the store has not
/// changed since the snapshot: derived data, written by reads as SQLite writes its statistics.
/// A store that cannot be written, or is busy, is simply read the long way.
enum DayTotals {
    /// Part of every fingerprint: raise it when the way a day's amount is computed changes, and
    /// every kept total is computed again. 2: entries that name a day count on their calendar
    /// day (``DayEntry``, issue 46).
    static let formatVersion = 2

    /// Kept spans beyond this day ordinal (about ±27 million years) are not trusted.
    static let maxOrdinal = 10_000_000_000

    /// More changed samples than this since kept totals were computed: they are all summed again.
    static let changeLimit = 100_000

    /// What a habit's kept totals were computed from and up to.
    struct State: Sendable {
        var typeID: Int64
        var fingerprint: String
        var anchor: Int64
        var dirtySeq: Int64
        /// The days the values are exact for: `[spanStart, spanEnd)` (day ordinals).
        var spanStart: Int
        var spanEnd: Int
        /// The day of the first kept value; the span's days outside the values have no entry.
        var firstDay: Int
    }

    /// A habit's kept state and values, read with the marks (on the reading connection: a second
    /// one proves only that it sees the same samples), and the starts of its type's samples
    /// changed since.
    struct Kept: Sendable {
        var state: State
        var days: Data
        var changed: [Double] = []
    }

    /// What one read checks every kept total against: the store's change counter and last dirty
    /// row, and each habit's kept state with the samples changed since it.
    struct Marks: Sendable {
        var counter: Int64
        var dirtySeq: Int64
        var states: [String: Kept]
        /// How many changed rows were looked through to find them.
        var scanned = 0
    }

    /// What a read computed and would keep for one habit: its state as of the read's marks, and
    /// its values when they differ from the kept ones (nil: only the marks move).
    struct Keep: Sendable {
        var habitID: String
        var state: State
        var days: Data?
        /// Whether keeping it saves the next reads real work: nothing was kept for the habit (or
        /// for another span, zone, …), or more than ``fewDays`` of it were summed again.
        var needed: Bool
    }

    /// Days of a habit a read sums again rather than write: after a log, the next reads sum the
    /// day (or the few days) again until a read has more to keep, so a read after a log writes
    /// nothing (no write lock, no commit).
    static let fewDays = 16

    /// Changed samples seen since the oldest marks from which a read keeps its marks anyway, so
    /// that later reads do not look through them again.
    static let fewChanges = 1_000

    /// One read's keeps, with the marks they are exact for.
    struct Batch: Sendable {
        var counter: Int64
        var dirtySeq: Int64
        var keeps: [Keep]
    }

    /// The marks of the kept totals of `habitIDs` (only theirs are read: a read of one habit
    /// does not load the values of twenty).
    static func marks(of habitIDs: [String], _ db: Database) throws -> Marks {
        let counter = try ChangeCounter.current(db)
        let dirtySeq = try newestDirtyRow(db)
        var states: [String: Kept] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT t.habitId, t.typeId, t.fingerprint, t.anchor, t.dirtySeq, t.spanStart, t.spanEnd, t.firstDay, d.days
            FROM dayTotal t JOIN dayTotalDays d ON d.habitId = t.habitId
            WHERE t.habitId IN (\(databaseQuestionMarks(count: habitIDs.count)))
            """, arguments: StatementArguments(habitIDs)) {
            let state = State(typeID: row[1], fingerprint: row[2], anchor: row[3], dirtySeq: row[4],
                              spanStart: row[5], spanEnd: row[6], firstDay: row[7])
            // Marks ahead of the store (a file put back from elsewhere), or days that do not fit
            // their span (a restored file is hostile input; the arithmetic on them must not trap):
            // not to be trusted.
            guard state.anchor <= counter, state.dirtySeq <= dirtySeq, let days = row[8] as Data?,
                  (-maxOrdinal..<maxOrdinal).contains(state.spanStart), (-maxOrdinal..<maxOrdinal).contains(state.spanEnd),
                  state.spanStart <= state.firstDay,
                  state.firstDay <= state.spanEnd, days.count % 8 == 0, days.count / 8 <= state.spanEnd - state.firstDay
            else { continue }
            states[row[0]] = Kept(state: state, days: days)
        }
        guard !states.isEmpty else { return Marks(counter: counter, dirtySeq: dirtySeq, states: states) }
        let types = Set(states.values.map(\.state.typeID)).map(String.init).sorted().joined(separator: ",")
        var overflow = false
        var scanned = 0
        // Samples inserted since the oldest kept anchor: found through the unique index on anchor
        // (`+typeId` keeps SQLite from choosing the type's index, a scan of every sample of it).
        let oldestAnchor = states.values.map(\.state.anchor).min() ?? counter
        if oldestAnchor < counter {
            var rows = try Row.fetchAll(db, sql: changedSamples(types: types), arguments: [oldestAnchor, changeLimit + 1])
            // Workouts inserted since, for the built-ins' workout totals (``BuiltinDayTotals``).
            if states.values.contains(where: { $0.state.typeID == BuiltinDayTotals.workoutType }) {
                rows += try Row.fetchAll(db, sql: changedWorkouts, arguments: [oldestAnchor, changeLimit + 1])
            }
            overflow = rows.count > changeLimit
            scanned += rows.count
            if !overflow { spread(rows, over: &states, mark: \.anchor) }
        }
        // Samples deleted or changed since the oldest kept dirty row.
        let oldestSeq = states.values.map(\.state.dirtySeq).min() ?? dirtySeq
        if !overflow, oldestSeq < dirtySeq {
            let rows = try Row.fetchAll(db, sql: "SELECT typeId, start, seq FROM dayTotalDirty WHERE seq > ? AND +typeId IN (\(types)) LIMIT ?",
                                        arguments: [oldestSeq, changeLimit + 1])
            overflow = rows.count > changeLimit
            scanned += rows.count
            if !overflow { spread(rows, over: &states, mark: \.dirtySeq) }
        }
        if overflow { return Marks(counter: counter, dirtySeq: dirtySeq, states: [:]) }
        return Marks(counter: counter, dirtySeq: dirtySeq, states: states, scanned: scanned)
    }

    /// The number of the newest dirty row (0: none yet).
    private static func newestDirtyRow(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT max(seq) FROM dayTotalDirty") ?? 0
    }

    /// What of a read's keeps to write: all of them when one is needed or the changes looked
    /// through were many, else none (the next read finds the same few changes again).
    static func batch(_ keeps: [Keep], marks: Marks) -> Batch {
        let worth = keeps.contains(where: \.needed) || marks.scanned > fewChanges
        return Batch(counter: marks.counter, dirtySeq: marks.dirtySeq, keeps: worth ? keeps : [])
    }

    /// The samples of `types` (ids joined by commas) inserted after an anchor, at most a limit.
    static func changedSamples(types: String) -> String {
        "SELECT typeId, start, anchor FROM sample WHERE anchor > ? AND +typeId IN (\(types)) LIMIT ?"
    }

    /// The workouts inserted after an anchor, at most a limit, as rows of ``BuiltinDayTotals/workoutType``.
    static let changedWorkouts = "SELECT \(BuiltinDayTotals.workoutType), start, anchor FROM workout WHERE anchor > ? LIMIT ?"

    /// Each row (type, start, mark) to every habit of its type whose state is older than the mark.
    private static func spread(_ rows: [Row], over states: inout [String: Kept], mark: KeyPath<State, Int64>) {
        var byType: [Int64: [String]] = [:]
        for (id, kept) in states { byType[kept.state.typeID, default: []].append(id) }
        for row in rows {
            let type: Int64 = row[0], start: Double = row[1], at: Int64 = row[2]
            for id in byType[type] ?? [] where states[id]?.state[keyPath: mark] ?? at < at {
                states[id]?.changed.append(start)
            }
        }
    }

    /// Everything a habit's day amounts depend on besides its samples: the type, sources, measure
    /// and unit; the zone, day start and the zone data that place the days; the format version.
    static func fingerprint(_ source: HabitSamples, env: HabitEnvironment, _ db: Database) throws -> String {
        "v\(formatVersion)|\(source.typeID)|" + source.measure.name + "|" + source.unit + "|\(source.convertsUnits)|"
            + (try placement(env.calendar, sources: source.sources, db))
    }

    /// The part of a fingerprint that places the days and picks the rows, for every kept series
    /// (own habits' and ``BuiltinDayTotals``'): the zone, the day start, the zone data's version
    /// and the sources filter with its arguments.
    static func placement(_ calendar: HabitCalendar, sources: SQL, _ db: Database) throws -> String {
        let (sql, arguments) = try sources.build(db)
        return calendar.timeZone.identifier + "|\(calendar.dayStart.secondsIntoDay)|" + TimeZone.timeZoneDataVersion
            + "|" + sql + "|" + arguments.description
    }

    /// A day without an entry: a NaN no sum makes (a day with entries is finite or infinite).
    private static let noEntry: UInt64 = 0x7FF8_DA70_0000_0001

    /// The values of the days from the first with an entry to the last, and that first day's
    /// index; nil when a value cannot be kept (a NaN sum).
    static func encode(_ values: [Double], _ entries: [Bool]) -> (first: Int, data: Data)? {
        guard let first = entries.firstIndex(of: true), let last = entries.lastIndex(of: true) else { return (0, Data()) }
        var words = [UInt64]()
        words.reserveCapacity(last - first + 1)
        for i in first...last {
            if !entries[i] { words.append(noEntry.littleEndian); continue }
            if values[i].isNaN { return nil }
            words.append(values[i].bitPattern.littleEndian)
        }
        return (first, words.withUnsafeBytes { Data($0) })
    }

    /// Writes `batches` when the store is as each was read: same change counter, same last dirty
    /// row. Then drops the totals of habits that are gone and dirty rows every total has seen,
    /// but never the newest: it keeps the next row's number above every number handed out.
    static func keep(_ batches: [Batch], _ db: Database) throws {
        let counter = try ChangeCounter.current(db)
        let dirtySeq = try newestDirtyRow(db)
        var wrote = false
        for batch in batches where batch.counter == counter && batch.dirtySeq == dirtySeq {
            for k in batch.keeps {
                let s = k.state
                if let days = k.days {
                    try db.execute(sql: """
                        INSERT INTO dayTotal (habitId, typeId, fingerprint, anchor, dirtySeq, spanStart, spanEnd, firstDay)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (habitId) DO UPDATE SET typeId = excluded.typeId, fingerprint = excluded.fingerprint,
                            anchor = excluded.anchor, dirtySeq = excluded.dirtySeq, spanStart = excluded.spanStart,
                            spanEnd = excluded.spanEnd, firstDay = excluded.firstDay
                        """, arguments: [k.habitID, s.typeID, s.fingerprint, s.anchor, s.dirtySeq, s.spanStart, s.spanEnd, s.firstDay])
                    try db.execute(sql: """
                        INSERT INTO dayTotalDays (habitId, days) VALUES (?, ?) ON CONFLICT (habitId) DO UPDATE SET days = excluded.days
                        """, arguments: [k.habitID, days])
                } else {
                    // The values are the kept ones: they hold as of the newer marks too.
                    try db.execute(sql: "UPDATE dayTotal SET anchor = ?, dirtySeq = ? WHERE habitId = ? AND fingerprint = ?",
                                   arguments: [s.anchor, s.dirtySeq, k.habitID, s.fingerprint])
                }
                wrote = true
            }
        }
        guard wrote else { return }
        try db.execute(sql: """
            DELETE FROM dayTotal WHERE habitId NOT IN (SELECT id FROM habit) AND habitId NOT IN \(BuiltinDayTotals.idList);
            DELETE FROM dayTotalDays WHERE habitId NOT IN (SELECT habitId FROM dayTotal);
            DELETE FROM dayTotalDirty WHERE seq <= coalesce((SELECT min(dirtySeq) FROM dayTotal), (SELECT max(seq) FROM dayTotalDirty))
                AND seq < (SELECT max(seq) FROM dayTotalDirty);
            """)
    }

    private static let waitKey = "dev.habit.dayTotals.waitsForNoOne"

    /// Whether this thread's writes give up at once when another connection holds the lock
    /// (the store's busy handler asks).
    static var waitsForNoOne: Bool { Thread.current.threadDictionary[waitKey] != nil }

    /// Runs `body` with this thread's writes giving up at once on a busy store.
    static func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        Thread.current.threadDictionary[waitKey] = true
        defer { Thread.current.threadDictionary.removeObject(forKey: waitKey) }
        return try body()
    }

    /// The keeps of one read, handed down with its transaction (``StoreTransaction/keeps``) and
    /// kept by the store when the read is over.
    final class Outbox: @unchecked Sendable {
        private let lock = NSLock()
        private var posted: [Batch] = []

        func post(_ batch: Batch) {
            guard !batch.keeps.isEmpty else { return }
            lock.withLock { posted.append(batch) }
        }

        /// What the read posted.
        var batches: [Batch] { lock.withLock { posted } }
    }
}

extension HabitSamples {
    /// An own habit's amount and entry of each day of `span` (`bounds`: the days' starts, one
    /// more than the days), from its kept totals (``DayTotals``) where they are exact and its
    /// samples elsewhere; with what to keep for the next read (nil: nothing new). `kept` is the
    /// part of `span` the totals are kept for: the habit's first day to today.
    func dayAmounts(habitID: String, span: DayRange, bounds: [Double], kept keptRange: DayRange?, env: HabitEnvironment,
                    marks: DayTotals.Marks?, _ db: Database) throws -> (values: [Double], entries: [Bool], keep: DayTotals.Keep?) {
        guard let marks, ring == nil else {
            var values = [Double](repeating: 0, count: span.count)
            var entries = [Bool](repeating: false, count: span.count)
            try forEachAmount(days: span, bounds: bounds, env: env, db) { i, amount in
                values[i] += amount
                entries[i] = true
            }
            return (values, entries, nil)
        }
        let series = DayTotals.Series(id: habitID, typeID: typeID, fingerprint: try DayTotals.fingerprint(self, env: env, db))
        // A changed sample marks the day it counts for (sleep: the night's day).
        let changedBounds = { measure == .asleep
            ? EveningCutoff.nightStarts(of: span, timeZone: env.timeZone).map(\.timeIntervalSince1970) : bounds }
        let got = try DayTotals.amounts(of: [series], span: span, bounds: bounds, changedBounds: changedBounds,
                                        entryCalendar: env.calendar.dayStart == .midnight ? nil : env.calendar.civil,
                                        kept: keptRange, marks: marks) { run, runBounds, add in
            // An overview's query for each habit's changed days: the same few texts, kept prepared.
            try forEachAmount(days: run, bounds: runBounds, env: env, cached: true, db) { k, amount in add(0, k, amount) }
        }
        return (got.values[0], got.entries[0], got.keeps[0])
    }
}

extension DayTotals {
    /// One kept series of day amounts: an own habit's (its id), or one of the built-ins' metrics
    /// (``BuiltinDayTotals``).
    struct Series {
        var id: String
        /// The sample type whose changes make its days summed again (``BuiltinDayTotals/workoutType``: workouts).
        var typeID: Int64
        var fingerprint: String
    }

    /// The amount and entry of each day of `span` for every series of `series`, from their kept
    /// totals where every one of them is exact and summed elsewhere; with what to keep of each for
    /// the next read (nil: nothing new). `bounds` are the days' starts (one more than the days);
    /// `changedBounds` the instants a changed row's day is found by; `kept` the part of `span`
    /// the totals are kept for; `entryCalendar` the civil calendar when day-start is after 00:00. `sum(run, runBounds, add)` sums consecutive days `run` (its
    /// starts `runBounds`) for all series at once, calling `add(series, day in run, amount)`:
    /// a day with an `add` has an entry.
    static func amounts(of series: [Series], span: DayRange, bounds: [Double], changedBounds: () -> [Double],
                        entryCalendar: HabitCalendar? = nil, kept keptRange: DayRange?, marks: Marks,
                        sum: (DayRange, [Double], (Int, Int, Double) -> Void) throws -> Void)
        throws -> (values: [[Double]], entries: [[Bool]], keeps: [Keep?]) {
        let n = span.count
        // One flat array per kind, series after series (`s * n + i`): no nested array to check
        // for uniqueness on every day's write.
        var values = [Double](repeating: 0, count: n * series.count)
        var entries = [Bool](repeating: false, count: n * series.count)
        func split<T>(_ flat: [T]) -> [[T]] {
            series.count == 1 ? [flat] : series.indices.map { Array(flat[$0 * n..<($0 + 1) * n]) }
        }
        let lo = keptRange.map { span.lowerBound.days(until: $0.lowerBound) } ?? 0
        let hi = keptRange.map { span.lowerBound.days(until: $0.upperBound) } ?? 0
        guard lo >= 0, hi <= n, lo < hi else {
            try sum(span, bounds) { s, i, amount in
                values[s * n + i] += amount
                entries[s * n + i] = true
            }
            return (split(values), split(entries), series.map { _ in nil })
        }
        var compute = [Bool](repeating: true, count: n)
        let base = span.lowerBound.ordinal
        // The fingerprint names the type too: a kept state that matches it is this series'.
        let kept = series.map { s in marks.states[s.id].flatMap { $0.state.fingerprint == s.fingerprint ? $0 : nil } }
        let every = kept.compactMap { $0 }
        if every.count == series.count {
            // The days inside `kept` every series' kept span covers are known: a kept value, or no entry.
            let known = every.reduce((lo, hi)) { r, k in (max(r.0, k.state.spanStart - base), min(r.1, k.state.spanEnd - base)) }
            if known.0 < known.1 { for i in known.0..<known.1 { compute[i] = false } }
            // Less the days a changed row starts in; with a day-start after 00:00
            // (`entryCalendar`), also the calendar day it starts on: it may be an entry that names
            // a day (``DayEntry``), which counts there.
            let changed = every.flatMap(\.changed).sorted()
            if !changed.isEmpty {
                let dayBounds = changedBounds()
                var hint = 0
                for start in changed {
                    if let civil = entryCalendar {
                        let j = civil.day(containing: Date(timeIntervalSince1970: start)).ordinal - base
                        if j >= 0 && j < n { compute[j] = true }
                    }
                    guard let i = HabitStore.dayIndex(start, dayBounds, hint: hint) else { continue }
                    hint = i
                    if i < n { compute[i] = true }
                }
            }
            // The kept values of the days not summed (ten years of twenty habits is 70,000 days:
            // one pass over the words of each, with the indexes proved in range before it).
            for (s, k) in every.enumerated() {
                let offset = k.state.firstDay - base  // day index of word j: offset + j
                let from = max(0, lo - offset), to = min(k.days.count / 8, hi - offset)
                guard from < to else { continue }
                k.days.withUnsafeBytes { raw in
                    values.withUnsafeMutableBufferPointer { v in
                        entries.withUnsafeMutableBufferPointer { e in
                            compute.withUnsafeBufferPointer { c in
                                for j in from..<to where !c[offset + j] {  // lo <= offset + j < hi <= n
                                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: j * 8, as: UInt64.self))
                                    if word == noEntry { continue }
                                    v[s * n + offset + j] = Double(bitPattern: word)
                                    e[s * n + offset + j] = true
                                }
                            }
                        }
                    }
                }
            }
        }
        // The other days summed, in runs of consecutive days.
        var i = 0
        var summedDays = 0  // days inside `kept` summed: the values to keep may differ
        while i < n {
            guard compute[i] else { i += 1; continue }
            var j = i
            while j < n && compute[j] { j += 1 }
            let start = i
            try sum(DayRange(span.lowerBound.adding(days: i), upTo: span.lowerBound.adding(days: j)), Array(bounds[i...j])) { s, k, amount in
                values[s * n + start + k] += amount
                entries[s * n + start + k] = true
            }
            summedDays += max(0, min(j, hi) - max(i, lo))
            i = j
        }
        let keeps = series.indices.map { s in
            keep(series[s], kept[s], values: values[s * n + lo..<s * n + hi], entries: entries[s * n + lo..<s * n + hi],
                 base: base, lo: lo, hi: hi, summedDays: summedDays, marks: marks)
        }
        return (split(values), split(entries), keeps)
    }

    /// What to keep of one series after a read: nothing when its kept values and marks hold
    /// already, the new marks alone when its values are the kept ones, else its values (`values`, `entries`: the kept days, `lo..<hi`).
    private static func keep(_ series: Series, _ kept: Kept?, values: ArraySlice<Double>, entries: ArraySlice<Bool>, base: Int, lo: Int, hi: Int,
                             summedDays: Int, marks: Marks) -> Keep? {
        let sameSpan = kept.map { $0.state.spanStart == base + lo && $0.state.spanEnd == base + hi } ?? false
        var encoded: (first: Int, data: Data)?
        if summedDays > 0 || !sameSpan {
            guard let e = encode(Array(values), Array(entries)) else { return nil }
            encoded = e
        }
        if let state = kept?.state, sameSpan,
           encoded.map({ $0.data == kept?.days && (base + lo + $0.first == state.firstDay || $0.data.isEmpty) }) ?? true {
            // The values are the kept ones (every kept day read as kept, or summed to the same).
            if state.anchor == marks.counter && state.dirtySeq == marks.dirtySeq { return nil }
            var moved = state
            (moved.anchor, moved.dirtySeq) = (marks.counter, marks.dirtySeq)
            return Keep(habitID: series.id, state: moved, days: nil, needed: false)
        }
        guard let (first, data) = encoded else { return nil }  // unreachable: encoded above
        let new = State(typeID: series.typeID, fingerprint: series.fingerprint, anchor: marks.counter, dirtySeq: marks.dirtySeq,
                        spanStart: base + lo, spanEnd: base + hi, firstDay: base + lo + first)
        return Keep(habitID: series.id, state: new, days: data, needed: !sameSpan || summedDays > fewDays)
    }
}

/// What `habit doctor` finds of the kept day totals (``DayTotals``): for each own habit that has
/// them (and the built-ins, when theirs are kept: ``BuiltinDayTotals``), the amounts a read shows — kept values, and the samples on the days changed since —
/// against the amounts of every sample summed again, day by day, in one snapshot. Derived data
/// that disagrees is a defect of habit, not of the user's data: the finding says so and how to
/// drop the totals (the next read sums everything and keeps them again).
public struct KeptTotalsCheck: Sendable, Equatable {
    /// Own habits whose kept totals were compared.
    public var checked: Int
    /// The habits whose shown amounts differ from their samples.
    public var differing: [Difference]

    public struct Difference: Sendable, Equatable {
        public var habit: String
        /// Days whose amount differs.
        public var days: Int
        public var first: LocalDay
    }

    /// The finding `kept-totals`: ok, or a problem with the repair.
    public func finding(store path: String) -> Finding {
        guard let first = differing.first else {
            return .ok("kept-totals", checked == 0 ? "no kept day totals yet"
                       : "the kept day totals of \(counting(checked, "habit")) agree with their samples")
        }
        let more = differing.count > 1 ? " and \(differing.count - 1) more habit\(differing.count == 2 ? "" : "s")" : ""
        return Finding(check: "kept-totals", status: .problem,
                       detail: "the kept day totals of '\(first.habit)'\(more) differ from the samples on \(first.days) day"
                           + "\(first.days == 1 ? "" : "s") (first \(first.first)); streaks and calendars show those amounts",
                       fix: "drop them (habit sums the samples and keeps them again at the next read): sqlite3 "
                           + ShellWords.quote(path) + " 'DELETE FROM dayTotalDays; DELETE FROM dayTotal'")
    }
}

extension StoreRequest where Value == KeptTotalsCheck {
    /// ``KeptTotalsCheck`` in `env` (its zone and day start are the ones the totals were kept
    /// for, or they are not used and agree by being summed). Keeps nothing.
    public static func keptTotalsCheck(env: HabitEnvironment) -> Self {
        Self { db in
            guard try db.tableExists("dayTotal") else { return KeptTotalsCheck(checked: 0, differing: []) }
            let kept = Set(try String.fetchAll(db, sql: "SELECT habitId FROM dayTotal"))
            // The built-ins are checked when any of their series is kept (``BuiltinDayTotals``),
            // those of every source (`--all-sources`) when any of theirs is.
            let builtins = !kept.isDisjoint(with: BuiltinDayTotals.ids)
            let allSources = !kept.isDisjoint(with: BuiltinDayTotals.allSourcesIDs)
            let habits = try HabitStore.allHabits(env: env, includingArchived: true, db)
                .filter { kept.contains($0.id) || ($0.builtin != nil && (builtins || allSources)) }
            let earliest = try Int.fetchOne(db, sql: "SELECT min(spanStart) FROM dayTotal") ?? env.today.ordinal
            // Out-of-range rows are not used by reads (``DayTotals/marks(of:_:)``); neither here.
            let lower = LocalDay(ordinal: min(env.today.ordinal, max(earliest, env.today.ordinal - 200 * 366)))
            let range = DayRange(lower, upTo: env.today.adding(days: 1))
            let check = StoreTransaction(db)  // no outbox: a check keeps nothing
            var differing: [KeptTotalsCheck.Difference] = []
            for (every, asked) in [(false, habits), (true, allSources ? habits.filter { $0.builtin != nil } : [])] where !asked.isEmpty {
                let shown = try HabitStore.overview(asked, range: range, env: env, allSources: every, check, side: false)
                let summed = try HabitStore.overview(asked, range: range, env: env, allSources: every, check, side: false,
                                                     keptTotals: false)
                for (a, b) in zip(shown.reports, summed.reports) {
                    let days = zip(a.days, b.days).filter { !DayTotals.agree($0.value, $1.value) }.map(\.0.day)
                    let name = a.definition.name + (every ? " (all sources)" : "")
                    if let first = days.first { differing.append(.init(habit: name, days: days.count, first: first)) }
                }
            }
            return KeptTotalsCheck(checked: habits.count, differing: differing)
        }
    }
}

extension DayTotals {
    /// Two sums of the same amounts, possibly added in another order.
    static func agree(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }
}
