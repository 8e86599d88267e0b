import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Where an entry that names a day sits (issue 22, point 2): at 12:00 of that day, inside it
/// whatever `day-start` is; stores of the previous release move their NoAlc entries there.
@Suite struct DayEntryTests {
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"])
    func noonOfADayIsInsideItForEveryDayStart(_ zone: String) {
        // Around each zone's DST changes of 2025 and on ordinary days.
        for text in ["2025-03-09", "2025-03-30", "2025-04-06", "2025-10-05", "2025-10-26", "2025-11-02", "2025-07-01"] {
            let day = Fixture.day(text)
            for minutes in stride(from: 0, through: 12 * 60, by: 30) {
                let calendar = HabitCalendar(timeZone: Fixture.zone(zone), dayStart: LocalTime(uncheckedHour: minutes / 60, minute: minutes % 60, second: 0))
                #expect(calendar.day(containing: calendar.entryInstant(of: day)) == day, "\(text) day-start \(minutes) min")
            }
        }
    }

    // Point 2: a store of the previous release, NoAlc entries at the start of their day, upgrades.
    @Test(arguments: [("Europe/Berlin", "00:00"), ("America/New_York", "04:00"), ("Australia/Lord_Howe", "00:00")])
    func theUpgradeMovesNoAlcEntriesFromTheDayStartToNoon(_ zone: String, _ dayStart: String) throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        var env = Fixture.env("2025-10-20T20:00:00+02:00", zone)
        env.dayStart = LocalTime(dayStart)!
        _ = try store.saveSetting(.dayStart, dayStart, at: env.now)
        // Around the DST change of each zone: 2025-10-05 (Lord Howe), 10-26 (Berlin), 11-02 (New York).
        let days = ["2025-10-05", "2025-10-26", "2025-11-02"].map(Fixture.day)
        var logged: [UUID] = []
        for day in days {
            logged.append(try store.logAlcohol(day: day, level: .steady, drinks: 0, source: .app, env: env).samples[0].uuid)
        }
        _ = try store.logAlcohol(day: days[0], level: .easy, drinks: 3, source: .app, env: env)  // replaces the first
        // As the previous release wrote them: at the start of the day, schema 8.
        try store.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT id FROM sample") {
                let id: Int64 = row[0]
                let start = try Double.fetchOne(db, sql: "SELECT start FROM sample WHERE id = ?", arguments: [id])!
                let day = env.calendar.day(containing: Date(timeIntervalSince1970: start))
                let old = env.calendar.start(of: day).timeIntervalSince1970
                try db.execute(sql: #"UPDATE sample SET start = ?, "end" = ? WHERE id = ?"#, arguments: [old, old, id])
                try db.execute(sql: "UPDATE replacedSample SET record = json_set(record, '$.start', ?, '$.end', ?)", arguments: [old, old])
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v10-noalc-entries-at-noon'")
            try db.execute(sql: "PRAGMA user_version = 8")
        }
        let upgraded = try HabitStore.open(path: path)
        let entries = try upgraded.read(.entries(in: InstantRange(Fixture.instant("2025-09-01T00:00:00Z"), upTo: Fixture.instant("2025-12-01T00:00:00Z"))))
        #expect(entries.count == 3)
        for entry in entries {
            #expect(env.calendar.time(of: entry.start) == LocalTime.noon, "\(entry.start)")
        }
        // `undo` brings back the replaced entry, at noon too.
        _ = try upgraded.undo()
        let back = try upgraded.read(.entries(in: env.calendar.instants(of: days[0])))
        #expect(back.count == 1 && env.calendar.time(of: back[0].start) == LocalTime.noon)
        #expect(back.first?.uuid == logged[0])
    }

}
