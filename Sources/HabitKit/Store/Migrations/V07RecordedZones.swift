import Foundation
import GRDB

extension Schema {
    /// Migration v7, registered as `v7-recorded-zones`: shipped, so never edited.
    enum V07RecordedZones: SchemaMigration {
        static let identifier = "v7-recorded-zones"

        static func migrate(_ db: Database, upgradingFrom version: Int?) throws {
            // A stored zone is an IANA identifier with that zone's offset at the start, or "" —
            // unknown — with offset 0 (RecordedZone, issue 13 point 7). Imports before kept the
            // exporting phone's offset at export time, wrong half of the year, and any
            // `HKTimeZone` text: zones no identifier names become unknown, known ones get their
            // offset at each start, and unknown ones lose the offset that was never theirs.
            for table in ["sample", "workout"] {
                let zones = try String.fetchAll(db, sql: "SELECT DISTINCT timeZone FROM \(table) WHERE timeZone != ''")
                for id in zones {
                    guard RecordedZone.resolve(id, at: 0).zoneID == id else {
                        try db.execute(sql: "UPDATE \(table) SET timeZone = '' WHERE timeZone = ?", arguments: [id])
                        continue
                    }
                    let update = try db.makeStatement(sql: "UPDATE \(table) SET utcOffset = ? WHERE id = ?")
                    let rows = try Row.fetchCursor(db, sql: "SELECT id, start, utcOffset FROM \(table) WHERE timeZone = ?", arguments: [id])
                    var changes: [(Int64, Int)] = []
                    while let row = try rows.next() {
                        let offset = RecordedZone.resolve(id, at: row[1]).offset
                        if offset != row[2] as Int { changes.append((row[0], offset)) }
                    }
                    for (rowID, offset) in changes { try update.execute(arguments: [offset, rowID]) }
                }
                try db.execute(sql: "UPDATE \(table) SET utcOffset = 0 WHERE timeZone = '' AND utcOffset != 0")
            }
            try db.execute(sql: "PRAGMA user_version = 7")
        }
    }
}
