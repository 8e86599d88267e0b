import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 11 #2–#4: habit never changes a file that is not its own store, never follows a link it
/// should not, and never creates a store through a refused path.
@Suite struct StoreTrustTests {
    /// The bytes of `path` and of its -wal/-shm (nil when absent).
    static func bytes(_ path: String) -> [Data?] {
        ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: path + $0) }
    }

    static func makeForeignDatabase(_ path: String, applicationID: Int32 = 0) throws {
        let db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO note (body) VALUES ('mine')")
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        try db.close()
    }

    static let commands: [[String]] = [["streak"], ["log", "meditate", "10m"], ["calendar", "2025-10"], ["export", "--format", "csv"]]

    @Test(arguments: [Int32(0), Int32(0x1234_5678)])
    func anotherProgramsDatabaseIsRefusedUntouched(applicationID: Int32) throws {
        let habit = try HabitProcess()
        try Self.makeForeignDatabase(habit.db, applicationID: applicationID)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)
        let before = Self.bytes(habit.db)
        for command in Self.commands {
            let result = try habit.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("not a habit store"))
            #expect(Self.bytes(habit.db) == before, "\(command) changed the file")
        }
    }

    @Test func aStoreOfANewerSchemaIsRefusedWithItsHeaderUnchanged() throws {
        let habit = try HabitProcess()
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        try DatabaseQueue(path: habit.db).write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        let before = Self.bytes(habit.db)
        for command in Self.commands {
            let result = try habit.run(command)
            #expect(result.status == 69, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("schema version 99"))
            #expect(Self.bytes(habit.db) == before)
        }
    }

    @Test func aDanglingLinkNeverCreatesItsTarget() throws {
        let habit = try HabitProcess()
        let target = habit.folder.appendingPathComponent("elsewhere.sqlite").path
        let link = habit.folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = try habit.run(["log", "meditate", "10m"], env: ["HABIT_DB": link])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aLinkToAForeignDatabaseIsNotFollowedIntoIt() throws {
        let habit = try HabitProcess()
        let foreign = habit.folder.appendingPathComponent("other.sqlite").path
        try Self.makeForeignDatabase(foreign)
        let link = habit.folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: foreign)
        let before = Self.bytes(foreign)
        let result = try habit.run(["log", "meditate", "10m"], env: ["HABIT_DB": link])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(Self.bytes(foreign) == before)
    }

    @Test func aLinkToTheUsersOwnStoreWorks() throws {
        let habit = try HabitProcess()
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let link = habit.folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: habit.db)
        let result = try habit.run(["log", "meditate", "5m"], env: ["HABIT_DB": link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try HabitStore.open(path: habit.db).read(.counts).samples == 2)
    }

    @Test(arguments: [(folder: Int16(0o777), file: Int16(0o600)), (folder: 0o770, file: 0o600), (folder: 0o700, file: 0o666),
                      (folder: 0o700, file: 0o620)])
    func aStoreOrFolderWritableByOthersIsRefused(modes: (folder: Int16, file: Int16)) throws {
        let habit = try HabitProcess()
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = Self.bytes(habit.db)
        try FileManager.default.setAttributes([.posixPermissions: modes.file], ofItemAtPath: habit.db)
        try FileManager.default.setAttributes([.posixPermissions: modes.folder], ofItemAtPath: habit.folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path) }
        let result = try habit.run(["log", "meditate", "10m"])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("writable by others"))
        #expect(Self.bytes(habit.db) == before)
    }

    @Test func aNewStoreInAWorldWritableFolderIsNotCreated() throws {
        let habit = try HabitProcess()
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: habit.folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path) }
        let result = try habit.run(["log", "meditate", "10m"])
        #expect(result.status == 77)
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    @Test func readingAMissingStoreCreatesNothing() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("habit-none-\(UUID().uuidString)/h.sqlite").path
        let store = try HabitStore.open(path: missing, access: .read)
        #expect(try store.read(.isEmpty))
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: missing).deletingLastPathComponent().path))
    }
}

/// Issue 10: `log list` counts sources like every other command, and the text names an app
/// extension as the app's, not as another source.
@Suite struct LogListSourcesTests {
    @Test func logListShowsTheAppsSourcesUnlessAllSourcesAndTagsExtensionsAsTheApps() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for source in ["dev.habit", "dev.habit.watch", "com.example.other"] {
            #expect(try habit.run(["log", "meditate", "10m", "--source", source]).status == 0)
        }
        let mine = try habit.json(["log", "list"])["entries"] as? [[String: Any]] ?? []
        let all = try habit.json(["log", "list", "--all-sources"])["entries"] as? [[String: Any]] ?? []
        #expect(mine.count == 2 && all.count == 3)
        let appOnly = try habit.json(["log", "list", "--app-only"])["entries"] as? [[String: Any]] ?? []
        #expect(appOnly.count == mine.count)
        let text = try habit.run(["log", "list", "--all-sources"]).stdout
        #expect(text.contains("(watch)"))
        #expect(!text.contains("[dev.habit.watch]"))
        #expect(text.contains("[com.example.other]"))
    }
}

/// Issue 11 #5: a store that already holds non-finite numbers (written before imports refused
/// them) still exports, lists and feeds changes.
@Suite struct NonFiniteValuesTests {
    @Test func aStoreHoldingInfinityStillExports() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "workout", "hiit", "20m"]).status == 0)
        try DatabaseQueue(path: habit.db).write { db in
            try db.execute(sql: "UPDATE sample SET value = ? WHERE id = (SELECT min(id) FROM sample)", arguments: [Double.infinity])
            try db.execute(sql: "UPDATE workout SET totalEnergyKcal = ?", arguments: [-Double.infinity])
        }
        for command in [["export", "--format", "ndjson", "--all-sources"], ["export", "--format", "json"], ["export", "--format", "csv"],
                        ["changes", "--since", "0", "--json"], ["log", "list", "--json"], ["timeline", "--json"]] {
            let result = try habit.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            if command.contains("--json") || command.contains("ndjson") || command.contains("json") {
                #expect(result.stdout.contains("Infinity"), "\(command)")
            }
        }
    }
}
