import Foundation
import GRDB
import Testing
import ZIPFoundation
@testable import HabitKit

/// Issue 23: the tracker importers fuzzed (beside `HarshFuzzer`, a libFuzzer target): Loop's CSV
/// export and its backup, and (issue 27) the generic CSV and HabitBull's export, made from the fixtures and mutated — CSV lines removed, repeated,
/// swapped or cut, fields replaced by hostile values, bytes flipped; backup rows and columns
/// changed by fixed SQL edits. Laws: the readers never trap, they read the same file the same way
/// twice, and what they accept has a name, a frequency habit keeps and no control character in a
/// name. `TRACKER_FUZZ_SEED` / `TRACKER_FUZZ_RUNS` change the seed (17) and the runs (80).
@Suite struct TrackerFuzzTests {
    static let hostile = ["", "\"", "\"\"\"", "-1", "99999999999999999999", "1e308", "NaN", "YES_MANUAL", "SKIP", "2", "0",
                          "2025-13-40", "0000-00-00", "\u{1B}[2J", "a\tb", "é", "ロール", ",", "\r", String(repeating: "x", count: 5000)]

    static func mutate(_ text: String, _ rng: inout SeededRandom) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for _ in 0..<rng.int(1...3) where !lines.isEmpty {
            let i = rng.int(0...(lines.count - 1))
            switch rng.int(0...5) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[i], at: rng.int(0...lines.count))
            case 2: lines.swapAt(i, rng.int(0...(lines.count - 1)))
            case 3: lines[i] = String(lines[i].prefix(rng.int(0...lines[i].count)))
            case 4:
                var fields = lines[i].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if !fields.isEmpty { fields[rng.int(0...(fields.count - 1))] = hostile[rng.int(0...(hostile.count - 1))] }
                lines[i] = fields.joined(separator: ",")
            default:
                var bytes = Array(lines[i].utf8)
                if !bytes.isEmpty { bytes[rng.int(0...(bytes.count - 1))] ^= UInt8(1 << rng.int(0...7)) }
                lines[i] = String(decoding: bytes, as: UTF8.self)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Checks the laws; returns whether the file was accepted.
    @discardableResult
    static func check(_ read: () throws -> TrackerExport, _ context: String) -> Bool {
        let first = Result { try read() }, second = Result { try read() }
        switch (first, second) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(context): read two ways")
            for habit in a.habits {
                let days = habit.per == .day ? 1 : habit.per == .week ? 7 : 31
                #expect((1...days).contains(habit.times), "\(context): \(habit.originalName) \(habit.times) per \(habit.per)")
                #expect(!habit.originalName.isEmpty, "\(context)")
            }
        case (.failure(let a), .failure(let b)):
            #expect("\(a)" == "\(b)", "\(context)")
            #expect(!"\(a)".isEmpty)
        default:
            Issue.record("\(context): read once, refused once")
        }
        return (try? first.get()) != nil
    }

    @Test func mutatedLoopExportsAreReadOrRefusedNeverTrap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-loop-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = TrackerImportTests.fixtures.appendingPathComponent("loop-csv")
        let files = try FileManager.default.subpathsOfDirectory(atPath: source.path).filter { $0.hasSuffix(".csv") }.sorted()
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["TRACKER_FUZZ_SEED"].flatMap(UInt64.init) ?? 17))
        let runs = Int(ProcessInfo.processInfo.environment["TRACKER_FUZZ_RUNS"] ?? "") ?? 80
        var accepted = 0
        for run in 0..<runs {
            let work = folder.appendingPathComponent("run-\(run)")
            try FileManager.default.copyItem(at: source, to: work)
            let victim = files[rng.int(0...(files.count - 1))]
            let path = work.appendingPathComponent(victim)
            let text = try String(contentsOf: path, encoding: .utf8)
            try Self.mutate(text, &rng).write(to: path, atomically: true, encoding: .utf8)
            let zip = folder.appendingPathComponent("Loop Habits CSV \(run).zip")
            try FileManager.default.zipItem(at: work, to: zip, shouldKeepParent: false)
            if Self.check({ try LoopCSVReader.read(path: zip.path) }, "run \(run), \(victim)") { accepted += 1 }
            try? FileManager.default.removeItem(at: work)
            try? FileManager.default.removeItem(at: zip)
        }
        // Most mutations still make a Loop export; some must not (the laws were met both ways).
        #expect(accepted > runs / 4 && accepted < runs, "\(accepted) of \(runs) accepted")
    }

    @Test func mutatedLoopBackupsAreReadOrRefusedNeverTrap() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-loopdb-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let edits = [
            "UPDATE Repetitions SET value = -5", "UPDATE Repetitions SET value = 9223372036854775807", "UPDATE Repetitions SET timestamp = -1",
            "UPDATE Repetitions SET timestamp = 99999999999999", "UPDATE Repetitions SET value = NULL", "UPDATE Repetitions SET value = 'x'",
            "UPDATE Habits SET name = ''", "UPDATE Habits SET name = NULL", "UPDATE Habits SET name = char(27) || '[2J'",
            "UPDATE Habits SET freq_num = 0", "UPDATE Habits SET freq_den = 0", "UPDATE Habits SET freq_num = 1000, freq_den = 1",
            "UPDATE Habits SET target_value = -1", "UPDATE Habits SET target_value = 1e308", "UPDATE Habits SET type = 7",
            "UPDATE Habits SET archived = 'yes'", "DELETE FROM Habits", "DELETE FROM Repetitions", "DROP TABLE Repetitions",
            "ALTER TABLE Habits RENAME TO HabitsOld", "UPDATE Repetitions SET habit = 9999", "INSERT INTO Repetitions SELECT * FROM Repetitions",
        ]
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["TRACKER_FUZZ_SEED"].flatMap(UInt64.init) ?? 17))
        var accepted = 0
        for run in 0..<(edits.count * 2) {
            let path = try TrackerImportTests.backup("loop-backup.sql", in: folder)
            let chosen = (0..<rng.int(1...3)).map { _ in edits[rng.int(0...(edits.count - 1))] }
            let queue = try DatabaseQueue(path: path)
            for edit in chosen { try? queue.write { db in try db.execute(sql: edit) } }
            try queue.close()
            if Self.check({ try LoopBackupReader.read(path: path) }, "run \(run): \(chosen)") { accepted += 1 }
            try FileManager.default.removeItem(atPath: path)
        }
        #expect(accepted > 0 && accepted < edits.count * 2, "\(accepted) accepted")
    }

    /// The generic CSV and HabitBull's export, mutated line by line and field by field: read or
    /// refused, never trapping; what is read holds only amounts and days habit keeps (a yes/no
    /// check is 1); a refusal names the line it stopped at.
    @Test(arguments: ["generic.csv", "habitbull.csv"])
    func mutatedTrackerCSVsAreReadOrRefusedWithTheirLineNeverTrap(_ fixture: String) throws {
        let text = try String(contentsOf: TrackerImportTests.fixtures.appendingPathComponent(fixture), encoding: .utf8)
        let read: (Data) throws -> TrackerExport = fixture == "generic.csv"
            ? { try GenericCSVReader.read(CSVTrackerRows.rows($0, path: "f.csv"), path: "f.csv") }
            : { try HabitBullReader.read(CSVTrackerRows.rows($0, path: "f.csv"), path: "f.csv") }
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["TRACKER_FUZZ_SEED"].flatMap(UInt64.init) ?? 17))
        let runs = Int(ProcessInfo.processInfo.environment["TRACKER_FUZZ_RUNS"] ?? "") ?? 80
        var accepted = 0
        for run in 0..<runs {
            let data = Data(Self.mutate(text, &rng).utf8)
            if Self.check({ try read(data) }, "run \(run), \(fixture)") {
                accepted += 1
                for habit in try read(data).habits {
                    for check in habit.checks {
                        #expect(StoredNumbers.isHabitAmount(check.amount) && check.amount > 0 && SupportedDates.contains(check.day), "run \(run)")
                        #expect(habit.kind == .quantity || check.amount == 1, "run \(run): \(habit.originalName)")
                    }
                }
            } else {
                do { _ = try read(data) } catch { #expect("\(error)".hasPrefix("f.csv: line "), "run \(run): \(error)") }
            }
        }
        #expect(accepted > 0 && accepted < runs, "\(accepted) of \(runs) accepted")
    }
}
