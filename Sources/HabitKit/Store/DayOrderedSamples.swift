import Foundation
import GRDB

/// The samples of a newest-first listing in the order of the days they belong to
/// (``HabitCalendar/day(ofEntryAt:namesADay:)``): newest day first, in a day newest first (start,
/// then UUID, descending). With a day-start after 00:00 an entry that names a day (``DayEntry``)
/// is listed under its calendar day, not under the habit day its start is in: those of the range
/// (one NoAlc a day, own habits' day entries) are read first, all of them; every other sample
/// comes from a cursor, so memory grows with the days, not with the entries. With day-start
/// 00:00 (no `entries` range) it is the cursor alone, in the order it had.
struct DayOrderedSamples {
    typealias Row = (day: LocalDay, row: SampleViewRecord)
    private let cursor: RecordCursor<SampleViewRecord>
    private let dayEntries: [Row]
    private var nextDayEntry = 0
    private var pending: Row?
    private var finder: HabitCalendar.DayFinder?

    /// `request(range)`: the samples to list that start in `range`, newest first (start, then
    /// UUID); `range` the habit days' instants, `entries` those of their calendar days
    /// (``HabitCalendar/entryInstants(of:)``), nil with day-start 00:00. Without a calendar the
    /// samples are not put in days (each comes with one same day): the cursor alone.
    init(_ request: (InstantRange) -> QueryInterfaceRequest<SampleViewRecord>, in range: InstantRange,
         entries: InstantRange?, calendar: HabitCalendar?, _ db: Database) throws {
        finder = calendar.map { HabitCalendar.DayFinder($0) }
        guard let entries, let calendar else {
            cursor = try request(range).fetchCursor(db)
            dayEntries = []
            return
        }
        cursor = try request(range).filter(literal: "NOT \(DayEntry.namesADaySQL)").fetchCursor(db)
        dayEntries = try request(entries).filter(literal: DayEntry.namesADaySQL).fetchAll(db)
            .map { (DayEntry.day(of: $0.sample, in: calendar), $0) }
            .sorted { ($0.day, $0.row.start, $0.row.uuid) > ($1.day, $1.row.start, $1.row.uuid) }
    }

    /// The next sample with its day, or nil after the last.
    mutating func next() throws -> Row? {
        if pending == nil, let row = try cursor.next() {
            pending = (finder?.day(containing: Date(timeIntervalSince1970: row.start)) ?? LocalDay(ordinal: 0), row)
        }
        if nextDayEntry < dayEntries.count {
            let entry = dayEntries[nextDayEntry]
            if pending.map({ (entry.day, entry.row.start, entry.row.uuid) > ($0.day, $0.row.start, $0.row.uuid) }) ?? true {
                nextDayEntry += 1
                return entry
            }
        }
        defer { pending = nil }
        return pending
    }
}
