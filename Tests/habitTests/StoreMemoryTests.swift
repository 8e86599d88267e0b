import Foundation
import Testing
@testable import HabitKit

extension HabitProcess {
    /// `$HOME/.local/state/habit/stores`: the stores habit made (``PendingJournalFile/storesPath``).
    var storesFile: String { folder.appendingPathComponent(".local/state/habit/stores").path }

    /// Takes `drive` away as an unmounted drive does, without mounting anything: the folder is moved
    /// aside, and the stores habit listed in it are remembered as made on another device than the
    /// one their place is on now (the drive's, which is not there).
    func unmount(_ drive: URL, to aside: URL) throws {
        try FileManager.default.moveItem(at: drive, to: aside)
        let lines = try String(contentsOfFile: storesFile, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard let space = line.firstIndex(of: " "), line[line.index(after: space)...].hasPrefix(drive.path + "/"),
                  let device = UInt64(line[..<space]) else { return String(line) }
            return "\(device &+ 1)" + line[space...]
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: storesFile, atomically: false, encoding: .utf8)
    }
}

/// Issue 46, points 1 and 7: what habit remembers of the stores it made tells a drive that is not
/// mounted (nothing is created there; every write says so, exit 69) from a folder that was deleted
/// or a store a refused command took away again (the next write makes it again).
@Suite struct StoreMemoryTests {
    /// The one line of a write refused on an unmounted store.
    static func unmounted(_ folder: String, _ habit: HabitProcess) -> String {
        "habit: the store's folder '\(folder)' is missing (a drive that is not mounted?); habit made a store "
            + "there before, so it creates nothing: mount it and try again, or choose another store with --db "
            + "(if that store is gone for good, take its line out of '\(habit.storesFile)')\n"
    }

    static let now = ["HABIT_NOW": "2025-10-01T19:30:00+02:00"]

    /// A first import that is refused (an export cut inside its first record; an interchange file
    /// whose second line is bad) creates nothing and leaves no memory of the store it made and took
    /// away: the next log and add work, on the default store and a chosen one alike.
    @Test(arguments: [("xml", false), ("xml", true), ("ndjson", false), ("ndjson", true)])
    func aRefusedFirstImportLeavesNothingAndTheNextWriteMakesTheStore(_ kind: String, _ chosen: Bool) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let data = habit.folder.appendingPathComponent("data")
        let store = chosen ? habit.folder.appendingPathComponent("drive/h.sqlite").path : data.appendingPathComponent("habit/habit.sqlite").path
        let env = (chosen ? ["HABIT_DB": store] : ["HABIT_DB": "", "XDG_DATA_HOME": data.path]).merging(Self.now) { $1 }
        let file = habit.folder.appendingPathComponent("cut.\(kind)").path
        if kind == "xml" {
            try "<?xml version=\"1.0\"?>\n<HealthData>\n<Record type=".write(toFile: file, atomically: false, encoding: .utf8)
        } else {
            let other = try HabitProcess()
            defer { other.cleanUp() }
            #expect(try other.run(["log", "meditate", "10m"], env: Self.now).status == 0)
            let first = try other.run(["export", "--format", "ndjson"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
            try (first + "\n{\"kind\":\"sample\",\"sample\":{}}\n").write(toFile: file, atomically: false, encoding: .utf8)
        }
        let refused = try habit.run(["import", file], env: env)
        #expect(refused.status == 65, "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: store))
        let remembered = (try? String(contentsOfFile: habit.storesFile, encoding: .utf8)) ?? ""
        #expect(!remembered.contains(store), "\(remembered)")
        let log = try habit.run(["log", "meditate", "10m"], env: env)
        #expect(log.status == 0, "\(log)")
        #expect(try habit.run(["add", "floss"], env: env).status == 0)
        #expect(try String(contentsOfFile: habit.storesFile, encoding: .utf8).contains(" " + store + "\n"))
    }

    /// A user who deletes the default store's folder to start over is not locked out: the folder
    /// was on the device its parent is on, so it was deleted, not unmounted. Doctor's "no store yet"
    /// is true, and the next write makes the store again.
    @Test func aDeletedStoreFolderIsMadeAgainByTheNextWrite() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let data = habit.folder.appendingPathComponent("data")
        let env = ["HABIT_DB": "", "XDG_DATA_HOME": data.path].merging(Self.now) { $1 }
        #expect(try habit.run(["log", "meditate", "20m"], env: env).status == 0)
        try FileManager.default.removeItem(at: data.appendingPathComponent("habit"))
        #expect(try habit.run(["doctor"], env: env).stdout.contains("no store yet"))
        let log = try habit.run(["log", "meditate", "10m"], env: env)
        #expect(log.status == 0, "\(log)")
        #expect(try habit.run(["add", "floss"], env: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("habit/habit.sqlite").path))
    }

    /// A real drive (a tmpfs, mounted where the process may: root, as in CI; elsewhere the test says
    /// so and checks nothing): the store in a folder under the mount point, and the store in the
    /// mount point itself (whose empty folder stays behind when it is unmounted). Unmounted, a log
    /// is saved for later, a write is refused, and nothing is created on the mount point.
    @Test(arguments: [true, false])
    func anUnmountedDriveIsToldFromADeletedFolder(_ underTheMountPoint: Bool) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let mountPoint = habit.folder.appendingPathComponent("mnt")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard geteuid() == 0, FullDiskTests.mount(["-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", mountPoint.path]) else {
            print("StoreMemoryTests: cannot mount a tmpfs here (not root?); not checked")
            return
        }
        var mounted = true
        func umount() {
            guard mounted else { return }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/umount")
            process.arguments = ["--lazy", mountPoint.path]
            try? process.run()
            process.waitUntilExit()
            mounted = false
        }
        defer { umount() }
        let folder = underTheMountPoint ? mountPoint.appendingPathComponent("habit") : mountPoint
        let env = ["HABIT_DB": folder.appendingPathComponent("h.sqlite").path].merging(Self.now) { $1 }
        #expect(try habit.run(["log", "meditate", "20m"], env: env).status == 0)
        umount()
        let log = try habit.run(["log", "meditate", "10m"], env: env)
        #expect(log.status == 75, "\(log)")
        let add = try habit.run(["add", "floss"], env: env)
        #expect(add.status == 69 && add.stderr == Self.unmounted(folder.path, habit), "\(add)")
        let doctor = try habit.run(["doctor"], env: env)
        #expect(doctor.status == 69 && doctor.stdout.contains(Self.doctorFinding(folder.path, habit)), "\(doctor)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint.path).isEmpty)
    }

    /// Doctor's line for a store whose drive is not mounted.
    static func doctorFinding(_ folder: String, _ habit: HabitProcess) -> String {
        "problem: store: the store's folder '\(folder)' is missing (a drive that is not mounted?); habit made a store there before, "
            + "so it was not checked and nothing is created there — fix: mount the drive and run habit doctor again "
            + "(if that store is gone for good, take its line out of '\(habit.storesFile)')\n"
    }

    /// `habit doctor` on a store whose drive is not mounted says so — the folder, mount the drive,
    /// or take the store's line out of the list — and exits 69 as a write there does, creating
    /// nothing; never "no store yet … the first 'habit log' creates it" (a first run, a deleted
    /// folder: `aDeletedStoreFolderIsMadeAgainByTheNextWrite`) nor "no store at" (a typo).
    @Test(arguments: [false, true])
    func doctorSaysAStoreOnAnUnmountedDriveIsAway(_ chosen: Bool) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let drive = habit.folder.appendingPathComponent("drive")
        let env = (chosen ? ["HABIT_DB": drive.appendingPathComponent("h.sqlite").path] : ["HABIT_DB": "", "XDG_DATA_HOME": drive.path])
            .merging(Self.now) { $1 }
        #expect(try habit.run(["log", "meditate", "20m"], env: env).status == 0)
        try habit.unmount(drive, to: habit.folder.appendingPathComponent("aside"))
        let folder = chosen ? drive.path : drive.appendingPathComponent("habit").path
        let doctor = try habit.run(["doctor"], env: env)
        #expect(doctor.status == 69, "\(doctor)")
        #expect(doctor.stdout.contains(Self.doctorFinding(folder, habit)), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("no store"), "\(doctor.stdout)")
        #expect(doctor.stderr == "habit: the store's folder '\(folder)' is missing (a drive that is not mounted?), so doctor could not "
                    + "check the store; mount it and run habit doctor again\n", "\(doctor.stderr)")
        let json = try habit.run(["doctor", "--json"], env: env)
        #expect(json.status == 69 && json.stdout.contains("\"ok\":false"), "\(json)")
        #expect(!FileManager.default.fileExists(atPath: drive.path))
    }

    /// Every write on a store whose drive is not mounted says so (exit 69, one line) and keeps
    /// nothing: none reports a change it did not keep, none calls a habit or reminder unknown, and
    /// restore makes no folder or store on the mount point.
    @Test func everyWriteOnAnUnmountedStoreIsRefusedInOneLine() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let drive = habit.folder.appendingPathComponent("drive")
        let env = ["HABIT_DB": drive.appendingPathComponent("h.sqlite").path].merging(Self.now) { $1 }
        for arguments in [["add", "floss"], ["remind", "add", "meditate", "20:00"], ["log", "meditate", "20m"]] {
            #expect(try habit.run(arguments, env: env).status == 0, "\(arguments)")
        }
        let backup = habit.folder.appendingPathComponent("backup.sqlite").path
        #expect(try habit.run(["backup", backup], env: env).status == 0)
        try habit.unmount(drive, to: habit.folder.appendingPathComponent("aside"))
        for arguments in [["remind", "pause"], ["remind", "resume"], ["remind", "pause", "1"], ["remind", "remove", "1"],
                          ["remind", "edit", "1", "--time", "21:00"], ["config", "unset", "weight"], ["unskip", "--all", "today"],
                          ["refresh"], ["archive", "floss"], ["edit", "floss", "--name", "flossing"], ["remove", "floss", "--yes"],
                          ["undo"], ["delete", "01234567"], ["restore", backup]] {
            let r = try habit.run(arguments, env: env)
            #expect(r.status == 69 && r.stdout.isEmpty, "\(arguments): \(r)")
            #expect(r.stderr == Self.unmounted(drive.path, habit), "\(arguments): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: drive.path), "\(arguments)")
        }
    }

    /// On a fresh install `remind pause` says plainly that nothing is remembered (a reminder added
    /// later is not paused) and creates no store (`SecondPassTests.aRefusedPauseOrResumeCreatesNoStore`);
    /// `resume` has nothing to switch either.
    @Test func pausingRemindersBeforeThereAreAnySaysNothingIsRemembered() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let resume = try habit.run(["remind", "resume"], env: Self.now)
        #expect(resume.status == 0 && resume.stdout == "resumed all reminders (there are none yet, and none was paused)\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let pause = try habit.run(["remind", "pause"], env: Self.now)
        #expect(pause.status == 0, "\(pause)")
        #expect(pause.stdout == "there are no reminders yet, so none was paused and nothing is remembered: a reminder added later is not paused\n")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }
}
