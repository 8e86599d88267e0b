import Foundation
import GRDB
import Testing
@testable import HabitKit

/// A store written after v10 (`Tests/Fixtures/v20-store.sqlite`, made by `v20-store.make.sh` with
/// the release before issue 46's point 3, main at 6da76be): day-start 04:00 in Berlin, NoAlc
/// entries and own `--date` entries at 12:00 of their day around the DST change of 2026-10-25, a
/// replaced NoAlc entry, a floss log at 02:00 (the evening before) and a water log at 08:00.
extension StoreUpgradeTests {
    static let berlin = HabitCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// A line of that release's export as this one exports it: NoAlc entries and own entries at
    /// 12:00 start at their day's first instant, own ones marked (v22); everything else unchanged.
    static func atTheDaysStart(_ object: NSObject) -> NSObject {
        guard var line = object as? [String: NSObject], var sample = line["sample"] as? [String: NSObject],
              let type = sample["type"] as? String, let start = sample["start"] as? String,
              type == SampleType.alcoholicBeverages || (type.hasPrefix(HabitDefinition.loggedTypePrefix) && start.contains("T12:00:00")),
              let day = LocalDay(String(start.prefix(10))) else { return object }
        let first = berlin.entryInstant(of: day)
        sample["start"] = berlin.iso8601(first) as NSString
        sample["end"] = berlin.iso8601(first) as NSString
        sample["utcOffset"] = berlin.utcOffset(at: first) as NSNumber
        if type != SampleType.alcoholicBeverages {
            var metadata = sample["metadata"] as? [String: NSObject] ?? [:]
            metadata[DayEntry.metadataKey] = DayEntry.markValue as NSString
            sample["metadata"] = metadata as NSDictionary
        }
        line["sample"] = sample as NSDictionary
        return line as NSDictionary
    }

    @Test func aStoreWrittenAfterV10GetsItsDayEntriesBackAtTheirDaysStartAndEveryDayAsBefore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("v20-store.sqlite").path, toPath: habit.db)
        let env = ["HABIT_NOW": "2026-10-28T20:00:00+01:00"]

        // The days are what that release showed: calendar, streaks, stats and scores unchanged.
        for (arguments, file) in [(["calendar", "2026-10", "--json"], "v20-store.calendar.json"),
                                  (["streak", "--json"], "v20-store.streak.json"),
                                  (["stats", "water", "--per", "day", "--from", "2026-10-20", "--to", "2026-10-29", "--json"], "v20-store.stats.json"),
                                  (["score", "--json"], "v20-store.score.json")] {
            let result = try habit.run(arguments, env: env)
            #expect(result.status == 0, "\(result.stderr)")
            let expected = try Self.json(try String(contentsOf: Self.fixtures.appendingPathComponent(file), encoding: .utf8))
            #expect(try Self.restricted(Self.json(result.stdout), to: expected) == expected, "\(arguments)")
        }

        // The entries that name a day start at its first instant (midnight-aligned), own ones marked.
        let export = try habit.run(["export", "--format", "ndjson"], env: env)
        #expect(export.status == 0, "\(export.stderr)")
        let old = try String(contentsOf: Self.fixtures.appendingPathComponent("v20-store.export.ndjson"), encoding: .utf8)
            .split(separator: "\n").map { try Self.json(String($0)) }
        let expectedLines = old.map(Self.atTheDaysStart)
        #expect(zip(old, expectedLines).filter { $0 != $1 }.count == 9)  // 4 NoAlc entries, 5 own --date entries
        #expect(try Self.exportSaysWhatTheOldOneSaid(export.stdout, expectedLines))
        #expect(export.stdout.contains(#""start":"2026-10-25T00:00:00+02:00""#))  // the 25-hour day: before the change
        #expect(export.stdout.contains(#""start":"2026-10-26T02:00:00+01:00""#))  // a timed entry stays
        #expect(export.stdout.contains(#""start":"2026-10-26T08:00:00+01:00""#))

        // The copy `undo` keeps of the replaced NoAlc entry sits at its day's start too.
        let kept = try DatabaseQueue(path: habit.db).read { db in
            try Double.fetchAll(db, sql: "SELECT json_extract(record, '$.start') FROM replacedSample")
        }
        #expect(kept == [Self.berlin.entryInstant(of: LocalDay("2026-10-26")!).timeIntervalSince1970])
    }
}
