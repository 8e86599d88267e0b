import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 11 #17: an import commits in batches behind an unfinished run, so a person's log and
/// cron's check get the store in between, and a broken file still changes nothing.
@Suite struct BatchedImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exports")

    @Test(arguments: ["apple-health-small-a/export.xml", "apple-health-small-b/export.xml"])
    func batchesStoreWhatOneTransactionStores(_ name: String) throws {
        let file = Self.fixtures.appendingPathComponent(name).path
        let one = try HabitProcess(), batched = try HabitProcess()
        defer { one.cleanUp(); batched.cleanUp() }
        let a = try HabitStore.open(path: one.db)
        let b = try HabitStore.open(path: batched.db)
        let single = try a.importHealthExport(at: file, dryRun: false, parallelFromBytes: .max, stagedFromBytes: .max, batchObjects: 1,
                                              progress: nil)
        let staged = try b.importHealthExport(at: file, dryRun: false, parallelFromBytes: .max, stagedFromBytes: 0, batchObjects: 2,
                                              progress: nil)
        #expect(single == staged)
        #expect(try a.read(.changes(since: 0)).samples == b.read(.changes(since: 0)).samples)
        #expect(try a.read(.changes(since: 0)).workouts == b.read(.changes(since: 0)).workouts)
        #expect(try a.read(.currentAnchor) == b.read(.currentAnchor))
        let again = try b.importHealthExport(at: file, dryRun: false, parallelFromBytes: .max, stagedFromBytes: 0, batchObjects: 2,
                                             progress: nil)
        #expect(again.samples == 0 && again.workouts == 0)
        #expect(try batched.contents().contains("# importRun"))
        // Foreign keys are not enforced while the importer writes (it references only ids it has
        // just made): every reference must hold all the same.
        for habit in [one, batched] {
            let orphans = try DatabaseQueue(path: habit.db).read { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") }
            #expect(orphans.isEmpty)
        }
        // And the store's own connection has them on again afterwards: a sample of a type that
        // does not exist is refused.
        #expect(throws: (any Error).self) {
            try b.write { db in try db.execute(sql: "UPDATE sample SET typeId = 999999 WHERE id = (SELECT min(id) FROM sample)") }
        }
    }

    @Test func aBrokenFileDiscardsItsCommittedBatchesAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try habit.contents()
        // Two days of Activity rings (they have no import run to discard them by), thirty good
        // records from a new source, type and unit, then a record with a bad date.
        var xml = "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
        for day in ["2025-09-30", "2025-10-01"] {
            xml += " <ActivitySummary dateComponents=\"\(day)\" activeEnergyBurned=\"512\" activeEnergyBurnedGoal=\"500\" activeEnergyBurnedUnit=\"kcal\" appleExerciseTime=\"31\" appleExerciseTimeGoal=\"30\" appleStandHours=\"11\" appleStandHoursGoal=\"12\"/>\n"
        }
        for i in 0..<30 {
            xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" value=\"\(i + 1)\" device=\"&lt;&lt;HKDevice: 0x\(i)&gt;&gt;\" startDate=\"2025-10-01 08:\(10 + i):00 +0200\" endDate=\"2025-10-01 08:\(10 + i):30 +0200\"/>\n"
        }
        xml += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Phone\" unit=\"count\" value=\"1\" startDate=\"yesterday\" endDate=\"2025-10-01 09:00:00 +0200\"/>\n</HealthData>\n"
        let path = habit.folder.appendingPathComponent("broken.xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let store = try HabitStore.open(path: habit.db)
        #expect(throws: ImportError.self) {
            _ = try store.importHealthExport(at: path, dryRun: false, parallelFromBytes: .max, stagedFromBytes: 0, batchObjects: 7,
                                             progress: nil)
        }
        #expect(try habit.contents() == before)
        // Without the broken record, the same file brings the rings in, batched as it is.
        try xml.replacingOccurrences(of: "startDate=\"yesterday\"", with: "startDate=\"2025-10-01 08:59:00 +0200\"")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let summary = try store.importHealthExport(at: path, dryRun: false, parallelFromBytes: .max, stagedFromBytes: 0, batchObjects: 7,
                                                   progress: nil)
        #expect(summary.activitySummaries == 2 && summary.samples == 31)
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM activitySummary") } == 2)
    }

    @Test func rowsOfAnUnfinishedRunAreInvisibleAndTheFeedWaitsForThem() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let store = try HabitStore.open(path: habit.db)
        let env = HabitEnvironment(now: Date(timeIntervalSince1970: 1_761_500_000), timeZone: TimeZone(identifier: "Europe/Berlin")!,
                                   makeUUID: { UUID() })
        let session = InstantRange(env.now.addingTimeInterval(-600), upTo: env.now)
        _ = try store.logMeditation(session, source: .app, note: nil, env: env)
        let seen = try store.read(.changes(since: 0)).anchor
        // A run that has written rows but not finished (as while an import is going on).
        let run = try store.write { db -> ImportRun in
            let run = try ImportRun.begin(db)
            var hidden = try SampleRecord(Sample(uuid: UUID(), type: SampleType.mindfulSession, start: session.lowerBound,
                                                 end: session.upperBound, value: nil, unit: nil, source: SourceID(unchecked: "healthkit-import:Watch"),
                                                 created: env.now, utcOffset: 3600, timeZoneID: ""), workoutId: nil, db)
            hidden.importRunId = run.id
            try hidden.insert(db)
            return run
        }
        let later = try store.logMeditation(session, source: .app, note: nil, env: env)
        let changes = try store.read(.changes(since: seen))
        #expect(changes.samples.map(\.uuid) == [later.samples[0].uuid])  // the hidden row is not there
        #expect(changes.anchor == run.firstAnchor - 1)                  // and the feed does not pass it
        let today = env.calendar.day(containing: env.now)
        let summary = try store.read(.dailySummary(in: DayRange(today, upTo: today.adding(days: 1)), calendar: env.calendar, allSources: true))
        #expect(summary.summaries[0].meditateMinutes == 20)  // the two logs, not the hidden import
        try store.write { db in
            var finished = run
            finished.finished = true
            try finished.update(db)
        }
        let after = try store.read(.changes(since: changes.anchor))
        #expect(after.samples.count == 2)  // the imported row, and the log once more (consumers go by uuid)
        #expect(try store.read(.dailySummary(in: DayRange(today, upTo: today.adding(days: 1)), calendar: env.calendar, allSources: true))
            .summaries[0].meditateMinutes == 30)
    }

    /// A log and a reminder check typed in the middle of a large import go through before the
    /// import ends (they used to wait for its one transaction, and failed after 10 s).
    @Test func aLogAndACheckGoThroughWhileALargeImportRuns() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:05:00+01:00"]
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: env).status == 0)
        let export = habit.folder.appendingPathComponent("big.xml").path
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let generate = Process()
        generate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        generate.arguments = ["python3", root.appendingPathComponent("scripts/generate-export.py").path, "--records", "120000", "--out", export]
        try generate.run()
        generate.waitUntilExit()
        #expect(generate.terminationStatus == 0)

        let importer = Process()
        importer.executableURL = HabitProcess.binary
        importer.arguments = ["import", export]
        importer.environment = ["PATH": "/usr/bin:/bin", "HOME": habit.folder.path, "HABIT_DB": habit.db, "TZ": "Europe/Berlin"]
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        // Wait until the import has committed its first batch (its run row exists).
        var started = false
        for _ in 0..<600 where importer.isRunning {
            usleep(20_000)
            if let queue = try? DatabaseQueue(path: habit.db, configuration: { var c = Configuration(); c.readonly = true; return c }()),
               (try? queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample WHERE importRunId IS NOT NULL") }) ?? 0 > 0 {
                started = true
                break
            }
        }
        #expect(started, "the import never committed a batch")
        let log = try habit.run(["log", "meditate", "10m"], env: env)
        let check = try habit.run(["remind", "check", "--json"], env: env)
        let importStillRunning = importer.isRunning
        importer.waitUntilExit()
        #expect(log.status == 0, "\(log.stderr)")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(importStillRunning, "the import ended before the log and the check were done: use a larger export")
        #expect(importer.terminationStatus == 0)
        let store = try HabitStore.open(path: habit.db)
        #expect(try store.read(.counts).samples > 100_000)
        #expect(try habit.contents().contains("finished: 1") || habit.contents().contains("finished:1"))
    }
}
