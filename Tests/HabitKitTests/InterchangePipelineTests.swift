import Foundation
import GRDB
import Testing
@testable import HabitKit

/// `habit import FILE.ndjson` reads and checks its lines on a second thread while the
/// transaction writes them, and the applier takes anchors from a counter it keeps (issue 28,
/// point 1): the same store as on one thread, nothing stored when a line fails, nothing added
/// the second time, the anchors and the change feed as the store's counter hands them out.
@Suite struct InterchangePipelineTests {
    struct Refused: Error, Equatable {
        var line: Int
    }

    /// Lines of every data kind, mixed as a file mixes them, over several batches: samples (ten
    /// in a hundred of a workout that comes after them, so they wait for the end), workouts,
    /// skips, days of Activity rings.
    static func lines(_ count: Int) -> [InterchangeLine] {
        let source = SourceDescription(name: "Watch", version: "11.0")
        let base = Fixture.instant("2025-01-01T08:00:00+01:00")
        var workout = Fixture.uuids.next()
        return (0..<count).map { i in
            let start = base.addingTimeInterval(Double(i) * 60)
            let day = Fixture.day("2025-01-01").adding(days: i / 100)
            switch i % 100 {
            case 7:
                return .data(.skip(SkippedDay(uuid: Fixture.uuids.next(), habitID: nil, habitName: nil, day: day, created: start, anchor: 0)))
            case 13:
                return .data(.activitySummary(ActivitySummary(day: day, moveKcal: Double(i), moveGoalKcal: 500)))
            case 50:
                let done = Workout(uuid: workout, activityType: "HKWorkoutActivityTypeRunning", start: start, end: start.addingTimeInterval(600),
                                   duration: 600, totalEnergyKcal: 80, totalDistanceMeters: nil,
                                   source: SourceID(unchecked: "com.apple.health.watch"), created: start, utcOffset: 3600,
                                   timeZoneID: "Europe/Berlin")
                workout = Fixture.uuids.next()
                return .data(.workout(done, source, statistics: [], events: []))
            default:
                let sample = Sample(uuid: Fixture.uuids.next(), type: i % 3 == 0 ? "HKQuantityTypeIdentifierHeartRate" : "HKQuantityTypeIdentifierStepCount",
                                    start: start, end: start.addingTimeInterval(30), value: Double(i % 90), unit: i % 3 == 0 ? "count/min" : "count",
                                    source: SourceID(unchecked: "com.apple.health.watch"), device: "Watch", metadata: i % 5 == 0 ? ["k": "v\(i)"] : [:],
                                    created: start, utcOffset: 3600, timeZoneID: "Europe/Berlin",
                                    workout: (40..<50).contains(i % 100) ? workout : nil)
                return .data(.sample(sample, source))
            }
        }
    }

    /// `lines` one by one; `failAt`: the reading fails at that line (1-based) instead.
    static func reader(_ lines: [InterchangeLine], failAt: Int? = nil) -> () throws -> InterchangeLine? {
        var next = 0
        return {
            guard next < lines.count else { return nil }
            next += 1
            if next == failAt { throw Refused(line: next) }
            return lines[next - 1]
        }
    }

    /// Every row of every table, sorted.
    static func rows(_ store: HabitStore) throws -> [String] {
        try store.read(StoreRequest { db in
            var out: [String] = []
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                for row in try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"") { out.append(table + " " + row.description) }
            }
            return out.sorted()
        })
    }

    /// Every anchor the rows took, in order.
    static func anchors(_ store: HabitStore) throws -> [Int64] {
        try store.read(StoreRequest { db in
            try Int64.fetchAll(db, sql: """
                SELECT anchor FROM sample UNION ALL SELECT anchor FROM workout UNION ALL SELECT anchor FROM skip
                UNION ALL SELECT anchor FROM activitySummary ORDER BY 1
                """)
        })
    }

    @Test func twoThreadsStoreWhatOneThreadStores() throws {
        let lines = Self.lines(3000)
        let one = try HabitStore.inMemory(), two = try HabitStore.inMemory()
        let summaryOne = try one.importInterchange(dryRun: false, parallel: false, Self.reader(lines))
        let summaryTwo = try two.importInterchange(dryRun: false, parallel: true, Self.reader(lines))
        #expect(summaryTwo == summaryOne)
        #expect(summaryTwo.samples == 2910 && summaryTwo.workouts == 30 && summaryTwo.skips == 30 && summaryTwo.activitySummaries == 30)
        #expect(try Self.rows(two) == Self.rows(one))
        // One anchor a row, none lost or taken twice, and the counter where the last one left it.
        let anchors = try Self.anchors(two)
        #expect(anchors == Array(1...Int64(lines.count)))
        let feed = try two.read(.changes(since: 0))
        #expect(feed.anchor == Int64(lines.count))
        #expect(feed.samples.count == 2910)
        let later = try two.read(.changes(since: 2000))
        #expect(later.samples.count + later.workouts.count == (try two.read(StoreRequest { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM sample WHERE anchor > 2000) + (SELECT count(*) FROM workout WHERE anchor > 2000)") ?? -1
        })))
        // The next write takes the next anchor: the kept counter was written back.
        let more = Array(Self.lines(3).prefix(1))
        _ = try two.importInterchange(dryRun: false, parallel: true, Self.reader(more))
        #expect(try Self.anchors(two).last == Int64(lines.count) + 1)
    }

    @Test(arguments: [false, true])
    func aLineThatFailsMidFileLeavesTheStoreAsItWas(parallel: Bool) throws {
        let store = try HabitStore.inMemory()
        _ = try store.importInterchange(dryRun: false, parallel: parallel, Self.reader(Self.lines(600)))
        let before = try Self.rows(store)
        #expect(throws: Refused(line: 2001)) {
            try store.importInterchange(dryRun: false, parallel: parallel, Self.reader(Self.lines(3000), failAt: 2001))
        }
        #expect(try Self.rows(store) == before)
        #expect(try store.read(.changes(since: 0)).anchor == 600)
    }

    @Test func importingAgainOnTwoThreadsChangesNothing() throws {
        let lines = Self.lines(2000)
        let store = try HabitStore.inMemory()
        _ = try store.importInterchange(dryRun: false, parallel: true, Self.reader(lines))
        let before = try Self.rows(store)
        let again = try store.importInterchange(dryRun: false, parallel: true, Self.reader(lines))
        #expect(again.samples == 0 && again.workouts == 0 && again.skips == 0 && again.activitySummaries == 0)
        #expect(again.known == lines.count)
        #expect(try Self.rows(store) == before)
    }

    /// The file is judged first: a line the reader refuses wins over an error the store raised
    /// at an earlier line; without one, the store's error is the one said.
    @Test func theReadersErrorWinsOverTheWritersWhenAsked() throws {
        func run(producerFailsAt: Int?, producerErrorWins: Bool) throws {
            let _: Int = try ImportPipeline.onTwoThreads(producerErrorWins: producerErrorWins, produce: { emit in
                for i in 1...5000 {
                    if i == producerFailsAt { throw Refused(line: i) }
                    try emit(i, i)
                }
                return (5000, 5000)
            }, consume: { item, _ in if item == 3 { throw Refused(line: -3) } })
        }
        #expect(throws: Refused(line: 4000)) { try run(producerFailsAt: 4000, producerErrorWins: true) }
        #expect(throws: Refused(line: -3)) { try run(producerFailsAt: nil, producerErrorWins: true) }
        #expect(throws: Refused(line: -3)) { try run(producerFailsAt: 4000, producerErrorWins: false) }
        var seen: [Int] = []
        let total: Int = try ImportPipeline.onTwoThreads(produce: { emit in
            for i in 1...5000 { try emit(i, i) }
            return (5000, 5000)
        }, consume: { item, _ in seen.append(item) })
        #expect(total == 5000 && seen == Array(1...5000))
    }
}
