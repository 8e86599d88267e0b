import Foundation
import HabitKit
import Testing
@testable import habit

/// The three fast twins of ArgumentParser — ``FastLog``, ``FastRead``, ``FastStatus`` — held to
/// their rule on generated command lines (issue 48, "Twins earn their place"): for every random
/// line one of them takes, the line run with the fast paths and run with ArgumentParser alone
/// gives the same exit status, stdout, stderr and, at the end, the same store. A line none of
/// them takes is read by ArgumentParser either way, so only taken lines are run (both ways); the
/// generator mixes the words, options and values of the plain forms with the ones that must be
/// left to ArgumentParser (unknown, repeated, `=`-joined, empty, dash-led, out of range).
@Suite struct FastPathPropertyTests {
    static let seed: UInt64 = 48
    /// Lines taken by a fast path that are run both ways.
    static let takenLines = 160

    struct Lines {
        var rng: SeededRandom

        mutating func pick(_ items: [String]) -> String { items[rng.int(0...(items.count - 1))] }

        static let durations = ["10m", "1h30m", "20", "-5m", "0m", "90s", "1h", "25m", "abc", "3h", "10M", "1.5h"]
        static let times = ["07:30", "25:00", "23:59", "yesterday 22:00", "2025-10-26T08:00", "now", "7", "", "00:00", "2025-10-25 21:00"]
        static let days = ["-1", "today", "2025-10-01", "tomorrow", "2200-01-01", "yesterday", "0", "x", "2025-10-26", "-400"]
        static let notes = ["retreat", "a\u{1B}b", "", "--json", "ü", "two words", "-x"]
        static let sources = ["dev.habit.watch", "dev.habit", "not a source", "com.example", "dev.habit.", "DEV.HABIT.x"]
        static let stores = ["@DIR/h.sqlite", "@DIR/other.sqlite", "@DIR/none/x.sqlite", "", "-x", "@DIR"]
        static let mets = ["3", "40", "1", "0.5", "abc", "1e2", "3.5", "-3", "100"]
        static let amounts = ["3", "3glasses", "3kg", "0.5", "-1", "1e3", "", "2", "25m", "x"]

        /// A `habit log …` line: a command or habit word, its words, and options in any order.
        mutating func log() -> [String] {
            let command = pick(["meditate", "meditate", "workout", "workout", "alcohol", "noalc", "floss", "water", "reading", "flos",
                                "list", "help", "Meditate", "--json"])
            var words: [String] = []
            for _ in 0..<rng.int(0...2) {
                switch command {
                case "meditate", "Meditate": words.append(pick(Self.durations))
                case "workout": words.append(rng.chance(0.6) ? pick(["yoga", "hiit", "run", "swim", "weights", "Yoga", "cycling"]) : pick(Self.durations))
                case "alcohol", "noalc": words.append(pick(["0", "1", "2", "steady", "many", "-1", "10", "easy"]))
                default: words.append(pick(Self.amounts))
                }
            }
            if command == "workout", rng.chance(0.6) { words.append(pick(Self.durations)) }
            var options: [[String]] = []
            for _ in 0..<rng.int(0...3) {
                switch rng.int(0...11) {
                case 0: options.append(["--at", pick(Self.times)])
                case 1: options.append(["--end", pick(Self.times)])
                case 2: options.append(["--date", pick(Self.days)])
                case 3: options.append(["--note", pick(Self.notes)])
                case 4: options.append(["--source", pick(Self.sources)])
                case 5: options.append(["--db", pick(Self.stores)])
                case 6: options.append(["--met", pick(Self.mets)])
                case 7, 8: options.append(["--json"])
                case 9: options.append([pick(["--unknown", "-h", "--at=07:00", "--help", "--db=", "--"])])
                case 10: options.append(["--at"])  // an option without its value
                default: options.append([pick(Self.durations)])
                }
            }
            var line = ["log", command] + words
            for option in options.shuffled(using: &rng) { line += option }
            return line
        }

        /// A `streak`, `today`, `calendar`, `score` or `status` line with flags and options in any order.
        mutating func read() -> [String] {
            var line = [pick(["streak", "today", "calendar", "score", "status", "status", "Streak"])]
            for _ in 0..<rng.int(0...3) {
                switch rng.int(0...9) {
                case 0, 1: line.append("--json")
                case 2: line.append("--all-sources")
                case 3: line.append(pick(["--short", "--year"]))
                case 4, 5: line += ["--format", pick(["plain", "json", "waybar", "i3blocks", "tmux", "WAYBAR", "x", ""])]
                case 6: line += ["--db", pick(Self.stores)]
                case 7: line += [pick(["--habit", "--tag"]), pick(["floss", "morning", "nope"])]
                case 8: line.append(pick(["-h", "--help", "--json=true", "extra", "2025-10", "--", "--db", "--format"]))
                default: line.append(pick(["--json", "--short", "--year", "--all-sources"]))
                }
            }
            return line
        }
    }

    /// Whether a fast path takes `line` (as `main` asks them).
    static func taken(_ line: [String]) -> Bool {
        FastLog.plan(line) != nil || FastStatus.plan(line) != nil || FastRead.plan(line) != nil
    }

    @Test func everyGeneratedLineAFastPathTakesReadsAsArgumentParserReadsIt() throws {
        let fast = try HabitProcess()
        let slow = try HabitProcess()
        defer { fast.cleanUp(); slow.cleanUp() }
        try FastLogTests.prepare([fast, slow], [["add", "floss", "--tag", "morning"], ["add", "water", "--unit", "glass", "--at-least", "8"],
                                                ["add", "reading", "--unit", "min", "--at-least", "150", "--per", "week"]])
        var lines = Lines(rng: SeededRandom(seed: Self.seed))
        var run = 0, tried = 0, kinds: Set<String> = []
        while run < Self.takenLines, tried < 20_000 {
            tried += 1
            let line = lines.rng.chance(0.5) ? lines.log() : lines.read()
            // The fast paths read `@DIR` as any other text: a plan for it is a plan for the real folder.
            guard Self.taken(line) else { continue }
            run += 1
            kinds.insert((line[0] == "log" ? "log " + line[1] : line[0]) + (line.contains("--json") ? " --json" : ""))
            try FastStatusTests.expectBothReadingsAgree([line], fast: fast, slow: slow, masking: FastLogTests.masked)
        }
        #expect(run == Self.takenLines)
        // Every fast path was exercised: each log form and each read.
        #expect(kinds.isSuperset(of: ["log meditate", "log workout", "log alcohol", "log floss", "streak", "today", "calendar", "score", "status",
                                      "log meditate --json", "streak --json", "today --json", "calendar --json", "score --json"]), "\(kinds.sorted())")
        let exports = try [fast, slow].map { try $0.run(["export", "--format", "ndjson", "--all-sources"], env: ["HABIT_NOW": FastLogTests.now]) }
        #expect(FastLogTests.masked(exports[0].stdout).split(separator: "\n").sorted()
                == FastLogTests.masked(exports[1].stdout).split(separator: "\n").sorted())
    }
}
