import Foundation
import GRDB
import Testing
@testable import HabitKit

/// A store in its own folder with `count` meditation sessions, and helpers to read any file.
private struct Folder {
    let url: URL
    var store: String { url.appendingPathComponent("store/habit.sqlite").path }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    static func withStore(sessions count: Int) throws -> (Folder, HabitStore) {
        let (store, url) = try Fixture.fileStore()
        let env = Fixture.env("2025-10-26T10:00:00+01:00")
        for i in 0..<count {
            let end = env.now.addingTimeInterval(Double(-3600 * i))
            _ = try store.logMeditation(InstantRange(end.addingTimeInterval(-600), upTo: end), source: .app, note: nil, env: env)
        }
        return (Folder(url: url), store)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Every file in the store's folder with its bytes: "nothing changed" means this is equal.
    func storeFolderContents() throws -> [String: Data] {
        let folder = url.appendingPathComponent("store")
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return out
    }
}

/// The store's entries, oldest anchor first (opens the file as a store: check bytes before).
private func sampleUUIDs(_ path: String) throws -> [UUID] {
    let all = InstantRange(Date(timeIntervalSince1970: 0), upTo: Date(timeIntervalSince1970: 4_000_000_000))
    return try HabitStore.open(path: path).read(.entries(in: all)).map(\.uuid).sorted { $0.uuidString < $1.uuidString }
}

/// The description of the error `body` throws, nil when it throws none.
private func failure(_ body: () throws -> Void) -> String? {
    do { try body() } catch { return "\(error)" }
    return nil
}

private func mode(_ path: String) throws -> Int {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
}

@Suite struct StoreBackupTests {
    let env = Fixture.env("2025-10-26T10:00:00+01:00")

    @Test func aBackupIsA0600SingleFileHabitStoreWithTheSameRows() throws {
        let (folder, _) = try Folder.withStore(sessions: 3)
        defer { folder.remove() }
        let report = try StoreBackup.backup(store: folder.store, to: folder.path("b.sqlite"), force: false)
        #expect(report.file == folder.path("b.sqlite"))
        #expect(report.schemaVersion == Schema.currentVersion)
        #expect(try mode(report.file) == 0o600)
        let header = try Data(contentsOf: URL(fileURLWithPath: report.file)).prefix(20)
        #expect(header[18] == 1 && header[19] == 1)  // rollback journal: no -wal belongs to it
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(left == ["b.sqlite", "store"])  // no temporary file left behind
        #expect(try sampleUUIDs(report.file) == sampleUUIDs(folder.store))
    }

    @Test(arguments: ["", "-wal", "-shm", "-journal"])
    func aBackupOntoTheStoreOrItsFilesIsRefused(suffix: String) throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let before = try folder.storeFolderContents()
        // Reach the store's folder through a second name: identity, not text, decides.
        let alias = folder.path("alias")
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: folder.url.appendingPathComponent("store").path)
        #expect(throws: BackupError.self) {
            try StoreBackup.backup(store: folder.store, to: alias + "/habit.sqlite" + suffix, force: true)
        }
        #expect(try folder.storeFolderContents() == before)
    }

    @Test func anExistingFileIsKeptWithoutForceAndReplacedWithIt() throws {
        let (folder, _) = try Folder.withStore(sessions: 2)
        defer { folder.remove() }
        let target = folder.path("b.sqlite")
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: target))
        #expect(failure { _ = try StoreBackup.backup(store: folder.store, to: target, force: false) } == BackupError.exists(target).description)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("keep me".utf8))
        _ = try StoreBackup.backup(store: folder.store, to: target, force: true)
        #expect(try sampleUUIDs(target).count == 2)
    }

    @Test func aMissingStoreIsNotCreated() throws {
        let folder = Folder(url: FileManager.default.temporaryDirectory.appendingPathComponent("habit-test-\(UUID().uuidString)"))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        #expect(throws: BackupError.self) { try StoreBackup.backup(store: folder.path("none.sqlite"), to: folder.path("b.sqlite"), force: false) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }

    @Test func restoreSwapsTheBackupInAndKeepsTheCurrentStoreBesideIt() throws {
        let (folder, store) = try Folder.withStore(sessions: 2)
        defer { folder.remove() }
        let backup = try StoreBackup.backup(store: folder.store, to: folder.path("b.sqlite"), force: false)
        let atBackup = try sampleUUIDs(folder.store)
        let end = env.now.addingTimeInterval(-86400)
        _ = try store.logMeditation(InstantRange(end.addingTimeInterval(-600), upTo: end), source: .app, note: nil, env: env)
        let later = try sampleUUIDs(folder.store)
        #expect(later.count == 3)

        let report = try StoreBackup.restore(backup.file, into: folder.store, now: env.now, calendar: env.calendar)
        #expect(report.kept == folder.store + ".before-restore-20251026-100000")
        #expect(try sampleUUIDs(folder.store) == atBackup)
        #expect(try sampleUUIDs(try #require(report.kept)) == later)  // checkpointed: complete on its own
        #expect(try mode(folder.store) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: folder.store + "-wal"))
        // The restored file opens as a store again (and takes writes).
        let reopened = try HabitStore.open(path: folder.store)
        #expect(try reopened.read(.counts).samples == 2)

        // A second restore in the same second keeps the second store under another name.
        let again = try StoreBackup.restore(backup.file, into: folder.store, now: env.now, calendar: env.calendar)
        #expect(again.kept == folder.store + ".before-restore-20251026-100000-2")
    }

    @Test func restoreIntoAMissingStoreCreatesTheFolder0700() throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let backup = try StoreBackup.backup(store: folder.store, to: folder.path("b.sqlite"), force: false)
        let target = folder.path("new/deeper/habit.sqlite")
        let report = try StoreBackup.restore(backup.file, into: target, now: env.now, calendar: env.calendar)
        #expect(report.kept == nil)
        #expect(try mode(folder.path("new/deeper")) == 0o700)
        #expect(try mode(target) == 0o600)
        #expect(try sampleUUIDs(target).count == 1)
    }

    enum BadFile: String, CaseIterable, Sendable {
        case corrupted, notSQLite, empty
    }

    @Test(arguments: BadFile.allCases)
    func restoreRefusesAFileThatIsNotAnIntactHabitStoreAndChangesNothing(_ bad: BadFile) throws {
        let (folder, _) = try Folder.withStore(sessions: 2)
        defer { folder.remove() }
        let file = folder.path("bad.sqlite")
        switch bad {
        case .corrupted:
            _ = try StoreBackup.backup(store: folder.store, to: file, force: false)
            try corruptPages(file)
        case .notSQLite:
            try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: file))
        case .empty:
            FileManager.default.createFile(atPath: file, contents: Data())
        }
        let fileBytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let before = try folder.storeFolderContents()
        #expect(throws: BackupError.self) {
            try StoreBackup.restore(file, into: folder.store, now: env.now, calendar: env.calendar)
        }
        #expect(try folder.storeFolderContents() == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == fileBytes)
    }

    @Test func restoreRefusesAFileWhoseLogIsBesideIt() throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let file = folder.path("b.sqlite")
        _ = try StoreBackup.backup(store: folder.store, to: file, force: false)
        try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: file + "-wal"))
        #expect(failure { _ = try StoreBackup.restore(file, into: folder.store, now: env.now, calendar: env.calendar) }
                == BackupError.pendingLog(file).description)
    }
}

/// Overwrites the b-tree header of every page after the first: integrity_check fails.
func corruptPages(_ path: String) throws {
    // The root page of every table and index: the file still opens and names its tables (the
    // schema's own pages, page 1 and those it grew into, are left alone), and the integrity
    // check finds the damage.
    var config = Configuration()
    config.readonly = true
    let reader = try DatabaseQueue(path: path, configuration: config)
    let roots = try reader.read { db in try Int.fetchAll(db, sql: "SELECT rootpage FROM sqlite_master WHERE rootpage > 1") }
    try reader.close()
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let header = try #require(try handle.read(upToCount: 100))
    let pageSize = Int(header[16]) << 8 | Int(header[17])
    let size = Int(try handle.seekToEnd())
    for page in roots where page * pageSize <= size {
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        handle.write(Data([0x0D, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]))
    }
}

@Suite struct StoreDiagnosisTests {
    @Test func aGoodStoreHasNoProblem() throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let diagnosis = StoreDiagnosis.examine(path: folder.store, user: getuid())
        #expect(diagnosis.exists)
        #expect(diagnosis.enabledReminders == 0)
        #expect(diagnosis.findings.filter { $0.status != .ok } == [])
        #expect(diagnosis.findings.map(\.check) == ["store", "path", "ownership", "file-mode", "folder-mode", "identity",
                                                    "integrity", "foreign-keys", "schema", "wal"])
    }

    @Test func aMissingStoreIsOneProblemAndIsNotCreated() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-none-\(UUID().uuidString)/h.sqlite").path
        let diagnosis = StoreDiagnosis.examine(path: path, user: getuid())
        #expect(!diagnosis.exists)
        #expect(diagnosis.findings.map(\.status) == [.problem])
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func theStoreFileIsNotChanged() throws {
        let (folder, _) = try Folder.withStore(sessions: 2)
        defer { folder.remove() }
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.store))
        _ = StoreDiagnosis.examine(path: folder.store, user: getuid())
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.store)) == before)
    }

    @Test func aCorruptStoreIsAProblemOnOneLine() throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let copy = folder.path("copy.sqlite")
        _ = try StoreBackup.backup(store: folder.store, to: copy, force: false)
        try corruptPages(copy)
        let findings = StoreDiagnosis.examine(path: copy, user: getuid()).findings
        let integrity = try #require(findings.first { $0.check == "integrity" })
        #expect(integrity.status == .problem)
        #expect(!integrity.detail.contains("\n"))
        #expect(integrity.fix?.contains("habit restore") == true)
    }

    @Test func aLinkedStoreIsAProblem() throws {
        let (folder, _) = try Folder.withStore(sessions: 1)
        defer { folder.remove() }
        let link = folder.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.store)
        let path = StoreDiagnosis.examine(path: link, user: getuid()).findings.first { $0.check == "path" }
        #expect(path?.status == .problem)
        #expect(path?.fix?.contains(folder.store) == true)
    }
}

@Suite struct FileRulesTests {
    @Test(arguments: [(0o600, Finding.Status.ok), (0o644, .problem), (0o640, .problem), (0o602, .problem), (0o400, .warning)])
    func fileModes(mode: Int, status: Finding.Status) {
        #expect(FileRules.fileMode([FileFacts(path: "/s/h.sqlite", mode: UInt32(mode), owner: 1000)]).status == status)
    }

    @Test(arguments: [(0o700, Finding.Status.ok), (0o755, .warning), (0o750, .warning), (0o770, .problem), (0o703, .problem)])
    func folderModes(mode: Int, status: Finding.Status) {
        #expect(FileRules.folderMode(FileFacts(path: "/s", mode: UInt32(mode), owner: 1000)).status == status)
    }

    @Test func anotherOwnerIsAProblemWithAChownFix() {
        let finding = FileRules.ownership([FileFacts(path: "/s/h.sqlite", mode: 0o600, owner: 0), FileFacts(path: "/s", mode: 0o700, owner: 1000)], user: 1000)
        #expect(finding.status == .problem)
        #expect(finding.fix == "sudo chown 1000 /s/h.sqlite")
    }

    @Test func theKeptNameCarriesTheLocalTime() {
        let day = Fixture.day("2025-03-07")
        let time = LocalTime(hour: 9, minute: 5, second: 1)!
        #expect(FileRules.keptName(store: "/d/habit.sqlite", day: day, time: time) == "/d/habit.sqlite.before-restore-20250307-090501")
        #expect(FileRules.keptName(store: "/d/habit.sqlite", day: day, time: time, attempt: 3) == "/d/habit.sqlite.before-restore-20250307-090501-3")
    }

    @Test func findingsEncodeANullFix() throws {
        let json = String(decoding: try JSONEncoder().encode(Finding.ok("wal", "none")), as: UTF8.self)
        #expect(json.contains("\"fix\":null"))
    }
}

@Suite struct TriggerCommandTests {
    @Test func readsTheCronLineHabitWrites() throws {
        let line = "*/5 * * * * HABIT_DB='/home/a b/it'\\''s.sqlite' TZ=Europe/Berlin /usr/local/bin/habit remind check # habit-reminders"
        let command = try #require(TriggerCommand.cron(line))
        #expect(command.environment == ["HABIT_DB": "/home/a b/it's.sqlite", "TZ": "Europe/Berlin"])
        #expect(command.arguments == ["/usr/local/bin/habit", "remind", "check"])
        #expect(command.isReminderCheck)
        #expect(command.storePath(home: "/home/a") == "/home/a b/it's.sqlite")
        #expect(command.notifierProgram == nil)
    }

    @Test func cronPercentSignsAndDefaults() throws {
        let command = try #require(TriggerCommand.cron("@hourly habit --db /d/50\\%.sqlite remind check --notify notify-send %stdin"))
        #expect(command.arguments == ["habit", "--db", "/d/50%.sqlite", "remind", "check", "--notify", "notify-send"])
        #expect(command.storePath(home: "/h") == "/d/50%.sqlite")
        #expect(command.notifierProgram == "notify-send")
        let plain = try #require(TriggerCommand.cron("0 * * * * habit remind check --notify command -- /usr/bin/logger -t habit"))
        #expect(plain.storePath(home: "/h", inherited: ["XDG_DATA_HOME": "/x"]) == "/x/habit/habit.sqlite")
        #expect(plain.storePath(home: "/h") == "/h/.local/share/habit/habit.sqlite")
        #expect(plain.notifierProgram == "/usr/bin/logger")
        #expect(TriggerCommand.cron("# */5 * * * * habit remind check") == nil)
        #expect(TriggerCommand.cronEnvironment(["PATH=/opt/bin:/usr/bin", "MAILTO = \"me@x\"", "# X=1"]) == ["PATH": "/opt/bin:/usr/bin", "MAILTO": "me@x"])
    }

    @Test func readsTheSystemdServiceHabitPrints() throws {
        let unit = """
            [Service]
            Type=oneshot
            Environment=HABIT_DB='/data/100%%/h.sqlite'
            Environment="TZ=Europe/Berlin" LANG=C
            ExecStart=-/usr/bin/habit remind check --notify notify-send
            """
        let command = try #require(TriggerCommand.systemdService(unit))
        #expect(command.environment == ["HABIT_DB": "/data/100%/h.sqlite", "TZ": "Europe/Berlin", "LANG": "C"])
        #expect(command.arguments.first == "/usr/bin/habit")
        #expect(command.storePath(home: "/h") == "/data/100%/h.sqlite")
        #expect(command.notifierProgram == "notify-send")
    }

    @Test func shellWords() {
        #expect(ShellWords.split(#"a 'b c' "d \"e\"" f\ g # comment"#) == ["a", "b c", "d \"e\"", "f g"])
        #expect(ShellWords.split("'open") == nil)
        #expect(ShellWords.quote("/plain/path.sqlite") == "/plain/path.sqlite")
        #expect(ShellWords.quote("/it's here") == #"'/it'\''s here'"#)
    }
}
