import Foundation
import GRDB
import Testing
@testable import HabitKit

/// A seeded fuzzer of `restore`'s check, in process (issue 23): mutated copies of a real small
/// backup — bytes flipped, the header's version and application id changed, the file cut short,
/// SQL objects and migration rows added, triggers rewritten — are restored into a store. Laws:
/// nothing traps; a file is either accepted and the restored store passes every check `doctor`
/// makes (integrity, foreign keys, the schema exactly as habit makes it), or refused with a typed
/// error (`BackupError`, `StoreError`) and the store's folder is byte-for-byte as it was.
/// `HABIT_RESTORE_FUZZ_SEED` and `HABIT_RESTORE_FUZZ_RUNS` change the seed (23) and runs (200).
@Suite struct RestoreFuzzTests {

    /// SQL a hostile backup may carry. Fixed text: the fuzzer only picks among them.
    static let edits: [String] = [
        "CREATE TRIGGER x AFTER INSERT ON sample BEGIN DELETE FROM sample; END",
        "CREATE TRIGGER y BEFORE DELETE ON setting BEGIN SELECT 1; END",
        "CREATE VIEW v AS SELECT * FROM sample",
        "CREATE TABLE extra (id INTEGER PRIMARY KEY)",
        "CREATE INDEX sample_extra ON sample(value)",
        "INSERT INTO grdb_migrations (identifier) VALUES ('v11-from-the-future')",
        "INSERT INTO grdb_migrations (identifier) VALUES (x'00ff')",
        "DELETE FROM grdb_migrations WHERE identifier = 'v10-noalc-entries-at-noon'",
        "DROP INDEX sample_workout",
        "DROP TRIGGER sample_tombstone; CREATE TRIGGER sample_tombstone AFTER DELETE ON sample BEGIN SELECT 1; END",
        "DROP VIEW workoutView; CREATE VIEW workoutView AS SELECT 1 AS id",
        "PRAGMA user_version = 0", "PRAGMA user_version = 9", "PRAGMA user_version = 11", "PRAGMA user_version = -1",
        "PRAGMA application_id = 0", "PRAGMA application_id = 305419896",
        "PRAGMA foreign_keys = OFF; INSERT INTO replacedSample (sampleId, record) VALUES (99999, '{}')",
        "INSERT INTO setting (key, value) VALUES ('day-start', '04:00')",  // ordinary data: accepted
        "DELETE FROM sample",  // ordinary data (tombstones by the store's own trigger): accepted
    ]

    @Test func mutatedBackupsAreAcceptedWholeOrRefusedWithATypedErrorAndNothingChanges() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = UInt64(environment["HABIT_RESTORE_FUZZ_SEED"] ?? "") ?? 23
        let runs = Int(environment["HABIT_RESTORE_FUZZ_RUNS"] ?? "") ?? 200
        var rng = SeededRandom(seed: seed)
        let env = Fixture.env("2025-10-26T10:00:00+01:00")

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("habit-restore-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let storeFolder = root.appendingPathComponent("store")
        let store = storeFolder.appendingPathComponent("habit.sqlite").path
        let backup = root.appendingPathComponent("backup.sqlite").path
        let input = root.appendingPathComponent("in/mutated.sqlite").path
        try FileManager.default.createDirectory(at: root.appendingPathComponent("in"), withIntermediateDirectories: true)
        do {
            let habitStore = try HabitStore.open(path: store)
            for i in 0..<3 {
                let end = env.now.addingTimeInterval(Double(-3600 * i))
                _ = try habitStore.logMeditation(InstantRange(end.addingTimeInterval(-600), upTo: end), source: .app, note: nil, env: env)
            }
            _ = try StoreBackup.backup(store: store, to: backup, force: false)
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: backup))
        let pristine = try folderContents(storeFolder)

        var accepted = 0, refused: [String: Int] = [:]
        let started = Date()
        for run in 0..<runs {
            var bytes = original
            let kind = rng.below(6)
            if kind == 3 || kind == 4 {
                try bytes.write(to: URL(fileURLWithPath: input))
                let queue = try DatabaseQueue(path: input)
                let sql = Self.edits[rng.below(Self.edits.count)]
                try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
                try queue.close()
                bytes = try Data(contentsOf: URL(fileURLWithPath: input))
                try? FileManager.default.removeItem(atPath: input + "-journal")
            }
            switch kind {
            case 0, 4:  // flip 1 to 8 bits anywhere
                for _ in 0...rng.below(8) where !bytes.isEmpty {
                    let at = rng.below(bytes.count)
                    bytes[at] ^= UInt8(1 << rng.below(8))
                }
            case 1:  // the header: page size, counters, version, application id
                let at = rng.below(100)
                bytes[at] = UInt8(truncatingIfNeeded: rng.next())
            case 2:  // cut short (at a page boundary or anywhere)
                let cut = rng.below(2) == 0 ? rng.below(bytes.count) : (rng.below(bytes.count / 4096 + 1) * 4096)
                bytes = bytes.prefix(cut)
            default:
                break
            }
            try bytes.write(to: URL(fileURLWithPath: input))

            let before = try folderContents(storeFolder)
            do {
                _ = try StoreBackup.restore(input, into: store, now: env.now, calendar: env.calendar)
                accepted += 1
                let problems = try checkRestored(store)
                #expect(problems.isEmpty, "run \(run) (seed \(seed), kind \(kind)): accepted a store that fails \(problems)")
                // Back to the store as it was, for the next run.
                try FileManager.default.removeItem(at: storeFolder)
                try FileManager.default.createDirectory(at: storeFolder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
                for (name, data) in pristine { try data.write(to: storeFolder.appendingPathComponent(name)) }
            } catch {
                // Refused as input (65), never blamed on the store's folder: the folder is fine.
                let typed = (error as? any HabitError)?.kind == .dataError && (error is BackupError || error is StoreError)
                #expect(typed, "run \(run) (seed \(seed), kind \(kind)): not a typed data error: \(error)")
                #expect(!"\(error)".contains("\n"), "run \(run): a message of more than one line")
                refused[String(describing: type(of: error)) + "." + (Mirror(reflecting: error).children.first?.label ?? "\(error)"), default: 0] += 1
                #expect(try folderContents(storeFolder) == before, "run \(run) (seed \(seed), kind \(kind)): the store changed on a refusal")
            }
        }
        print("restore fuzz, seed \(seed): \(runs) runs, \(accepted) accepted, \(runs - accepted) refused in \(String(format: "%.1f", Date().timeIntervalSince(started))) s: \(refused.sorted { $0.key < $1.key })")
        #expect(accepted > 0 && !refused.isEmpty, "accepted \(accepted), refused \(refused)")
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// What `doctor` would find wrong with the store at `path` (empty: nothing).
    private func checkRestored(_ path: String) throws -> [String] {
        let queue = try StorePaths.openReadOnly(path)
        defer { try? queue.close() }
        return try queue.read { db in
            var problems: [String] = []
            if try String.fetchAll(db, sql: "PRAGMA integrity_check") != ["ok"] { problems.append("integrity_check") }
            if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil { problems.append("foreign_key_check") }
            if case .habit = try StoreIdentity.of(db) {} else { problems.append("identity") }
            if case .matches = try SchemaCheck.examine(db) {} else { problems.append("schema") }
            return problems
        }
    }

    private func folderContents(_ folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }
}

/// Backups that older habits really wrote (the stores of `Tests/Fixtures`, made by the v3, v4 and
/// v5 binaries) are exactly the schema habit makes at their version: `restore` takes them.
@Suite struct SchemaCheckTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    @Test(arguments: [3, 4, 5])
    func aBackupAnOlderHabitWroteMatchesItsVersionAndIsRestored(version: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("habit-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let copy = root.appendingPathComponent("v\(version).sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("v\(version)-store.sqlite").path, toPath: copy)
        let queue = try StorePaths.openReadOnly(copy)
        #expect(try queue.read { try SchemaCheck.examine($0) } == .matches(version: version))
        try queue.close()

        let store = root.appendingPathComponent("store/habit.sqlite").path
        let env = Fixture.env("2025-10-26T10:00:00+01:00")
        let report = try StoreBackup.restore(copy, into: store, now: env.now, calendar: env.calendar)
        #expect(report.schemaVersion == version)
        // Migrated on next use, it is the current schema exactly.
        _ = try HabitStore.open(path: store)
        let migrated = try StorePaths.openReadOnly(store)
        defer { try? migrated.close() }
        #expect(try migrated.read { try SchemaCheck.examine($0) } == .matches(version: Schema.currentVersion))
    }

    @Test func aPlantedTriggerIsNamedQuotedInTheDetail() throws {
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue)
        try queue.write { db in try db.execute(sql: "CREATE TRIGGER \"x\ny\" AFTER INSERT ON sample BEGIN DELETE FROM sample; END") }
        let outcome = try queue.read { try SchemaCheck.examine($0) }
        #expect(outcome == .differs(version: Schema.currentVersion, detail: "an extra trigger 'x\\ny'"))
    }
}

extension SeededRandom {
    /// A number in `0..<n` (0 when n < 1), as the mutations pick them.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
