import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 25, point 3: nothing typed is lost. A log or skip that cannot write is saved to the
/// pending journal (exit 75); the next command that writes adds it, once (Standards/access.md).
@Suite struct PendingJournalTests {
    static let evening = ["HABIT_NOW": "2025-09-30T08:00:00+02:00"]

    static func journal(_ habit: HabitProcess) -> PendingJournalFile {
        PendingJournalFile(folder: habit.folder.appendingPathComponent(".local/state/habit").path)
    }

    /// The meditation sessions in the store, by UUID.
    static func sessions(_ habit: HabitProcess) throws -> [UUID] {
        let store = try HabitStore.open(path: habit.db)
        let all = try store.read(.entries(in: SupportedDates.instants))
        return all.compactMap { entry in
            if case .sample(let s) = entry, s.type == SampleType.mindfulSession { return s.uuid }
            return nil
        }
    }

    static func status(_ habit: HabitProcess, _ env: [String: String]) throws -> [String: Any] {
        let r = try habit.run(["status", "--format", "json"], env: env)
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
    }

    static func cancelledDays(_ habit: HabitProcess) throws -> [String] {
        let queue = try DatabaseQueue(path: habit.db)
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT day FROM occurrence WHERE state = 'cancelled' ORDER BY day") }
    }

    /// Eight processes log once each while another process holds the store under an exclusive
    /// lock past their lock wait (`HABIT_LOCK_WAIT`, 1 s here; 10 s by default): each saves its entry and exits 75. One command after the lock is
    /// gone adds exactly the eight, each once, each with its journal UUID, and cancels each day's
    /// reminder occurrence once.
    @Test func eightLogsWhileTheStoreIsLockedAreAddedOnceEachAfterwards() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "meditate", "20:00"], env: Self.evening).status == 0)
        let queue = try DatabaseQueue(path: habit.db)
        var results: [(Int32, String, String)] = []
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE")
            let started = (1...8).map { day -> (Process, Pipe, Pipe) in
                let process = habit.process(["log", "meditate", "10m"])
                var env = process.environment ?? [:]
                env["HABIT_NOW"] = "2025-10-0\(day)T19:30:00+02:00"
                env["HABIT_LOCK_WAIT"] = "1"
                process.environment = env
                let out = Pipe(), err = Pipe()
                (process.standardOutput, process.standardError) = (out, err)
                try? process.run()
                return (process, out, err)
            }
            for (process, out, err) in started {
                process.waitUntilExit()
                results.append((process.terminationStatus, String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                                String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)))
            }
            try db.execute(sql: "COMMIT")
        }
        try queue.close()
        for (status, stdout, stderr) in results {
            #expect(status == 75, "\(stderr)")
            #expect(stdout.isEmpty)
            #expect(stderr == "habit: saved for later: the store is locked; it will be added the next time habit can write\n")
        }
        let saved = try Self.journal(habit).peek()
        #expect(saved.entries.count == 8 && Set(saved.entries.map(\.uuid)).count == 8)
        #expect(try Self.sessions(habit).isEmpty)
        #expect(try habit.run(["today"], env: ["HABIT_NOW": "2025-10-10T09:00:00+02:00"]).stdout.contains("8 pending"))

        let write = try habit.run(["log", "alcohol", "0"], env: ["HABIT_NOW": "2025-10-10T09:00:00+02:00"])
        #expect(write.status == 0, "\(write.stderr)")
        let stored = try Self.sessions(habit)
        #expect(stored.count == 8)
        #expect(Set(stored) == Set(saved.entries.map(\.uuid)))
        #expect(try Self.cancelledDays(habit) == (1...8).map { "2025-10-0\($0)" })
        #expect(!Self.journal(habit).exists)
        // Nothing is added twice by the next write.
        #expect(try habit.run(["log", "alcohol", "1"], env: ["HABIT_NOW": "2025-10-10T10:00:00+02:00"]).status == 0)
        #expect(try Self.sessions(habit).count == 8)
    }

    /// Every log form and skip, refused by a read-only store, is saved and added later, as typed:
    /// `--at 07:00` is 07:00 of the day it was typed, not of the day it is added.
    @Test(.enabled(if: Immutable.supported || getuid() != 0))
    func everyLogFormAndSkipFromAReadOnlyStoreIsAddedLaterAsTyped() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "3"], env: Self.evening).status == 0)
        #expect(try habit.run(["add", "floss"], env: Self.evening).status == 0)
        if getuid() == 0 { Immutable.set(habit.db, true) } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: habit.db)
        }
        defer {
            Immutable.set(habit.db, false)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)
        }
        let typed = ["HABIT_NOW": "2025-10-01T21:00:00+02:00"]
        let commands = [["log", "meditate", "10m", "--at", "07:00", "--note", "calm"], ["log", "workout", "run", "30m", "--met", "8"],
                        ["log", "alcohol", "3"], ["log", "water", "2"], ["log", "floss", "--date", "yesterday"], ["skip", "water", "2025-10-02"]]
        for command in commands {
            let r = try habit.run(command, env: typed)
            #expect(r.status == 75, "\(command): \(r.stderr)")
            #expect(r.stderr == "habit: saved for later: the store is read-only; it will be added the next time habit can write\n")
        }
        #expect(try Self.journal(habit).peek().entries.map(\.kind) == [.meditate, .workout, .alcohol, .habit, .habit, .skip])
        let doctor = try habit.run(["doctor"], env: typed)
        #expect(doctor.stdout.split(separator: "\n").filter { $0.contains("pending entry") }.count == 6)
        #expect(doctor.stdout.contains("log meditate 600 s --at 07:00, typed 2025-10-01T19:00:00.000Z"))
        #expect(try Self.status(habit, typed)["pending"] as? Int == 6)
        #expect(try habit.run(["status"], env: typed).stdout.hasSuffix(" · 6 pending\n"))

        Immutable.set(habit.db, false)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: habit.db)
        let later = ["HABIT_NOW": "2025-10-05T12:00:00+02:00"]
        #expect(try habit.run(["config", "set", "weight", "70"], env: later).status == 0)
        let list = try habit.run(["log", "list", "--days", "10"], env: later)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("meditate  10 min  07:00–07:10"))  // 07:00 of the day it was typed
        #expect(list.stdout.contains("run 30 min"))
        #expect(list.stdout.contains("easy (3 drinks) for 2025-10-01"))  // typed at 21:00: that evening
        #expect(list.stdout.contains("water"))
        #expect(list.stdout.contains("floss"))
        let skip = try habit.json(["skip", "water", "2025-10-02"], env: later)
        #expect((skip["unchanged"] as? [String]) == ["2025-10-02"])  // skipped from the journal already
        #expect(!Self.journal(habit).exists)
        #expect(try Self.status(habit, later)["pending"] as? Int == 0)
    }

    static func entry(_ uuid: UUID = UUID(), typed: String = "2025-10-01T19:30:00+02:00", seconds: Double = 600) -> PendingEntry {
        var e = PendingEntry(uuid: uuid, typed: Timestamp.parse(typed)!.instant!, zone: "Europe/Berlin", kind: .meditate)
        e.seconds = seconds
        return e
    }

    static let later = ["HABIT_NOW": "2025-10-05T12:00:00+02:00"]

    /// A store whose folder is missing although habit made a store there (a drive not mounted):
    /// the log is saved, nothing is created there; once the folder is back, the next write adds
    /// it. A folder habit never made a store in is a first run: created, as always
    /// (`CLIConventionsTests.theStoreIsDbThenHabitDbThenXDGDataHomeThenHome`).
    @Test(arguments: [true, false])
    func aStoreWhoseFolderWentMissingSavesTheLogAndCreatesNothing(_ chosen: Bool) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let drive = habit.folder.appendingPathComponent(chosen ? "drive" : "data/habit")
        let unmounted = habit.folder.appendingPathComponent("unmounted")
        let env = (chosen ? ["HABIT_DB": drive.appendingPathComponent("h.sqlite").path]
                          : ["HABIT_DB": "", "XDG_DATA_HOME": habit.folder.appendingPathComponent("data").path])
            .merging(["HABIT_NOW": "2025-10-01T19:30:00+02:00"]) { $1 }
        #expect(try habit.run(["log", "meditate", "20m"], env: env).status == 0)  // a first run: created
        try habit.unmount(drive, to: unmounted)
        let r = try habit.run(["log", "meditate", "10m"], env: env)
        #expect(r.status == 75)
        #expect(r.stderr == "habit: saved for later: the store's folder \(drive.path) is missing (a drive that is not mounted?); it will be added the next time habit can write\n")
        #expect(!FileManager.default.fileExists(atPath: drive.path))
        try FileManager.default.moveItem(at: unmounted, to: drive)
        #expect(try habit.run(["log", "meditate", "5m"], env: env).status == 0)
        let list = try habit.run(["log", "list", "--json"], env: env)
        #expect((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["entries"].map { ($0 as? [Any])?.count } == 3)
    }

    /// Any other command that writes, on a store whose folder went missing, creates nothing: not the
    /// folder, not an empty store — where the pending entries would otherwise be added and lost
    /// to the real store when the drive comes back. One line, exit 69; reading still works.
    @Test func everyOtherWriteOnAStoreWhoseFolderWentMissingCreatesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let drive = habit.folder.appendingPathComponent("drive")
        let unmounted = habit.folder.appendingPathComponent("unmounted")
        let env = ["HABIT_DB": drive.appendingPathComponent("h.sqlite").path, "HABIT_NOW": "2025-10-01T19:30:00+02:00"]
        #expect(try habit.run(["log", "meditate", "20m"], env: env).status == 0)  // a first run: created
        try habit.unmount(drive, to: unmounted)
        #expect(try habit.run(["log", "meditate", "10m"], env: env).status == 75)  // saved for later
        for arguments in [["add", "floss"], ["config", "set", "weight", "70"], ["remind", "add", "meditate", "20:00"],
                          ["demo", "--days", "3"], ["changes", "--since", "0", "--save", "x"]] {
            let r = try habit.run(arguments, env: env)
            #expect(r.status == 69, "\(arguments): \(r)")
            #expect(r.stderr == StoreMemoryTests.unmounted(drive.path, habit), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: drive.path), "\(arguments)")
        }
        #expect(try habit.run(["status"], env: env).status == 0)
        // Every bar format names the entry saved for later.
        let waybar = try habit.run(["status", "--format", "waybar"], env: env)
        let bar = try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any]
        #expect((bar?["text"] as? String)?.hasSuffix(" · 1 pending") == true, "\(waybar)")
        #expect((bar?["tooltip"] as? String)?.hasSuffix("\n1 pending: saved while the store could not be written; added at the next write") == true)
        let i3blocks = try habit.run(["status", "--format", "i3blocks"], env: env).stdout.split(separator: "\n")
        #expect(i3blocks.count == 3 && i3blocks[0].hasSuffix(" · 1 pending") && !i3blocks[1].contains("pending"), "\(i3blocks)")
        #expect(try habit.run(["status", "--format", "tmux"], env: env).stdout.hasSuffix(" · 1 pending\n"))
        #expect(!FileManager.default.fileExists(atPath: drive.path))
        try FileManager.default.moveItem(at: unmounted, to: drive)
        #expect(try habit.run(["add", "floss"], env: env).status == 0)  // the saved log is added first
        let list = try habit.run(["log", "list", "--json"], env: env)
        #expect((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["entries"].map { ($0 as? [Any])?.count } == 2)
    }

    /// The journal is refused like the store: a link, another user's, writable by others. Every
    /// command that writes says so in one line (exit 77) and changes nothing.
    @Test(arguments: ["link", "other-writable", "other-user"])
    func aJournalHabitDoesNotTrustIsRefused(_ how: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"], env: Self.later).status == 0)
        let journal = Self.journal(habit)
        try FileManager.default.createDirectory(atPath: journal.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let line = String(decoding: try PendingJournal.line(Self.entry()), as: UTF8.self)
        switch how {
        case "link":
            let target = habit.folder.appendingPathComponent("elsewhere.jsonl").path
            try line.write(toFile: target, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: journal.path, withDestinationPath: target)
        case "other-writable":
            try line.write(toFile: journal.path, atomically: false, encoding: .utf8)
            chmod(journal.path, 0o622)
        default:
            guard getuid() == 0 else { return }  // only root can give a file away
            try line.write(toFile: journal.path, atomically: false, encoding: .utf8)
            chown(journal.path, 4242, 4242)
        }
        let before = try habit.contents()
        let r = try habit.run(["log", "meditate", "5m"], env: Self.later)
        #expect(r.status == 77)
        #expect(r.stderr.hasPrefix("habit: will not use the pending journal \(journal.path): "))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try habit.contents() == before)
        #expect(try habit.run(["doctor"], env: Self.later).stdout.contains("problem: pending journal"))
    }

    /// A torn last line (a write cut off) is left in the journal; a later save starts on a line
    /// of its own, and the write after that adds it and sets the torn line aside.
    @Test func aTornLastLineIsLeftForTheNextRun() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let journal = Self.journal(habit)
        let good = Self.entry()
        try journal.append(good)
        let torn = Array(try PendingJournal.line(Self.entry(typed: "2025-10-02T19:30:00+02:00")).prefix(40))
        let handle = try #require(FileHandle(forWritingAtPath: journal.path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(torn))
        try handle.close()
        #expect(try habit.run(["log", "alcohol", "0"], env: Self.later).status == 0)
        #expect(try Self.sessions(habit) == [good.uuid])
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: journal.path))) == torn)
        #expect(try habit.run(["today"], env: Self.later).stdout.contains("pending") == false)
        // Saved after the torn bytes: its own line.
        let next = Self.entry(typed: "2025-10-03T19:30:00+02:00")
        try journal.append(next)
        #expect(try journal.peek().entries == [next])
        #expect(try habit.run(["log", "alcohol", "1"], env: Self.later).status == 0)
        #expect(Set(try Self.sessions(habit)) == [good.uuid, next.uuid])
        #expect(!journal.exists)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: journal.setAsidePath))) == torn + [0x0A])
    }

    /// Applying is once by UUID: a journal applied and then found again (a process that died
    /// between the store's commit and the journal's removal) adds nothing; six writes racing for
    /// one journal add each entry once.
    @Test func aJournalAppliedTwiceOrRacedForAddsEachEntryOnce() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let journal = Self.journal(habit)
        let entries = (1...5).map { Self.entry(typed: "2025-10-0\($0)T19:30:00+02:00") }
        for e in entries { try journal.append(e) }
        let copy = try Data(contentsOf: URL(fileURLWithPath: journal.path))
        #expect(try habit.run(["config", "set", "weight", "70"], env: Self.later).status == 0)
        #expect(try Self.sessions(habit).count == 5)
        try copy.write(to: URL(fileURLWithPath: journal.path))
        #expect(try habit.run(["config", "set", "weight", "71"], env: Self.later).status == 0)
        #expect(try Self.sessions(habit).count == 5)
        #expect(!journal.exists)

        let racing = (6...9).map { Self.entry(typed: "2025-10-0\($0)T19:30:00+02:00") }
        for e in racing { try journal.append(e) }
        let processes = (0..<6).map { i in habit.process(["config", "set", "weight", "\(72 + i)"]) }
        for p in processes { try p.run() }
        for p in processes { p.waitUntilExit(); #expect(p.terminationStatus == 0) }
        let stored = try Self.sessions(habit)
        #expect(stored.count == 9 && Set(stored) == Set((entries + racing).map(\.uuid)))
    }

    /// An entry that can no longer be added (its habit was removed meanwhile) is set aside with
    /// one line on stderr; the rest is added and the command does what it was asked.
    @Test func anEntryThatCanNoLongerBeAddedIsSetAside() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let journal = Self.journal(habit)
        var gone = PendingEntry(uuid: UUID(), typed: Timestamp.parse("2025-10-01T19:30:00+02:00")!.instant!, zone: nil, kind: .habit)
        gone.habit = "floss"
        try journal.append(gone)
        let kept = Self.entry()
        try journal.append(kept)
        let r = try habit.run(["log", "alcohol", "0"], env: Self.later)
        #expect(r.status == 0)
        #expect(r.stderr == "habit: a pending entry could not be added (unknown habit 'floss'; the habits are: meditate, workout, noalc (add one with 'habit add NAME')); "
                + "it was set aside in \(journal.setAsidePath): log habit floss, typed 2025-10-01T17:30:00.000Z (uuid \(gone.uuid.uuidString.lowercased()))\n")
        #expect(try Self.sessions(habit) == [kept.uuid])
        #expect(PendingJournal.read(Array(try Data(contentsOf: URL(fileURLWithPath: journal.setAsidePath)))).entries == [gone])
    }
}
