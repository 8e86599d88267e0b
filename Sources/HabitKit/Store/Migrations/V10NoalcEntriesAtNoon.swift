import Foundation
import GRDB

extension Schema {
    /// Migration v10, registered as `v10-noalc-entries-at-noon`: shipped, so never edited.
    enum V10NoalcEntriesAtNoon: SchemaMigration {
        static let identifier = "v10-noalc-entries-at-noon"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // A NoAlc entry names a day. It sat at the start of that day, so a later `day-start`
            // moved it to the day before (04:00 makes midnight the previous evening); from now on
            // it sits at 12:00, inside its day whatever day-start is (issue 22, point 2). The app's
            // NoAlc entries at 00:00, or at the day-start now set, in the zone they were logged in,
            // move to 12:00 on the same date, and so do the copies `undo` keeps of entries they
            // replaced. Anchors stay: the entry is the same, only where it sits changed.
            let dayStart = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'day-start'") ?? "00:00"
            let startParts = dayStart.split(separator: ":").compactMap { Int($0) }
            let setStart = startParts.count == 2 ? startParts[0] * 3600 + startParts[1] * 60 : 0
            let rows = try Row.fetchAll(db, sql: """
                SELECT s.id, s.start, s.timeZone FROM sample s
                JOIN sampleType t ON t.id = s.typeId JOIN source src ON src.id = s.sourceId
                WHERE t.identifier = 'HKQuantityTypeIdentifierNumberOfAlcoholicBeverages' AND src.isApp = 1
                  AND s.start = s."end"
                """)
            for row in rows {
                let id: Int64 = row[0], start: Double = row[1], zoneID: String = row[2]
                guard let zone = TimeZone(identifier: zoneID.isEmpty ? "UTC" : zoneID) else { continue }
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let date = Date(timeIntervalSince1970: start)
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
                guard let hour = c.hour, let minute = c.minute, let second = c.second, (c.nanosecond ?? 0) == 0 else { continue }
                let secondsIntoDay = hour * 3600 + minute * 60 + second
                guard secondsIntoDay == 0 || secondsIntoDay == setStart,
                      let noon = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: 12)) else { continue }
                let moved = noon.timeIntervalSince1970
                try db.execute(sql: #"UPDATE sample SET start = ?, "end" = ?, utcOffset = ? WHERE id = ?"#,
                               arguments: [moved, moved, zoneID.isEmpty ? 0 : zone.secondsFromGMT(for: noon), id])
                try db.execute(sql: """
                    UPDATE replacedSample SET record = json_set(record, '$.start', ?, '$.end', ?)
                    WHERE sampleId = ? AND json_extract(record, '$.start') = ?
                    """, arguments: [moved, moved, id, start])
            }
            try db.execute(sql: "PRAGMA user_version = 10")
        }
    }
}
