import Foundation
import Testing
@testable import habit
import HabitKit

/// Issue 25, point 2: degraded mode. `status`, `today`, `streak` and `calendar` (this month) keep
/// what they printed; when the store cannot be read they print it marked stale and exit 0; every
/// write forgets it; the file is refused like the store when it is not the user's own.
@Suite(.serialized) struct StaleCacheTests {
    static let now = "2026-11-25T14:02:00+01:00"
    static let env = ["HABIT_NOW": now, "TZ": "Europe/Berlin"]

    /// A process holding the store under an exclusive lock (readers too: `locking_mode=EXCLUSIVE`)
    /// until ``release()``.
    final class StoreLock: @unchecked Sendable {
        let process = Process()
        let input = Pipe(), output = Pipe()

        init(_ path: String) throws {
            let script = """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                c.execute("PRAGMA locking_mode=EXCLUSIVE")
                c.execute("BEGIN EXCLUSIVE")
                c.execute("SELECT count(*) FROM sqlite_master").fetchall()
                print("locked", flush=True)
                sys.stdin.readline()
                c.execute("COMMIT")
                c.close()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            guard said.hasPrefix("locked") else { throw CLIFailure(result: .init(status: -1, stdout: said, stderr: "no lock")) }
        }

        func release() {
            HabitProcess.feed(input, Data("\n".utf8))
            process.waitUntilExit()
        }
    }

    static func cacheFile(_ habit: HabitProcess) -> String { habit.folder.path + "/.cache/habit/answers" }

    /// The store's folder moved away, as on a drive that is not mounted; back after `body`.
    static func withoutStoreFolder<T>(_ habit: HabitProcess, _ body: () throws -> T) throws -> T {
        let store = habit.folder.appendingPathComponent("store")
        let away = habit.folder.appendingPathComponent("store-unmounted")
        try FileManager.default.moveItem(at: store, to: away)
        defer { try? FileManager.default.moveItem(at: away, to: store) }
        return try body()
    }

    static func process() throws -> HabitProcess {
        var habit = try HabitProcess()
        habit.environment = env.merging(["HABIT_DB": habit.folder.path + "/store/h.sqlite"]) { $1 }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        return habit
    }

    /// `status` waits 200 ms for the lock, not the usual 10 s. Told apart by a bound halfway between
    /// (5 s), never by how fast it answers: a loaded machine's process start-up is no rule of habit's
    /// (a bound of 0.5 s failed a CI run at 0.68 s while the other suites ran).
    @Test func statusAnswersFromTheCacheWithoutWaitingOutTheLockAndFreshOnceReleased() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let fresh = try habit.run(["status"])
        #expect(fresh.status == 0 && !fresh.stdout.contains("stale"), "\(fresh)")
        let lock = try StoreLock(habit.folder.path + "/store/h.sqlite")
        let started = Date()
        let stale = try habit.run(["status"])
        let took = Date().timeIntervalSince(started)
        lock.release()
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(took < 5, "status took \(took) s while the store was locked: it waited out the lock")
        #expect(stale.stdout == fresh.stdout.dropLast() + " (stale: as of 14:02 — the store is locked)\n")
        let again = try habit.run(["status"])
        #expect(again.status == 0 && again.stdout == fresh.stdout, "\(again)")
    }

    /// A log the locked store cannot take is saved for later and wrote nothing: the bar keeps its
    /// marked answer while the lock holds; once it is gone, status is fresh and names the pending
    /// entry, and the next write adds it.
    @Test func aLogSavedForLaterLeavesTheKeptAnswerToShow() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let fresh = try habit.run(["status"])
        #expect(fresh.status == 0, "\(fresh)")
        let lock = try StoreLock(habit.folder.path + "/store/h.sqlite")
        let saved = try habit.run(["log", "meditate", "5m"], env: ["HABIT_LOCK_WAIT": "1"])  // waits out the lock wait (1 s here), then saves
        #expect(saved.status == 75, "\(saved)")
        let stale = try habit.run(["status"])
        lock.release()
        #expect(stale.status == 0 && stale.stdout == fresh.stdout.dropLast() + " (stale: as of 14:02 — the store is locked)\n", "\(stale)")
        let after = try habit.run(["status"])
        #expect(after.status == 0 && after.stdout.contains("1 pending") && !after.stdout.contains("stale"), "\(after)")
        #expect(try habit.run(["config", "set", "weight", "70"]).status == 0)  // a write: the entry is added
        let added = try habit.run(["status"])
        #expect(added.stdout == "2 left · ✓meditate 1 · …workout 0 · …noalc 0\n", "\(added)")
    }

    @Test func withoutAKeptAnswerALockedStoreIsWaitedForAsBefore() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        #expect(try habit.run(["status"]).status == 0)
        #expect(try habit.run(["log", "meditate", "5m"]).status == 0)  // forgets it
        #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(habit)))
        let lock = try StoreLock(habit.folder.path + "/store/h.sqlite")
        let release = Thread { Thread.sleep(forTimeInterval: 1.0); lock.release() }
        release.start()
        let started = Date()
        let answer = try habit.run(["status"])
        #expect(Date().timeIntervalSince(started) >= 0.9)  // it waited for the lock, as without a cache
        #expect(answer.status == 0 && answer.stdout == "2 left · ✓meditate 1 · …workout 0 · …noalc 0\n", "\(answer)")
    }

    /// Every command that writes forgets the kept answers before it opens the store, on the fast
    /// log path and through ArgumentParser alike.
    @Test func everyWriteForgetsTheKeptAnswers() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let backup = habit.folder.path + "/backup.sqlite"
        #expect(try habit.run(["backup", backup]).status == 0)
        try FileManager.default.createDirectory(atPath: habit.folder.path + "/sync", withIntermediateDirectories: true)
        let writes: [(arguments: [String], env: [String: String])] = [
            (["log", "meditate", "5m"], [:]), (["log", "meditate", "5m"], ["HABIT_PARSER": "argument-parser"]),
            (["log", "alcohol", "0"], [:]), (["log", "workout", "run", "20m"], [:]), (["add", "water", "--unit", "glass"], [:]),
            (["log", "water", "2"], [:]), (["log", "water", "2"], ["HABIT_PARSER": "argument-parser"]),
            (["edit", "water", "--at-least", "3"], [:]), (["skip", "water", "today"], [:]), (["unskip", "water", "today"], [:]),
            (["config", "set", "weight", "72"], [:]), (["config", "unset", "weight"], [:]), (["remind", "add", "meditate", "20:00"], [:]),
            (["remind", "edit", "1", "--time", "21:00"], [:]), (["remind", "remove", "1"], [:]), (["undo"], [:]),
            (["archive", "water"], [:]), (["remove", "water", "--yes"], [:]), (["sync", habit.folder.path + "/sync"], [:]),
            (["demo", "--force"], [:]), (["restore", backup], [:]),
        ]
        for write in writes {
            #expect(try habit.run(["status"]).status == 0)
            #expect(FileManager.default.fileExists(atPath: Self.cacheFile(habit)))
            let result = try habit.run(write.arguments, env: write.env)
            #expect(result.status == 0, "\(write.arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(habit)), "\(write.arguments) kept the cached answers")
        }
    }

    @Test func aMissingStoreFolderShowsEachKeptAnswerMarked() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let commands = [["status"], ["status", "--format", "i3blocks"], ["status", "--format", "tmux"], ["today"], ["today", "--short"],
                        ["streak"], ["calendar"]]
        let fresh = try commands.map { try habit.run($0) }
        #expect(fresh.allSatisfy { $0.status == 0 && !$0.stdout.contains("stale") })
        try Self.withoutStoreFolder(habit) {
            for (command, answer) in zip(commands, fresh) {
                let stale = try habit.run(command)
                #expect(stale.status == 0 && stale.stderr.isEmpty, "\(command): \(stale)")
                let mark = "(stale: as of 14:02 — the store's folder is missing)"
                let body = String(answer.stdout.dropLast())
                switch command {
                case ["status", "--format", "i3blocks"]:
                    let lines = body.split(separator: "\n")
                    #expect(stale.stdout == "\(lines[0]) \(mark)\n\(lines[1]) (stale)\n#888888\n")
                case ["status", "--format", "tmux"]:
                    #expect(stale.stdout == body + " #[fg=colour244]\(mark)#[default]\n")
                default:
                    // One line: the mark at its end; several: the mark as the last line.
                    #expect(stale.stdout == body + (body.contains("\n") ? "\n" : " ") + mark + "\n", "\(command)")
                }
            }
            // The day after: the mark says which day.
            let tomorrow = try habit.run(["status"], env: ["HABIT_NOW": "2026-11-26T08:00:00+01:00"])
            #expect(tomorrow.stdout.hasSuffix("(stale: as of 2026-11-25 14:02 — the store's folder is missing)\n"), "\(tomorrow)")
        }
        // No kept answer for a command line never run: as before (a missing store reads as empty).
        try Self.withoutStoreFolder(habit) {
            let other = try habit.run(["streak", "--habit", "meditate"])
            #expect(other.status == 0 && !other.stdout.contains("stale") && other.stdout.contains("0 days"), "\(other)")
        }
    }

    @Test func jsonCarriesStaleWithItsInstantAndReasonAndWaybarTheClassStale() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let commands = [["status", "--format", "json"], ["today", "--json"], ["streak", "--json"], ["calendar", "--json"]]
        let fresh = try commands.map { try habit.run($0) }
        let bar = try habit.run(["status", "--format", "waybar"])
        try Self.withoutStoreFolder(habit) {
            for (command, answer) in zip(commands, fresh) {
                let stale = try habit.run(command)
                #expect(stale.status == 0, "\(command): \(stale)")
                var document = try #require(try JSONSerialization.jsonObject(with: Data(stale.stdout.utf8)) as? [String: Any])
                let mark = try #require(document.removeValue(forKey: "stale") as? [String: Any])
                #expect(mark["asOf"] as? String == Self.now && mark["reason"] as? String == "missing" && mark.count == 2)
                #expect(Set(document.keys) == Set(try #require(try JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]).keys))
                // The answer as it was printed, with the one member added in its sorted place.
                let member = #","stale":{"asOf":"2026-11-25T14:02:00+01:00","reason":"missing"}"#
                #expect(stale.stdout.replacingOccurrences(of: member, with: "") == answer.stdout, "\(command)")
            }
            let staleBar = try habit.run(["status", "--format", "waybar"])
            let decoded = try JSONDecoder().decode(WaybarJSON.self, from: Data(staleBar.stdout.utf8))
            let original = try JSONDecoder().decode(WaybarJSON.self, from: Data(bar.stdout.utf8))
            #expect(decoded.class == "stale" && decoded.percentage == original.percentage)
            #expect(decoded.text == original.text + " (stale: as of 14:02 — the store's folder is missing)")
            #expect(decoded.tooltip.hasPrefix(original.tooltip + "\n") && decoded.tooltip.hasSuffix("folder is missing)"))
        }
    }

    @Test func aFileThatIsNotAHabitStoreShowsTheKeptAnswerAndWithoutOneTheErrorAsBefore() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        let fresh = try habit.run(["streak"])
        let store = habit.folder.path + "/store/h.sqlite"
        let kept = habit.folder.path + "/kept.sqlite"
        try FileManager.default.moveItem(atPath: store, toPath: kept)
        try? FileManager.default.removeItem(atPath: store + "-wal")
        try? FileManager.default.removeItem(atPath: store + "-shm")
        try Data("not a database at all, just text\n".utf8).write(to: URL(fileURLWithPath: store))
        let stale = try habit.run(["streak"])
        #expect(stale.status == 0 && stale.stdout == fresh.stdout + "(stale: as of 14:02 — the store is not a habit store)\n", "\(stale)")
        let none = try habit.run(["today"])  // never kept
        #expect(none.status == 65 && none.stdout.isEmpty && none.stderr.contains("is not a habit store"), "\(none)")
    }

    @Test func cacheFilesAre0600InA0700FolderAndOnlyThisMonthsCalendarIsKept() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        #expect(try habit.run(["calendar", "2026-10"]).status == 0)
        #expect(try habit.run(["calendar", "--year"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.cacheFile(habit)))  // another month, a year: not kept
        #expect(try habit.run(["calendar"]).status == 0)
        let folder = try FileManager.default.attributesOfItem(atPath: habit.folder.path + "/.cache/habit")
        let file = try FileManager.default.attributesOfItem(atPath: Self.cacheFile(habit))
        #expect(folder[.posixPermissions] as? Int == 0o700)
        #expect(file[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: habit.folder.path + "/.cache/habit") == ["answers"])  // no temporary left
        let (other, this) = try Self.withoutStoreFolder(habit) { (try habit.run(["calendar", "2026-10"]), try habit.run(["calendar"])) }
        #expect(!other.stdout.contains("stale") && this.stdout.contains("stale: as of 14:02"))
    }

    /// The answers file is an input: a link, another user's file or one writable by others is
    /// never read (nor replaced); the answer is then as without a cache.
    @Test func aLinkedForeignOrWritableCacheIsRefused() throws {
        let habit = try Self.process()
        defer { habit.cleanUp() }
        #expect(try habit.run(["status"]).status == 0)
        let file = Self.cacheFile(habit)
        let real = habit.folder.path + "/answers-elsewhere"
        try FileManager.default.moveItem(atPath: file, toPath: real)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: real)
        func staleShown() throws -> Bool {
            try Self.withoutStoreFolder(habit) { try habit.run(["status"]).stdout.contains("stale") }
        }
        #expect(try staleShown() == false)
        #expect(try habit.run(["status"]).status == 0)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file)) == real)  // left as it was
        try FileManager.default.removeItem(atPath: file)
        try FileManager.default.copyItem(atPath: real, toPath: file)
        #expect(try staleShown() == true)  // the same bytes, as the user's own file: shown
        #expect(chmod(file, 0o622) == 0)
        #expect(try staleShown() == false)
        #expect(chmod(file, 0o600) == 0)
        #expect(chmod(habit.folder.path + "/.cache/habit", 0o777) == 0)
        #expect(try staleShown() == false)
        #expect(chmod(habit.folder.path + "/.cache/habit", 0o700) == 0)
        if geteuid() == 0 {
            #expect(chown(file, 65534, 65534) == 0)
            #expect(try staleShown() == false)
        }
    }

    // MARK: - The file, in process

    /// A cache folder of its own (`…/habit`, not made yet) and how to remove it.
    static func answersFolder() -> (folder: String, cleanUp: () -> Void) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("habit-answers-\(UUID().uuidString)").path
        return (root + "/habit", { try? FileManager.default.removeItem(atPath: root) })
    }

    static func kept(_ folder: String) -> [AnswerFile.Entry]? {
        guard case .entries(let entries) = AnswerCache.read(in: folder) else { return nil }
        return entries
    }

    /// A keep writes over the file it opened (same inode, no temporary, no rename), leaves it 0600
    /// and cut to its answers; a file that is not intact is rewritten whole; an answer too long to
    /// be read back is not kept; a file with a second name is left alone.
    @Test func aKeepRewritesTheFileInPlace0600AndCutToItsAnswers() throws {
        let (folder, cleanUp) = Self.answersFolder()
        defer { cleanUp() }
        func entry(_ key: String, _ body: String) -> AnswerFile.Entry { .init(key: key, kind: .text, asOf: Self.now, body: body) }
        let long = entry("k1", String(repeating: "x", count: 9000)), other = entry("k2", "y"), short = entry("k1", "z")
        AnswerCache.keep(long, in: folder)
        AnswerCache.keep(other, in: folder)
        #expect(Self.kept(folder) == [other, long])
        let file = AnswerCache.file(in: folder)
        var before = stat(), after = stat()
        #expect(stat(file, &before) == 0 && before.st_mode & 0o777 == 0o600)
        #expect(chmod(file, 0o644) == 0)  // a copy of the user's own, say: trusted, made 0600 again
        AnswerCache.keep(short, in: folder)
        #expect(stat(file, &after) == 0)
        #expect(after.st_ino == before.st_ino && after.st_mode & 0o777 == 0o600)
        #expect(Int(after.st_size) == AnswerFile.encode([short, other]).count)
        #expect(Self.kept(folder) == [short, other])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["answers"])
        try Data("habit answers 1\ntext 2026-11-25T14:02:00+01:00 1 1 0000000000000000\nab\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(Self.kept(folder) == nil)
        AnswerCache.keep(other, in: folder)
        #expect(Self.kept(folder) == [other])
        AnswerCache.keep(entry("k3", String(repeating: "w", count: AnswerFile.maximumBodyBytes + 1)), in: folder)
        #expect(Self.kept(folder) == [other])
        for n in 0..<20 { AnswerCache.keep(entry("n\(n)", "\(n)"), in: folder) }
        #expect(Self.kept(folder)?.map(\.key) == (4..<20).reversed().map { "n\($0)" })  // 16, the newest first
        // A second name (a hard link): writing in place would change it too, so the file is left alone.
        let second = URL(fileURLWithPath: folder).deletingLastPathComponent().path + "/second-name"
        #expect(link(file, second) == 0)
        let linked = try Data(contentsOf: URL(fileURLWithPath: second))
        AnswerCache.keep(entry("n20", "20"), in: folder)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == linked)
        #expect(Self.kept(folder)?.first?.key == "n19")
    }

    /// A reader takes no lock, so it may read a rewrite half done: the new bytes up to some point
    /// and the old after it (or the other way round), or the new ones before the file is cut,
    /// with the old tail. Every such view reads as no answer or as answers that were kept, whole
    /// — here of one layout (one key's answer replaced by one of the same length), so a mix is
    /// well formed and only the checksums tell.
    @Test func aRewriteReadHalfDoneIsNoAnswerOrAnswersThatWereKept() {
        func entry(_ key: String, _ asOf: String, _ body: String) -> AnswerFile.Entry { .init(key: key, kind: .text, asOf: asOf, body: body) }
        let old = [entry("k1", "2026-11-25T14:02:00+01:00", "2 left · ✓meditate 1"), entry("k2", "2026-11-25T14:02:00+01:00", "{\"a\":1}")]
        let new = [entry("k1", "2026-11-25T14:03:00+01:00", "1 left · ✓meditate 2"), entry("k2", "2026-11-25T14:03:00+01:00", "{\"a\":2}")]
        let shorter = [entry("k1", "2026-11-25T14:04:00+01:00", "0 left")]
        var mixes = 0
        for (before, after) in [(old, new), (new, shorter)] {
            let a = AnswerFile.encode(before), b = AnswerFile.encode(after)
            for cut in 0...max(a.count, b.count) {
                for view in [Array(b.prefix(cut)) + a.dropFirst(cut), Array(a.prefix(cut)) + b.dropFirst(cut)] where view != a && view != b {
                    mixes += 1
                    let read = AnswerFile.decode(view[...])
                    #expect(read == nil || read?.allSatisfy { (before + after).contains($0) } == true, "cut at \(cut): \(read ?? [])")
                }
            }
        }
        #expect(mixes > 100)
    }

    /// Four writers keep answers in place while two readers read without a lock and one thread
    /// removes the file, as every write to a store does: every answer read is one that was kept,
    /// whole, and none whose keep had returned before a removal that was over before the read
    /// began — a keep racing the removal writes into the removed file, it never brings the
    /// answers it read back (replacing the file with a rename did: it fails this test).
    @Test func keepsInPlaceRacingReadersAndRemovalsNeverShowAWrongOrForgottenAnswer() throws {
        let (folder, cleanUp) = Self.answersFolder()
        defer { cleanUp() }
        final class Race: @unchecked Sendable {
            let lock = NSLock()
            var keptUpTo = [-1, -1, -1, -1]  // per writer, the last answer whose keep has returned
            var forgottenUpTo = [-1, -1, -1, -1]  // per writer, the last answer kept before a removal
            var writing = 4
            var seen = 0, notRead = 0
            var wrong: [String] = []
            func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
        }
        /// Answer `id`, of writer `id % 4`: its id leads its body.
        @Sendable func answer(_ id: Int) -> AnswerFile.Entry {
            let writer = id % 4
            let filler = String(repeating: ["a", "é", "b", "✓"][writer], count: [20, 2500, 5000, 6000][writer])
            return AnswerFile.Entry(key: "k\(id / 4 % 3)", kind: writer == 3 ? .json : .text,
                                    asOf: String(format: "2026-11-25T%02d:%02d:%02d+01:00", 10 + id / 3600 % 10, id / 60 % 60, id % 60),
                                    body: String(format: "#%08d#", id) + filler)
        }
        let race = Race()
        let perWriter = 250
        let group = DispatchGroup()
        func start(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread { body(); group.leave() }.start()
        }
        for writer in 0..<4 {
            start {
                for n in 0..<perWriter {
                    let id = n * 4 + writer
                    AnswerCache.keep(answer(id), in: folder)
                    race.locked { race.keptUpTo[writer] = id }
                }
                race.locked { race.writing -= 1 }
            }
        }
        start {
            while race.locked({ race.writing > 0 }) {
                let kept = race.locked { race.keptUpTo }
                AnswerCache.invalidate(in: folder)
                race.locked { race.forgottenUpTo = zip(race.forgottenUpTo, kept).map { max($0, $1) } }
                usleep(300)
            }
        }
        for _ in 0..<2 {
            start {
                while race.locked({ race.writing > 0 }) {
                    let forgotten = race.locked { race.forgottenUpTo }
                    guard case .entries(let entries) = AnswerCache.read(in: folder) else {
                        race.locked { race.notRead += 1 }
                        continue
                    }
                    for entry in entries {
                        let id = Int(entry.body.dropFirst().prefix(8)) ?? -1
                        let problem = id < 0 || entry != answer(id) ? "not an answer kept: \(entry.key) \(entry.asOf) \(entry.body.prefix(40))"
                            : id <= forgotten[id % 4] ? "answer \(id) shown after a removal that followed its keep" : nil
                        race.locked {
                            race.seen += 1
                            if let problem { race.wrong.append(problem) }
                        }
                    }
                }
            }
        }
        group.wait()
        #expect(race.wrong.isEmpty, "\(race.wrong.count) wrong: \(race.wrong.prefix(5))")
        #expect(race.seen > 0, "no answer was ever read back (\(race.notRead) reads saw none)")
        AnswerCache.keep(answer(4 * perWriter), in: folder)
        #expect(Self.kept(folder)?.first == answer(4 * perWriter))
    }

    // MARK: - The pure parts

    @Test func aStaleMemberGoesInItsSortedPlace() {
        let value = #"{"asOf":"x","reason":"locked"}"#
        #expect(StaleMark.adding(member: "stale", value: value, to: #"{"a":1,"z":{"q":"}"}}"#)
                == #"{"a":1,"stale":{"asOf":"x","reason":"locked"},"z":{"q":"}"}}"#)
        #expect(StaleMark.adding(member: "stale", value: "1", to: #"{"a":"stale\"","b":[1,{"t":2}]}"#) == #"{"a":"stale\"","b":[1,{"t":2}],"stale":1}"#)
        #expect(StaleMark.adding(member: "stale", value: "1", to: "{}") == #"{"stale":1}"#)
        #expect(StaleMark.adding(member: "stale", value: "1", to: #"{"stale":2}"#) == nil)
        #expect(StaleMark.adding(member: "stale", value: "1", to: #"{"a":"#) == nil)
        #expect(StaleMark.adding(member: "stale", value: "1", to: "[1]") == nil)
    }

    @Test func theFileRoundTripsAndRefusesAnyChangedByte() throws {
        let entries = [AnswerFile.Entry(key: "/s/h.sqlite\n80 plain\nstatus", kind: .text, asOf: Self.now, body: "2 left · ✓meditate 1"),
                       AnswerFile.Entry(key: "k2", kind: .json, asOf: "2026-11-25T13:02:00Z", body: "{\"a\":1}\n")]
        let bytes = AnswerFile.encode(entries)
        #expect(AnswerFile.decode(bytes[...]) == entries)
        #expect(AnswerFile.decode(AnswerFile.encode([])[...]) == [])
        for i in bytes.indices {
            var changed = bytes
            changed[i] ^= 0x04
            #expect(AnswerFile.decode(changed[...]) == nil, "byte \(i)")
        }
    }
}
