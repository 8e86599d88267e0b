import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Issue 25: the pending journal is an input like the others, fuzzed as the sync folder is. A
/// journal with every kind of entry is mutated — lines cut, repeated, swapped, numbers and UUIDs
/// replaced, bytes flipped, control characters and long strings put in — and a command that
/// writes applies it. Laws: habit never traps, answers with a status it names and one line per
/// thing it says on stderr, and a journal applied a second time adds nothing.
@Suite(.serialized) struct PendingJournalFuzzTests {
    static let statuses: Set<Int32> = [0, 65, 74, 77]

    static func entries() -> [PendingEntry] {
        func entry(_ kind: PendingEntry.Kind, _ typed: String, _ fill: (inout PendingEntry) -> Void) -> PendingEntry {
            var e = PendingEntry(uuid: UUID(), typed: Timestamp.parse(typed)!.instant!, zone: "Europe/Berlin", kind: kind)
            fill(&e)
            return e
        }
        return [
            entry(.meditate, "2025-10-01T19:30:00+02:00") { ($0.seconds, $0.at, $0.note) = (600, "07:00", "calm") },
            entry(.workout, "2025-10-01T20:00:00+02:00") { ($0.activity, $0.seconds, $0.met, $0.source) = ("run", 1800, 8, "app") },
            entry(.alcohol, "2025-10-02T09:00:00+02:00") { ($0.drinks, $0.date) = ("3", "yesterday") },
            entry(.alcohol, "2025-10-02T22:00:00+02:00") { $0.drinks = "steady" },
            entry(.habit, "2025-10-02T12:00:00+02:00") { ($0.habit, $0.amount) = ("water", "2") },
            entry(.habit, "2025-10-03T12:00:00+02:00") { ($0.habit, $0.date) = ("floss", "-1") },
            entry(.skip, "2025-10-03T12:00:00+02:00") { ($0.habit, $0.date, $0.to) = ("water", "2025-10-04", "2025-10-06") },
            entry(.skip, "2025-10-03T12:00:00+02:00") { $0.date = "today" },
        ]
    }

    /// Every record's UUID (samples, workouts, skips) and the tombstones: what applying adds.
    static func records(_ habit: HabitProcess) throws -> [String] {
        let queue = try DatabaseQueue(path: habit.db)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(db, sql: """
                SELECT uuid FROM sample UNION ALL SELECT uuid FROM workout UNION ALL SELECT uuid FROM skip
                UNION ALL SELECT 'tombstone ' || uuid FROM tombstone ORDER BY 1
                """)
        }
    }

    static func check(_ result: HabitProcess.Result, _ context: String) {
        #expect(statuses.contains(result.status), "status \(result.status) \(result.stderr) \(context)")
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("habit: ") }, "\(result.stderr) \(context)")
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "\(context)")
    }

    @Test func aMutatedJournalNeverTrapsAndIsNeverAppliedTwice() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-10T12:00:00+02:00"]
        for command in [["add", "water", "--unit", "glass", "--at-least", "3"], ["add", "floss"], ["remind", "add", "meditate", "20:00"]] {
            #expect(try habit.run(command, env: env).status == 0, "\(command)")
        }
        let journal = PendingJournalTests.journal(habit)
        let original = try Self.entries().map { String(decoding: try PendingJournal.line($0).dropLast(), as: UTF8.self) }
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["JOURNAL_FUZZ_SEED"].flatMap(UInt64.init) ?? 7))
        let runs = Int(ProcessInfo.processInfo.environment["JOURNAL_FUZZ_RUNS"] ?? "") ?? 40
        try FileManager.default.createDirectory(atPath: journal.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for run in 0..<runs {
            let lines = SyncFolderFuzzTests.mutate(original, &rng)
            // Now and then the last line is left torn (no newline).
            let text = lines.joined(separator: "\n") + (rng.chance(0.2) ? "" : "\n")
            let context = "run \(run): \(text.prefix(2000))"
            try Data(text.utf8).write(to: URL(fileURLWithPath: journal.path))
            chmod(journal.path, 0o600)
            Self.check(try habit.run(["config", "set", "weight", "70"], env: env), context)
            let once = try Self.records(habit)
            #expect(Set(once).count == once.count, "\(context)")
            // The same journal found again (a process that died before removing it): nothing more.
            try Data(text.utf8).write(to: URL(fileURLWithPath: journal.path))
            Self.check(try habit.run(["config", "set", "weight", "70"], env: env), context)
            #expect(try Self.records(habit) == once, "\(context)")
            for command in [["log", "list", "--all-sources", "--days", "30"], ["streak"], ["doctor"], ["today"], ["status", "--format", "json"]] {
                let listed = try habit.run(command, env: env)
                #expect(listed.status == 0 || (command == ["doctor"] && listed.status == 65), "\(command): \(listed.status) \(listed.stderr) \(context)")
            }
            try? FileManager.default.removeItem(atPath: journal.path)
        }
    }
}
