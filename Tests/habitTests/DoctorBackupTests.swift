import Foundation
import GRDB
import Testing
@testable import HabitKit

/// A habit process with a fake `crontab` (reading and writing `<folder>/crontab`) first on PATH,
/// so no test reads or changes the real crontab.
func habitWithFakeCron() throws -> HabitProcess {
    var habit = try HabitProcess()
    let bin = habit.folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let table = habit.folder.appendingPathComponent("crontab").path
    try install(script: """
        #!/bin/sh
        if [ "$1" = "-l" ]; then
            [ -f '\(table)' ] || { echo "no crontab for you" >&2; exit 1; }
            exec cat '\(table)'
        fi
        cat > '\(table)'
        """, at: bin.appendingPathComponent("crontab").path)
    habit.environment["PATH"] = bin.path + ":/usr/bin:/bin"
    return habit
}

private func install(script: String, at path: String) throws {
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
}

private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

/// Every file in `folder` with its bytes.
private func contents(of folder: URL) throws -> [String: Data] {
    var out: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        var isDirectory: ObjCBool = false
        let path = folder.appendingPathComponent(name).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { out[name] = try bytes(path) }
    }
    return out
}

func findings(_ result: HabitProcess.Result) -> [[String: Any]] {
    let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    return object?["findings"] as? [[String: Any]] ?? []
}

func status(of check: String, in result: HabitProcess.Result) -> [String] {
    findings(result).filter { $0["check"] as? String == check }.compactMap { $0["status"] as? String }
}

@Suite struct DoctorCommandTests {
    @Test func aGoodStoreExitsZeroAndIsNotChanged() throws {
        let habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        let before = try bytes(habit.db)

        let text = try habit.run(["doctor"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stderr.isEmpty)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count >= 10)
        #expect(lines.allSatisfy { $0.hasPrefix("ok: ") }, "\(text.stdout)")

        let json = try habit.run(["doctor", "--json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["ok"] as? Bool == true)
        #expect(status(of: "kept-totals", in: json) == ["ok"])
        for finding in findings(json) {
            #expect(Set(finding.keys) == ["check", "status", "detail", "fix"])
            #expect(finding["fix"] is NSNull)
        }
        #expect(try bytes(habit.db) == before)
    }

    enum Breakage: String, CaseIterable, Sendable {
        case storeReadableByOthers, folderWritableByGroup, newerSchema, notAHabitStore, damaged, plantedTrigger, unknownMigration
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenSetUpIsAProblemWithAFix(_ breakage: Breakage) throws {
        let habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        let check: String
        switch breakage {
        case .storeReadableByOthers:
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: habit.db)
            check = "file-mode"
        case .folderWritableByGroup:
            try FileManager.default.setAttributes([.posixPermissions: 0o770], ofItemAtPath: habit.folder.path)
            check = "folder-mode"
        case .newerSchema:
            let queue = try DatabaseQueue(path: habit.db)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try queue.close()
            check = "schema"
        case .notAHabitStore:
            try FileManager.default.removeItem(atPath: habit.db)
            let queue = try DatabaseQueue(path: habit.db)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
            try queue.close()
            check = "identity"
        case .damaged:
            try corruptPages(habit.db)
            check = "integrity"
        case .plantedTrigger, .unknownMigration:
            let queue = try DatabaseQueue(path: habit.db)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: breakage == .plantedTrigger
                    ? "CREATE TRIGGER x AFTER INSERT ON sample BEGIN DELETE FROM sample; END"
                    : "INSERT INTO grdb_migrations (identifier) VALUES ('v11-from-a-newer-habit')")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try queue.close()
            check = "schema"
        }
        let before = try bytes(habit.db)
        let result = try habit.run(["doctor"])
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 1)
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("problem: \(check):") }
        #expect(line?.contains(" — fix: ") == true, "\(result.stdout)")
        let json = try habit.run(["doctor", "--json"])
        #expect(json.status == 65)
        #expect(status(of: check, in: json) == ["problem"])
        #expect(try bytes(habit.db) == before)
    }

    @Test func aMissingStoreExits66AndIsNotCreated() throws {
        let habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        let result = try habit.run(["doctor", "--json"])
        #expect(result.status == 66)
        #expect(status(of: "store", in: result) == ["problem"])
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// The crontab line `habit remind cron` prints, read back: it checks this store; pointed
    /// elsewhere, this store's reminders would never fire.
    @Test func readsBackTheCronLineAndSeesWhichStoreItChecks() throws {
        let habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        #expect(try habit.run(["remind", "install"]).status == 0)

        let installed = try habit.run(["doctor", "--json"])
        #expect(installed.status == 0, "\(installed.stdout)")
        #expect(status(of: "cron", in: installed) == ["ok"])
        #expect(status(of: "reminders", in: installed) == ["ok"])
        #expect(status(of: "notifier", in: installed) == ["ok"])

        let elsewhere = try habit.run(["remind", "install"], env: ["HABIT_DB": habit.folder.appendingPathComponent("other.sqlite").path])
        #expect(elsewhere.status == 0)
        let wrong = try habit.run(["doctor", "--json"])
        #expect(wrong.status == 65)
        #expect(status(of: "cron", in: wrong) == ["warning"])
        #expect(status(of: "reminders", in: wrong) == ["problem"])
        let fix = findings(wrong).first { $0["check"] as? String == "reminders" }?["fix"] as? String
        #expect(fix?.hasPrefix("habit remind install --db ") == true)
    }

    /// The unit `habit remind systemd` prints, saved as the service file: the timer must be
    /// enabled and the notifier it names must exist.
    @Test func readsBackTheSystemdUnitItsTimerAndItsNotifier() throws {
        let habit = try habitWithFakeCron()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        let units = habit.folder.appendingPathComponent(".config/systemd/user")
        try FileManager.default.createDirectory(at: units.appendingPathComponent("timers.target.wants"), withIntermediateDirectories: true)
        let printed = try habit.run(["remind", "systemd"])
        try Data(printed.stdout.utf8).write(to: units.appendingPathComponent("habit-remind.service"))

        let disabled = try habit.run(["doctor", "--json"])
        #expect(status(of: "systemd", in: disabled) == ["warning"])
        #expect(status(of: "reminders", in: disabled) == ["problem"])

        try Data("[Timer]\nOnCalendar=*:0/5\n".utf8).write(to: units.appendingPathComponent("habit-remind.timer"))
        try FileManager.default.createSymbolicLink(atPath: units.appendingPathComponent("timers.target.wants/habit-remind.timer").path,
                                                   withDestinationPath: units.appendingPathComponent("habit-remind.timer").path)
        let enabled = try habit.run(["doctor", "--json"])
        #expect(status(of: "systemd", in: enabled) == ["ok"])
        let notifySend = habit.folder.appendingPathComponent("bin/notify-send").path
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send") {
            #expect(status(of: "notifier", in: enabled) == ["ok"])
        } else {
            #expect(status(of: "notifier", in: enabled) == ["problem"])
            #expect(enabled.status == 65)
            try install(script: "#!/bin/sh\nexit 0\n", at: notifySend)
            let found = try habit.run(["doctor", "--json"])
            #expect(status(of: "notifier", in: found) == ["ok"])
            #expect(found.status == 0, "\(found.stdout)")
        }
    }
}

@Suite struct BackupCommandTests {
    /// Backups taken while another process keeps logging: each is an intact habit store whose
    /// samples are exactly the first N of the final store's (by anchor), with a matching counter.
    @Test func aBackupDuringWritesIsIntactAndAConsistentPrefix() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "1m"]).status == 0)
        let logger = Failures()
        let done = DispatchSemaphore(value: 0)
        let finished = DoneFlag()
        DispatchQueue.global().async {
            for _ in 0..<40 {
                do {
                    let r = try habit.run(["log", "meditate", "1m"])
                    if r.status != 0 { logger.add(r.stderr) }
                } catch {
                    logger.add("\(error)")
                }
            }
            finished.set()
            done.signal()
        }
        var backups: [String] = []
        while !finished.isSet || backups.count < 3 {
            let file = habit.folder.appendingPathComponent("b\(backups.count).sqlite").path
            let r = try habit.run(["backup", file])
            #expect(r.status == 0, "\(r.stderr)")
            backups.append(file)
        }
        done.wait()
        #expect(logger.all.isEmpty, "\(logger.all.prefix(2))")

        let all = try rows(habit.db)
        #expect(all.uuids.count == 41)
        var sizes: Set<Int> = []
        for file in backups {
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
            let copy = try rows(file)
            #expect(copy.integrity == ["ok"])
            #expect(copy.anchors == Array(1...Int64(copy.uuids.count)))
            #expect(copy.counter == Int64(copy.uuids.count))
            #expect(copy.uuids == Array(all.uuids.prefix(copy.uuids.count)))
            sizes.insert(copy.uuids.count)
        }
        #expect(sizes.count > 1 || sizes == [41], "every backup saw the same rows: \(sizes)")
    }

    private func rows(_ path: String) throws -> (uuids: [String], anchors: [Int64], counter: Int64, integrity: [String]) {
        var config = Configuration()
        config.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: config)
        defer { try? queue.close() }
        return try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT uuid FROM sample ORDER BY anchor"),
             try Int64.fetchAll(db, sql: "SELECT anchor FROM sample ORDER BY anchor"),
             try Int64.fetchOne(db, sql: "SELECT value FROM changeCounter") ?? -1,
             try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
    }

    @Test func refusesTheStoreItsLogAndAnExistingFile() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try bytes(habit.db)
        for target in [habit.db, habit.db + "-wal", habit.db + "-shm"] {
            let r = try habit.run(["backup", target])
            #expect(r.status == 64, "\(target): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
        }
        #expect(try bytes(habit.db) == before)

        let existing = habit.folder.appendingPathComponent("old.sqlite").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: existing))
        let refused = try habit.run(["backup", existing])
        #expect(refused.status == 73)
        #expect(refused.stderr.contains("--force"))
        #expect(try bytes(existing) == Data("precious".utf8))
        let forced = try habit.json(["backup", existing, "--force"])
        #expect(forced["file"] as? String == existing)
        #expect(forced["schemaVersion"] as? Int == Schema.currentVersion)
    }

    enum Special: String, CaseIterable, Sendable { case device, fifo, socket, folder, symlink }

    /// Only a regular file (or nothing) is ever replaced, --force or not: anything else is
    /// refused with one line and stays what it was.
    @Test(arguments: Special.allCases)
    func forceNeverReplacesAnythingButARegularFile(_ special: Special) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let target = habit.folder.appendingPathComponent("target").path
        let precious = habit.folder.appendingPathComponent("precious").path
        try Data("precious".utf8).write(to: URL(fileURLWithPath: precious))
        switch special {
        case .device:
            guard geteuid() == 0 else { return }  // mknod needs root
            let mknod = try Process.run(URL(fileURLWithPath: "/usr/bin/mknod"), arguments: [target, "c", "1", "3"])
            mknod.waitUntilExit()
        case .fifo:
            #expect(mkfifo(target, 0o600) == 0)
        case .socket:
            let python = try Process.run(URL(fileURLWithPath: "/usr/bin/env"),
                                         arguments: ["python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", target])
            python.waitUntilExit()
            guard python.terminationStatus == 0 else { return }
        case .folder:
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        case .symlink:
            try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: precious)
        }
        var before = stat()
        #expect(lstat(target, &before) == 0)
        for arguments in [["backup", target, "--force"], ["backup", target]] {
            let result = try habit.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            var after = stat()
            #expect(lstat(target, &after) == 0)
            #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino && after.st_rdev == before.st_rdev)
        }
        #expect(try bytes(precious) == Data("precious".utf8))
    }
}

@Suite struct RestoreCommandTests {
    @Test func aRoundTripBringsBackTheBackupAndKeepsTheStoreBesideIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        #expect(try habit.run(["log", "meditate", "20m", "--end", "yesterday 22:00"]).status == 0)
        let backup = habit.folder.appendingPathComponent("backup.sqlite").path
        #expect(try habit.run(["backup", backup]).status == 0)
        #expect(try habit.run(["log", "alcohol", "0"]).status == 0)

        let result = try habit.json(["restore", backup], env: ["HABIT_NOW": "2030-01-02T03:04:05+01:00"])
        let kept = habit.db + ".before-restore-20300102-030405"
        #expect(result["kept"] as? String == kept)
        #expect(result["store"] as? String == habit.db)
        #expect(FileManager.default.fileExists(atPath: kept))
        let entries = try habit.json(["log", "list", "--days", "30"])["entries"] as? [Any]
        #expect(entries?.count == 2)
        let keptEntries = try habit.json(["log", "list", "--days", "30", "--db", kept])["entries"] as? [Any]
        #expect(keptEntries?.count == 3)
    }

    enum BadBackup: String, CaseIterable, Sendable {
        case foreignSQLite, corrupted, newerSchema, textFile
        case plantedTrigger, unknownMigration, extraView, rewrittenTrigger, extraIndex
        case writeVersionTooNew  // header byte 18 above 2: SQLite opens it read-only (found by RestoreFuzzTests)
    }

    @Test(arguments: BadBackup.allCases)
    func aFileThatIsNotAnIntactHabitStoreIsRefusedAndNothingChanges(_ bad: BadBackup) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let other = habit.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let file = other.appendingPathComponent("bad.sqlite").path
        switch bad {
        case .foreignSQLite:
            let queue = try DatabaseQueue(path: file)
            try queue.write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')") }
            try queue.close()
        case .corrupted:
            #expect(try habit.run(["backup", file]).status == 0)
            try corruptPages(file)
        case .newerSchema:
            #expect(try habit.run(["backup", file]).status == 0)
            let queue = try DatabaseQueue(path: file)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try queue.close()
        case .textFile:
            try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: file))
        case .writeVersionTooNew:
            #expect(try habit.run(["backup", file]).status == 0)
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: file))
            try handle.seek(toOffset: 18)
            handle.write(Data([7, 1]))  // write version 7, read version 1: SQLite opens it read-only
            try handle.close()
        case .plantedTrigger, .unknownMigration, .extraView, .rewrittenTrigger, .extraIndex:
            #expect(try habit.run(["backup", file]).status == 0)
            let sql = switch bad {
            case .plantedTrigger: "CREATE TRIGGER x AFTER INSERT ON sample BEGIN DELETE FROM sample; END"
            case .unknownMigration: "INSERT INTO grdb_migrations (identifier) VALUES ('v11-from-a-newer-habit')"
            case .extraView: "CREATE VIEW everything AS SELECT * FROM sample"
            case .rewrittenTrigger: "DROP TRIGGER sample_tombstone; CREATE TRIGGER sample_tombstone AFTER DELETE ON sample BEGIN SELECT 1; END"
            default: "CREATE INDEX sample_value ON sample(value)"
            }
            let queue = try DatabaseQueue(path: file)
            try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
            try queue.close()
        }
        let storeFolder = try contents(of: habit.folder)
        let otherFolder = try contents(of: other)
        let result = try habit.run(["restore", file])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(try contents(of: habit.folder) == storeFolder)
        #expect(try contents(of: other) == otherFolder)
        if bad == .plantedTrigger {  // and the next log keeps every entry
            #expect(try habit.run(["log", "meditate", "5m"]).status == 0)
            #expect((try habit.json(["log", "list", "--days", "30"])["entries"] as? [Any])?.count == 2)
        }
    }

    /// The folder rules of every command hold for restore: a store folder others may write is
    /// refused (77) before anything is written.
    @Test func aStoreFolderWritableByOthersIsRefusedAndNothingChanges() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let other = habit.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let file = other.appendingPathComponent("b.sqlite").path
        #expect(try habit.run(["backup", file]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: habit.folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path) }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 77)
        let before = try contents(of: habit.folder)
        let result = try habit.run(["restore", file])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try contents(of: habit.folder) == before)
    }

    /// A restore killed at once (SIGKILL as soon as its temporary copy appears) leaves the store
    /// whole, the old one, and its copy beside it; the killed process's lock on the copy is gone,
    /// so doctor names it and the next restore removes it.
    @Test func aRestoreKilledPartWayLeavesTheStoreWholeAndItsCopyIsCleanedUpNextTime() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["demo", "--days", "400"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        let other = habit.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let file = other.appendingPathComponent("b.sqlite").path
        #expect(try habit.run(["backup", file]).status == 0)
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try habit.snapshot()

        let process = habit.process(["restore", file])
        func copies() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: habit.folder.path)) ?? []).filter { $0.hasPrefix(".h.sqlite.habit-tmp-") }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while copies().isEmpty && process.isRunning && Date() < deadline { usleep(200) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = copies()
        // Whole: the old store (or, had the swap already happened, the backup's).
        let after = try habit.snapshot()
        #expect(after == before || process.terminationReason == .exit, "\(after) vs \(before)")
        try #require(!left.isEmpty, "the restore finished before it was killed")

        let doctor = try habit.run(["doctor", "--json"])
        #expect(status(of: "leftovers", in: doctor) == ["warning"], "\(doctor.stdout)")
        #expect(try habit.run(["restore", file]).status == 0)
        #expect(copies().isEmpty, "\(copies())")
        #expect(status(of: "leftovers", in: try habit.run(["doctor", "--json"])).isEmpty)
    }

    /// A restore killed part-way leaves its temporary copy beside the store: doctor names it
    /// (a warning with the fix) and the next restore removes it — only regular files of the
    /// user named as habit names them; anything else there stays.
    @Test func leftoversOfAKilledRestoreAreNamedByDoctorAndRemovedByTheNextRestore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: habit.folder.path)
        let other = habit.folder.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let file = other.appendingPathComponent("b.sqlite").path
        #expect(try habit.run(["backup", file]).status == 0)
        let folder = habit.folder.path
        let ours = ["\(folder)/.h.sqlite.habit-tmp-Ab12Cd", "\(folder)/.h.sqlite.habit-tmp-Ab12Cd-journal", "\(folder)/.h.sqlite.habit-tmp-Qq9Zz0"]
        for path in ours { try Data(contentsOf: URL(fileURLWithPath: file)).write(to: URL(fileURLWithPath: path)) }
        let notOurs = ["\(folder)/.h.sqlite.habit-tmp-short", "\(folder)/.other.sqlite.habit-tmp-Ab12Cd", "\(folder)/h.sqlite.habit-tmp-Ab12Cd"]
        for path in notOurs { try Data("keep".utf8).write(to: URL(fileURLWithPath: path)) }
        let link = "\(folder)/.h.sqlite.habit-tmp-Link00", dir = "\(folder)/.h.sqlite.habit-tmp-Dir000"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: notOurs[0])
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        var foreign: String?
        if geteuid() == 0 {
            foreign = "\(folder)/.h.sqlite.habit-tmp-Other0"
            try Data("nobody's".utf8).write(to: URL(fileURLWithPath: foreign!))
            #expect(chown(foreign!, 65534, 65534) == 0)
        }

        let doctor = try habit.run(["doctor", "--json"])
        #expect(status(of: "leftovers", in: doctor) == ["warning"], "\(doctor.stdout)")
        let fix = findings(doctor).first { $0["check"] as? String == "leftovers" }?["fix"] as? String ?? ""
        #expect(ours.allSatisfy { fix.contains($0) }, "\(fix)")
        #expect(!fix.contains("Link00") && !fix.contains("Dir000") && !fix.contains("Other0") && !fix.contains("short"))

        #expect(try habit.run(["restore", file]).status == 0)
        for path in ours { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        for path in notOurs + [link, dir] + (foreign.map { [$0] } ?? []) {
            #expect((try? FileManager.default.attributesOfItem(atPath: path)) != nil, "\(path) was removed")
        }
        #expect(status(of: "leftovers", in: try habit.run(["doctor", "--json"])).isEmpty)
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

final class DoneFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
