import Foundation
import GRDB
import Testing
@testable import HabitKit
@testable import habit

/// The two parsers of what other hands type or print, fuzzed: `habit ask`'s answer lines (stdin,
/// Standards/ask.md) and a command habit's output (Standards/automation.md). Laws: they never
/// trap; an answer line is read the same way twice, its note has no whitespace around it and no
/// line break; a command's number is finite, never negative and in the stored range; and `habit ask`
/// driven by hostile lines ends with 0 or 65, one stderr line a refused answer, the store whole.
/// `ANSWER_FUZZ_SEED` / `ANSWER_FUZZ_RUNS` change the seed (23) and the runs.
@Suite struct AnswerFuzzTests {
    static let seed = UInt64(ProcessInfo.processInfo.environment["ANSWER_FUZZ_SEED"] ?? "") ?? 23
    static let runs = Int(ProcessInfo.processInfo.environment["ANSWER_FUZZ_RUNS"] ?? "") ?? 20_000

    static let pieces = ["y", "n", "s", "q", "?", "yes", "no", "skip", "help", "quit", "Y", "#", "##", " ", "  ", "\t", "25", "y 25",
                         "2.5", ".5", "5.", "-1", "1e400", "nan", "inf", "0x10", "٣", "25m", "1h30m", "hiit", "steady", "wild", "3 drinks",
                         "é", "😀", "\u{1B}[2J", "\u{0}", "\r", "\u{202E}", "\u{FEFF}", "%s%n", "'", "\"", "\\", String(repeating: "9", count: 400),
                         String(repeating: "x", count: 3000)]

    static func line(_ rng: inout SeededRandom) -> String {
        (0..<rng.int(0...6)).map { _ in pieces[rng.int(0...(pieces.count - 1))] }.joined(separator: rng.chance(0.5) ? " " : "")
    }

    @Test func answerLinesAreReadTheSameWayAndNeverTrap() {
        var rng = SeededRandom(seed: Self.seed)
        var answers = 0, notes = 0
        for _ in 0..<Self.runs {
            let text = Self.line(&rng)
            let answer = AskAnswer(text)
            #expect(answer == AskAnswer(text), "\(text.debugDescription)")
            guard let answer else { continue }
            answers += 1
            if let note = answer.note {
                notes += 1
                #expect(!note.isEmpty && note == note.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            }
            if case .yes(let amount?) = answer.reply {
                // One space between its words, none around them.
                #expect(!amount.isEmpty && !amount.contains("#") && !amount.contains("  ")
                        && amount.split(separator: " ").allSatisfy { !$0.contains(where: \.isWhitespace) }
                        && amount == amount.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.debugDescription)")
            }
        }
        #expect(answers > Self.runs / 3 && notes > 100, "answers \(answers), notes \(notes)")
    }

    @Test func aCommandsOutputIsOneNumberInRangeOrAFailure() {
        var rng = SeededRandom(seed: Self.seed &+ 1)
        let chunks: [[UInt8]] = ["3", "2.5", ".5", "5.", "-1", "+1", "1e3", "nan", "inf", "0x1F", " ", "\n", "\t", "\r", "\0", "٣", "1,5",
                                 String(repeating: "9", count: 39), String(repeating: "9", count: 41), "\u{1B}[2J"].map { Array($0.utf8) }
        var values = 0
        for _ in 0..<Self.runs {
            var output: [UInt8] = []
            for _ in 0..<rng.int(0...4) { output += chunks[rng.int(0...(chunks.count - 1))] }
            if rng.chance(0.1) { output += (0..<rng.int(1...64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
            let exit: CommandExit = rng.chance(0.8) ? .exited(Int32(rng.int(0...2))) : .signalled(9)
            let quantity = rng.chance(0.7), truncated = rng.chance(0.05)
            let outcome = CommandHabit.outcome(quantity: quantity, exit: exit, output: output, truncated: truncated)
            #expect(outcome == CommandHabit.outcome(quantity: quantity, exit: exit, output: output, truncated: truncated))
            switch outcome {
            case .value(let x):
                values += 1
                #expect(quantity && !truncated && x.isFinite && x >= 0 && x < StoredNumbers.magnitude, "\(output)")
            case .done, .notDone:
                #expect(!quantity, "\(output)")
            case .failure(let why):
                #expect(!why.isEmpty && !why.contains("\n") && why.count < 200, "\(why.debugDescription)")
            }
        }
        #expect(values > 100, "values \(values)")
    }

    /// `habit ask` from a script of hostile lines: never a crash, exit 0 or 65, one stderr line per
    /// refused answer plus the closing one, the store's integrity intact, every answer written as
    /// a valid entry (doctor finds nothing wrong).
    @Test func askDrivenByHostileLinesKeepsTheStoreWhole() throws {
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["add", "read", "--unit", "page"], env: AskTests.before)
        var rng = SeededRandom(seed: Self.seed &+ 2)
        for round in 0..<6 {
            let lines = (0..<30).map { _ in Self.line(&rng).replacingOccurrences(of: "\n", with: " ") }
            let input = lines.filter { AskAnswer($0)?.reply != .quit }.joined(separator: "\n") + "\n"
            let r = try AskTests.ask(habit, ["week", "--json"], input: input)
            #expect(r.status == 0 || r.status == 65, "round \(round): \(r.status) \(r.stderr)")
            if r.status == 65 {
                #expect(r.stderr.split(separator: "\n").last?.contains("not understood") == true, "round \(round): \(r.stderr)")
            }
            let doctor = try habit.run(["doctor"], env: AskTests.now)
            #expect(doctor.status == 0, "round \(round): \(doctor.stdout) \(doctor.stderr)")
        }
        let queue = try DatabaseQueue(path: habit.db)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    /// A script written with CRLF line ends, or with tabs between words, answers as one with
    /// spaces and LF does (found by the law above: `y\r` was an amount).
    @Test func crlfAndTabsAnswerAsSpacesDo() throws {
        #expect(AskAnswer("y\r") == AskAnswer("y") && AskAnswer("y\t25 # a note\r") == AskAnswer("y 25 # a note"))
        #expect(AskAnswer("hiit\t25m") == AskAnswer("hiit 25m") && AskAnswer(" \r") == nil)
        let habit = try AskTests.store()
        defer { habit.cleanUp() }
        let r = try AskTests.ask(habit, ["floss", "water"], input: "y # before bed\r\ny\t3\r\n")
        #expect(r.status == 0 && r.stdout == "floss 2026-11-26: yes # before bed\nwater 2026-11-26: 3 glasses\n", "\(r.stdout) \(r.stderr)")
    }
}
