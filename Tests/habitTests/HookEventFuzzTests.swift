import Foundation
import Testing
@testable import HabitKit

/// Issue 46 ("the new surfaces get what the older ones have"): a hook's event fuzzed. Seeded runs
/// log own habits with hostile names (many scripts, the longest name), notes (quotes, backslashes,
/// JSON of their own, bidi and control characters, blanks around, 4,096 and 4,097 bytes; argv carries
/// no NUL) and amounts, by the
/// second or for a named day, with an `on-log` hook that records its stdin. Laws: a log that is
/// stored gives its hook exactly one event, on one line, a JSON object `{"event":"on-log","data":…}`
/// whose data is what `log --json` printed, its note the note given, byte for byte; a log that is refused gives
/// its hook nothing. `HOOK_FUZZ_SEED` / `HOOK_FUZZ_RUNS` change the seed (46) and the runs (60).
@Suite struct HookEventFuzzTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["HOOK_FUZZ_SEED"] ?? "") ?? 46
    static let runs = Int(ProcessInfo.processInfo.environment["HOOK_FUZZ_RUNS"] ?? "") ?? 60

    static let names = ["floss", "вода", "水を飲む", "χορός", "a-b-c", String(repeating: "x", count: 32),
                        String(repeating: "水", count: 32), "تمرين", "ｆｌｏｓｓ-2", "reading"]
    static let notes = ["plain", "quote \" and \\ backslash", "{\"event\":\"on-streak\",\"data\":{}}", "emoji 😀 and é",
                        "bidi \u{202E}gnp.exe", "esc \u{1B}[31m", "tab\there", "line\nbreak", "%s%n$(id)`id`",
                        String(repeating: "ü", count: 2_048), String(repeating: "a", count: 4_097), " padded ", ""]
    static let amounts = ["1", "2.5", "0", "999999999999", "-1", "nan", "1e3", "3"]

    @Test func everyStoredLogGivesItsHookOneEventThatIsItsJSONAndARefusedOneNone() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        _ = try HookTests.install(habit, ["on-log"], script: HookTests.recorder(habit))
        let env = ["HABIT_NOW": "2026-03-29T20:00:00+02:00"]  // Berlin, the spring-forward day
        var rng = SeededRandom(seed: Self.seed)
        var added: [String: Bool] = [:]  // name as typed → quantity
        var stored = 0, refused = 0
        for run in 0..<Self.runs {
            let name = Self.names[rng.int(0...(Self.names.count - 1))]
            if added[name] == nil {
                let quantity = rng.chance(0.5)
                let add = try habit.run(["add", name] + (quantity ? ["--unit", "glass", "--at-least", "3"] : []), env: env)
                guard add.status == 0 else {
                    #expect(add.stderr.split(separator: "\n").count == 1, "run \(run): \(add)")
                    continue
                }
                added[name] = quantity
            }
            guard let quantity = added[name] else { continue }
            var arguments = ["log", name]
            if quantity { arguments.append(Self.amounts[rng.int(0...(Self.amounts.count - 1))]) }
            let note = Self.notes[rng.int(0...(Self.notes.count - 1))]
            if !note.isEmpty { arguments += ["--note", note] }
            if rng.chance(0.4) { arguments += ["--date", rng.chance(0.5) ? "yesterday" : "2026-03-28"] }
            let before = try Self.eventLines(habit)
            let log = try habit.run(arguments + ["--json"], env: env)
            let after = try Self.eventLines(habit)
            let new = Array(after.dropFirst(before.count))
            guard log.status == 0 else {
                refused += 1
                #expect(new.isEmpty, "run \(run): a refused log (\(log.status)) gave its hook \(new)")
                #expect(log.stderr.split(separator: "\n").count == 1, "run \(run): \(log)")
                continue
            }
            stored += 1
            try #require(new.count == 1, "run \(run): \(arguments) gave its hook \(new.count) lines: \(new)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data(new[0].utf8)) as? [String: Any], "run \(run): \(new[0])")
            #expect(event.keys.sorted() == ["data", "event"] && event["event"] as? String == "on-log", "run \(run): \(event)")
            let printed = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? NSDictionary
            #expect((event["data"] as? NSDictionary) == printed, "run \(run): the event's data is not what log --json printed")
            let sample = ((event["data"] as? [String: Any])?["samples"] as? [[String: Any]])?.first
            let metadata = sample?["metadata"] as? [String: Any]
            if !note.isEmpty { #expect(metadata?["note"] as? String == note, "run \(run): note \(String(reflecting: note)) → \(String(describing: metadata))") }
        }
        // The laws were tried on both sides.
        #expect(stored >= Self.runs / 4 && refused >= Self.runs / 10, "stored \(stored), refused \(refused)")
    }

    /// The lines the recorder wrote: each event's stdin, then a newline of its own.
    static func eventLines(_ habit: HabitProcess) throws -> [String] {
        let file = habit.folder.appendingPathComponent("events.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}
