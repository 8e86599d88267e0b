import Foundation
import GRDB

/// Migration v22, "day entries at midnight" (issue 46, point 3; Standards/date-semantics.md,
/// "Entries that name a day"). v10 moved the app's NoAlc entries to 12:00 of their day so that a
/// later `day-start` would not move them to the day before; the rule is now on the entry
/// (``DayEntry``), so an entry that names a day starts at the first instant of that calendar day,
/// as the specification says ("midnight-aligned for that day"):
///
/// - the app's NoAlc entries at 12:00:00 (the wall clock of the zone they were logged in) move to
///   the first instant of the same date, and so do the copies `undo` keeps of entries they
///   replaced (as v10 moved them); a store from before v10 gets back every start it had;
/// - an own habit's entries at 12:00:00 from the app's sources — `log NAME --date` and command
///   habits' results since v10 — move the same way and are marked (only in a store a release
///   with v10 wrote: before it such entries sat at their day's start, unmarked, and stay so; a
///   `log NAME --at 12:00` cannot be told from them and is moved too, and counts on its day as before);
/// - a tracker import's checks (metadata `importedFrom`, at the middle of their habit day) move to
///   the first instant of that day (`day-start` as set now) and are marked.
///
/// UUIDs and anchors stay: each entry is the same entry, only where it starts changed.
enum DayEntryMigration {
    static func run(_ db: Database, writtenWithNoon: Bool) throws {
        let dayStartText = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'day-start'") ?? "00:00"
        let dayStart = LocalTime(dayStartText).flatMap { $0 <= LocalTime.noon ? $0 : nil } ?? .midnight
        let rows = try Row.fetchAll(db, sql: """
            SELECT s.id, s.start, s.timeZone, s.metadata, t.identifier FROM sample s
            JOIN sampleType t ON t.id = s.typeId JOIN source src ON src.id = s.sourceId
            WHERE src.isApp = 1 AND s.start = s."end"
              AND (t.identifier = ? OR substr(t.identifier, 1, ?) = ?)
            """, arguments: [SampleType.alcoholicBeverages, HabitDefinition.loggedTypePrefix.utf8.count, HabitDefinition.loggedTypePrefix])
        var calendars: [String: HabitCalendar] = [:]
        for row in rows {
            let id: Int64 = row[0], start: Double = row[1], zoneID: String = row[2], metadataText: String? = row[3], type: String = row[4]
            guard let zone = TimeZone(identifier: zoneID.isEmpty ? "UTC" : zoneID) else { continue }
            let calendar = calendars[zone.identifier] ?? HabitCalendar(timeZone: zone)
            calendars[zone.identifier] = calendar
            let instant = Date(timeIntervalSince1970: start)
            let atNoon = start.rounded(.down) == start && calendar.time(of: instant) == LocalTime.noon
            var metadata = MetadataCoding.decode(metadataText)
            let day: LocalDay
            if type == SampleType.alcoholicBeverages {
                guard atNoon else { continue }
                day = calendar.day(containing: instant)
            } else if metadata[DayEntry.metadataKey] != nil {
                continue
            } else if metadata["importedFrom"] != nil {
                day = HabitCalendar(timeZone: zone, dayStart: dayStart).day(containing: instant)
                metadata[DayEntry.metadataKey] = DayEntry.markValue
            } else if writtenWithNoon && atNoon {
                day = calendar.day(containing: instant)
                metadata[DayEntry.metadataKey] = DayEntry.markValue
            } else {
                continue
            }
            let moved = calendar.entryInstant(of: day)
            let at = moved.timeIntervalSince1970
            try db.execute(sql: #"UPDATE sample SET start = ?, "end" = ?, utcOffset = ?, metadata = ? WHERE id = ?"#,
                           arguments: [at, at, zoneID.isEmpty ? 0 : zone.secondsFromGMT(for: moved),
                                       MetadataCoding.encode(metadata), id])
            try db.execute(sql: """
                UPDATE replacedSample SET record = json_set(record, '$.start', ?, '$.end', ?)
                WHERE sampleId = ? AND json_extract(record, '$.start') = ?
                """, arguments: [at, at, id, start])
        }
    }
}
