import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 25, point 1: access per data type (Standards/access.md, "Access per data type").
@Suite struct AccessTests {
    static let evening = ["HABIT_NOW": "2025-10-27T19:00:00+01:00"]

    static func sampleCount(_ habit: HabitProcess) throws -> Int {
        try DatabaseQueue(path: habit.db).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") ?? 0 }
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    static func object(_ r: HabitProcess.Result) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// A new store allows everything; `habit access` lists each type, without creating a store.
    @Test func aNewStoreAllowsEverythingAndTheListCreatesNoStore() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let list = try habit.run(["access"])
        #expect(list.status == 0)
        for name in ["mindful", "workouts", "active-energy", "alcohol"] {
            #expect(list.stdout.contains(name + " "), "\(name) listed")
        }
        #expect(!list.stdout.contains(" no "), "everything allowed: \(list.stdout)")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        let json = try habit.run(["access", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]] ?? []
        #expect(entries.count == 4 && entries.allSatisfy { $0["read"] == "allowed" && $0["write"] == "allowed" })
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// A type denied for writing: `log` (and `skip`, `undo`, `demo`) refused with exit 77 and one
    /// line naming the type and the command that allows it; nothing stored, no reminder cancelled.
    @Test func aWriteOfADeniedTypeIsRefusedWith77AndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "noalc", "20:00"], env: Self.evening).status == 0)
        #expect(try habit.run(["log", "alcohol", "0"], env: Self.evening).status == 0)
        let deny = try habit.run(["access", "deny", "alcohol", "--write"])
        #expect(deny.status == 0 && deny.stdout == "alcohol: read allowed, write denied\n")
        let before = try Self.sampleCount(habit)
        let refused = try habit.run(["log", "alcohol", "2"], env: ["HABIT_NOW": "2025-10-28T19:00:00+01:00"])
        #expect(refused.status == 77)
        #expect(refused.stdout.isEmpty)
        #expect(Self.lines(refused.stderr).count == 1 && refused.stderr.contains("habit access allow alcohol --write"))
        #expect(try Self.sampleCount(habit) == before)
        let cancelled = try DatabaseQueue(path: habit.db).read { db in
            try String.fetchAll(db, sql: "SELECT day FROM occurrence WHERE state = 'cancelled' ORDER BY day")
        }
        #expect(cancelled == ["2025-10-27"], "only the allowed log cancelled its occurrence")
        #expect(try habit.run(["skip", "noalc", "2025-10-29"]).status == 77)
        #expect(try habit.run(["undo"]).status == 77, "the newest entry is alcohol: undoing it writes it")
        #expect(try habit.run(["demo", "--force"]).status == 77)
        #expect(try Self.sampleCount(habit) == before)
        // Everything else keeps working; allowing again lets it through.
        #expect(try habit.run(["log", "meditate", "10m"], env: Self.evening).status == 0)
        #expect(try habit.run(["access", "allow", "alcohol"]).status == 0)
        #expect(try habit.run(["log", "alcohol", "2"], env: ["HABIT_NOW": "2025-10-28T19:00:00+01:00"]).status == 0)
    }

    /// An own habit by its name, an identifier, and a name habit does not know (exit 64, no store).
    @Test func typesAreNamedByShortNameHabitNameOrIdentifierAndAnUnknownOneChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let unknown = try habit.run(["access", "deny", "vodka"])
        #expect(unknown.status == 64 && Self.lines(unknown.stderr).count == 1 && unknown.stderr.contains("unknown data type 'vodka'"))
        #expect(!FileManager.default.fileExists(atPath: habit.db))
        for hostile in ["%", "' OR 1=1 --", "HKQuantityTypeIdentifier", "dev.habit.habit.", "\u{1B}[2J"] {
            #expect(try habit.run(["access", "deny", hostile]).status == 64, "\(hostile) refused")
        }
        #expect(try habit.run(["add", "floss"]).status == 0)
        #expect(try habit.run(["access", "deny", "floss", "--write"]).status == 0)
        let log = try habit.run(["log", "floss"])
        #expect(log.status == 77 && log.stderr.contains("habit access allow floss --write"))
        #expect(try habit.run(["access", "deny", "HKQuantityTypeIdentifierHeartRate"]).status == 0)
        let list = try habit.run(["access"]).stdout
        #expect(list.contains("floss") && list.contains("HKQuantityTypeIdentifierHeartRate"))
    }

    /// A type denied for reading reads as absent everywhere, and every view says so.
    @Test func aTypeDeniedForReadingIsAbsentAndEveryViewSaysSo() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["demo"]).status == 0)
        #expect(try habit.run(["access", "deny", "alcohol", "--read"]).status == 0)
        let note = "no read access (habit access allow alcohol --read)"
        let streak = try habit.run(["streak"])
        #expect(streak.stdout.contains("noalc     " + note))
        #expect(try habit.run(["today"]).stdout.contains(note))
        #expect(try habit.run(["calendar"]).stdout.contains(note))
        #expect(try habit.run(["score"]).stdout.contains(note))
        #expect(try habit.run(["status"]).stdout.contains("?noalc"))
        let tooltip = try Self.object(habit.run(["status", "--format", "waybar"]))["tooltip"] as? String ?? ""
        #expect(tooltip.contains("noalc: " + note))
        for args in [["streak", "--json"], ["today", "--json"], ["status", "--format", "json"]] {
            let habits = try Self.object(habit.run(args))["habits"] as? [[String: Any]] ?? []
            let noalc = habits.first { $0["habit"] as? String == "noalc" }
            #expect(noalc?["access"] as? String == "denied" && noalc?["today"] as? String == "unknown", "\(args)")
            #expect(habits.filter { $0["access"] != nil }.count == 1, "\(args): only noalc")
        }
        #expect((try habit.json(["calendar"])["access"] as? [String: String]) == ["noalc": "denied"])
        let stats = try habit.run(["stats", "noalc", "--per", "week"])
        #expect(stats.status == 77 && stats.stderr.contains("habit access allow alcohol --read"))
        for args in [["export", "--format", "ndjson", "--all-sources"], ["changes", "--since", "0", "--json"],
                     ["log", "list", "--days", "400", "--json"], ["timeline", "--days", "400", "--json"]] {
            let out = try habit.run(args)
            #expect(out.status == 0, "\(args)")
            #expect(!out.stdout.contains(SampleType.alcoholicBeverages) && !out.stdout.contains("noalc"), "\(args) shows alcohol")
        }
        // Data already stored stays: allowing reading again shows it.
        #expect(try habit.run(["access", "allow", "alcohol", "--read"]).status == 0)
        #expect(!(try habit.run(["streak"]).stdout.contains("no read access")))
        #expect(try habit.run(["export", "--format", "ndjson"]).stdout.contains(SampleType.alcoholicBeverages))
    }

    /// `import` of a file and `sync` leave out records of types denied for writing, say how many,
    /// and store the rest; grants themselves are never synced.
    @Test func importAndSyncLeaveOutTypesDeniedForWritingAndSayHowMany() throws {
        let (a, b) = (try HabitProcess(), try HabitProcess())
        defer { a.cleanUp(); b.cleanUp() }
        for args in [["log", "alcohol", "1"], ["log", "meditate", "10m"], ["log", "workout", "hiit", "20m"]] {
            #expect(try a.run(args, env: Self.evening).status == 0)
        }
        let file = a.folder.appendingPathComponent("a.ndjson").path
        #expect(try a.run(["export", "--format", "ndjson", "--all-sources", "--output", file]).status == 0)
        #expect(try b.run(["access", "deny", "alcohol", "--write"]).status == 0)
        #expect(try b.run(["access", "deny", "workouts", "--write"]).status == 0)
        let imported = try b.run(["import", file])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("not kept: 3 records of types habit may not write — habit access"), "\(imported.stdout)")
        let kept = try b.run(["export", "--format", "ndjson"]).stdout
        #expect(kept.contains(SampleType.mindfulSession) && !kept.contains(SampleType.alcoholicBeverages) && !kept.contains("HKWorkout"))

        // Sync: a third store, alcohol denied for writing, through a folder; a's grants stay a's.
        let c = try HabitProcess()
        defer { c.cleanUp() }
        let folder = a.folder.appendingPathComponent("sync").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(try a.run(["access", "deny", "steps"]).status == 0)
        #expect(try a.run(["sync", folder]).status == 0)
        #expect(try c.run(["access", "deny", "alcohol", "--write"]).status == 0)
        let synced = try c.json(["sync", folder])
        #expect(synced["notKept"] as? Int == 1, "\(synced)")
        let cList = try c.run(["access", "--json"]).stdout
        #expect(!cList.contains("HKQuantityTypeIdentifierStepCount"), "a's grant on steps did not travel")
        #expect(try c.run(["export", "--format", "ndjson"]).stdout.contains(SampleType.mindfulSession))
    }

    /// A reminder on a habit whose data habit may not read is never delivered as "not done": the
    /// check records it as suppressed, with the reason.
    @Test func aReminderOnAnUnreadableHabitIsSuppressedWithItsReason() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["remind", "add", "noalc", "20:00"], env: Self.evening).status == 0)
        #expect(try habit.run(["access", "deny", "alcohol", "--read"]).status == 0)
        let check = try habit.json(["remind", "check"], env: ["HABIT_NOW": "2025-10-27T20:01:00+01:00"])
        #expect((check["delivered"] as? [Any])?.isEmpty == true)
        let suppressed = check["suppressed"] as? [[String: Any]] ?? []
        #expect(suppressed.count == 1 && suppressed.first?["reason"] as? String == "no read access to alcohol data", "\(check)")
    }

    /// The grant is read in the transaction that writes: a command that opened the store before
    /// a denial obeys it when it writes.
    @Test func aGrantChangedAfterACommandOpenedTheStoreIsObeyedWhenItWrites() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "5m"], env: Self.evening).status == 0)
        let running = try HabitStore.open(path: habit.db)  // opened before the denial, as a long command would be
        #expect(try habit.run(["access", "deny", "mindful", "--write"]).status == 0)
        let env = HabitEnvironment(now: Date(timeIntervalSince1970: 1_761_588_000), timeZone: TimeZone(identifier: "Europe/Berlin")!, makeUUID: { UUID() })
        let session = InstantRange(env.now.addingTimeInterval(-600), upTo: env.now)
        #expect(throws: AccessError.writeDenied(type: SampleType.mindfulSession, name: "mindful")) {
            try running.log(.meditation(session, note: nil), env: env)
        }
        #expect(try Self.sampleCount(habit) == 1)
    }
}
