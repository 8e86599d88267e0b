import Foundation
import Testing
@testable import habit
@testable import HabitKit

/// Issue 46, point 8: a lock is a lock and a folder that keeps the user out is that — neither is
/// damage, neither is fixed by another store or a backup.
@Suite(.serialized) struct StoreLockTests {
    /// With another program holding the store locked, doctor says who may hold it and what to do,
    /// never to restore a backup, and exits 69 (not 65, the exit of a damaged store).
    @Test func doctorCallsALockedStoreLockedNotDamaged() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let lock = try StaleCacheTests.StoreLock(habit.db)
        defer { lock.release() }
        let doctor = try habit.run(["doctor"])
        #expect(doctor.status == 69, "\(doctor)")
        #expect(doctor.stdout.contains("problem: lock: \(habit.db) stayed locked by another program for 10 s (another habit process, an import, a sync"),
                "\(doctor.stdout)")
        #expect(doctor.stdout.contains("fuser -v") && doctor.stdout.contains("lsof"))
        #expect(!doctor.stdout.contains("restore") && !doctor.stdout.contains("damage:"), "\(doctor.stdout)")
        #expect(doctor.stderr == "habit: the store \(habit.db) is locked by another program, so doctor could not check it; "
                + "wait for it to finish and run habit doctor again\n")
    }

    /// The classification, which holds whoever runs the tests (root is let into a folder of mode
    /// 000, so the command-line test below drops that power when it runs as root): a store that
    /// cannot be looked at for permission is its folder keeping the user out, and a log waits in
    /// the pending journal for it as for a locked store.
    @Test func aFolderThatKeepsTheUserOutIsSaidAsSuchAndALogWaits() {
        guard case .folderDenied(let folder) = StoreFile.unreachable("/srv/h/habit.sqlite", errno: EACCES) else {
            Issue.record("EACCES is not a folder that keeps the user out")
            return
        }
        #expect(folder == "/srv/h")
        #expect(StoreError.folderDenied("/srv/h").kind == .permission)
        #expect(Pending.reason(for: StoreError.folderDenied("/srv/h")) != nil)
        #expect(Pending.reason(for: StoreError.cannotCreateFile("/srv/h/habit.sqlite", reason: "x")) == nil)
        guard case .cannotCreateFile = StoreFile.unreachable("/srv/h/habit.sqlite", errno: EIO) else {
            Issue.record("EIO is not a store that cannot be made")
            return
        }
    }

    /// `habit ARGUMENTS` without the power to pass a folder's mode: as root through `setpriv`
    /// (nil when that cannot be done here), as anyone else as it is.
    static func runKeptOut(_ habit: HabitProcess, _ arguments: [String]) throws -> HabitProcess.Result? {
        guard geteuid() == 0 else { return try habit.run(arguments) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--bounding-set=-dac_override,-dac_read_search", HabitProcess.binary.path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": habit.folder.path, "HABIT_DB": habit.db, "TZ": "Europe/Berlin"]
            .merging(habit.environment) { $1 }
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return HabitProcess.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A store folder of mode 000: a log is saved for later (exit 75), another write says what is
    /// wrong and how to fix it (exit 77, never "cannot create the store … choose another place"),
    /// doctor says the same; after `chmod 700` the next write adds the log.
    @Test func aStoreFolderOfMode000IsAPermissionAndTheLogWaits() throws {
        var habit = try HabitProcess()
        defer { habit.cleanUp() }
        let folder = habit.folder.appendingPathComponent("store")
        habit.environment = ["HABIT_DB": folder.appendingPathComponent("h.sqlite").path, "HABIT_NOW": "2025-10-01T19:30:00+02:00"]
        #expect(try habit.run(["log", "meditate", "20m"]).status == 0)
        chmod(folder.path, 0o000)
        defer { chmod(folder.path, 0o700) }
        guard let log = try Self.runKeptOut(habit, ["log", "meditate", "10m"]) else {
            print("StoreLockTests: cannot drop root's power over modes here (no setpriv); not checked")
            return
        }
        #expect(log.status == 75, "\(log)")
        #expect(log.stderr == "habit: saved for later: the store's folder \(folder.path) does not let you in (permission denied: "
                + "chmod 700 gives it back); it will be added the next time habit can write\n")
        let add = try Self.runKeptOut(habit, ["add", "floss"])
        #expect(add?.status == 77, "\(String(describing: add))")
        #expect(add?.stderr == "habit: the store's folder \(folder.path) does not let you in (permission denied), so the store in it "
                + "cannot be opened; nothing was changed — make it yours and open to you: chmod 700 \(folder.path)\n")
        let doctor = try Self.runKeptOut(habit, ["doctor"])
        #expect(doctor?.status == 65 && doctor?.stdout.contains("problem: folder-mode: \(folder.path) does not let you in") == true,
                "\(String(describing: doctor))")
        chmod(folder.path, 0o700)
        #expect(try habit.run(["add", "floss"]).status == 0)
        #expect(try habit.json(["log", "list"])["entries"].map { ($0 as? [Any])?.count } == 2)
    }
}
