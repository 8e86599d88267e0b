import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import HabitKit

/// Issue 23, point 20: an imported Loop history scores as it did in Loop. The expected scores are
/// those of `Tests/Fixtures/trackers/loop_scores.py`, an independent reference of Loop's
/// `ScoreList.recompute` (`loop-scores/`: `Date,Score`, one file per habit, to 6 decimals); each
/// day's score here (``HabitDayStatus/score``) must match to 4 decimals.
@Suite struct LoopScoreTests {
    static let fixtures = TrackerImportTests.fixtures
    /// The day after the fixtures' last day: every day of them is past.
    static func env() throws -> HabitEnvironment { try HabitsFixture.env("2026-11-23T12:00:00+01:00") }

    /// `NNN Name.csv` → [(day, score)].
    static func expected(_ folder: String) throws -> [(name: String, scores: [(LocalDay, Double)])] {
        let dir = fixtures.appendingPathComponent("loop-scores").appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".csv") }.sorted()
        return try files.map { file in
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            let rows = try text.split(separator: "\n").dropFirst().map { line throws -> (LocalDay, Double) in
                let fields = line.split(separator: ",")
                return (try #require(LocalDay(String(fields[0]))), try #require(Double(String(fields[1]))))
            }
            // "001 Walk.csv" → "Walk"
            let name = String(file.dropLast(4).drop { $0 != " " }.dropFirst())
            return (name, rows)
        }
    }

    /// Imports the Loop export `folder` (zipped as Loop names it) into a new store.
    static func imported(_ folder: String, in dir: URL) throws -> (HabitStore, TrackerImportSummary) {
        let zip = dir.appendingPathComponent("Loop Habits CSV \(folder).zip")
        try FileManager.default.zipItem(at: fixtures.appendingPathComponent(folder), to: zip, shouldKeepParent: false)
        let store = try HabitStore.inMemory()
        let summary = try store.importTracker(try LoopCSVReader.read(path: zip.path), env: try env(), dryRun: false)
        return (store, summary)
    }

    /// Imports Loop's backup made from `loop-backup.sql` (the data of `loop-csv/`) into a new store.
    static func importedBackup(in dir: URL) throws -> (HabitStore, TrackerImportSummary) {
        let path = try TrackerImportTests.backup("loop-backup.sql", in: dir)
        let store = try HabitStore.inMemory()
        let summary = try store.importTracker(try LoopBackupReader.read(path: path), env: try env(), dryRun: false)
        return (store, summary)
    }

    /// Each day's score of `definition` over `days`.
    static func scores(_ store: HabitStore, _ definition: HabitDefinition, _ days: [LocalDay]) throws -> [Double?] {
        guard let first = days.first, let last = days.last else { return [] }
        let report = try store.read(.overview([definition], range: DayRange(first, upTo: last.adding(days: 1)), env: try env(), scores: true)).reports[0]
        return report.days.map { $0.score }
    }

    /// The CSV exports, and the backup of the same habits as `loop-csv/` (which holds no inferred
    /// days: its first days are those of the CSV all the same). Every habit is compared, `Walk` (2 in
    /// 3 days) and `Water plants` (1 in 3) too: they are stored as they are, N days in any D, with
    /// Loop's window of D days (doubled, as Loop doubles N and D below one a day).
    @Test(arguments: ["loop-csv", "loop-csv-2017", "loop-backup.sql"])
    func anImportedLoopHistoryScoresEachDayAsLoopDid(folder: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("loop-scores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, summary) = folder == "loop-backup.sql" ? try Self.importedBackup(in: dir) : try Self.imported(folder, in: dir)
        let expected = try Self.expected(folder == "loop-backup.sql" ? "loop-csv" : folder)
        #expect(summary.habits.map(\.originalName) == expected.map(\.name))
        var compared = 0
        for (result, habit) in zip(summary.habits, expected) {
            #expect(result.approximation == nil, "\(habit.name): \(result.approximation ?? "")")
            let got = try Self.scores(store, result.definition, habit.scores.map(\.0))
            #expect(got.count == habit.scores.count)
            for ((day, want), score) in zip(habit.scores, got) {
                #expect(score.map { abs($0 - want) < 0.00005 } == true, "\(habit.name) \(day): \(score.map { String($0) } ?? "nil"), Loop \(want)")
                compared += 1
            }
        }
        #expect(compared == expected.reduce(0) { $0 + $1.scores.count })
        #expect(compared >= (folder == "loop-csv-2017" ? 10 : 30))
    }
}
