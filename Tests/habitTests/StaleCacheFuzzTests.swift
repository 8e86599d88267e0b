import Foundation
import Testing
@testable import habit
import HabitKit

/// Issue 25: the answers file of degraded mode fuzzed as the sync folder is
/// (`SyncFolderFuzzTests`). A real file (every format of `status`, `today`, `streak`, `calendar`)
/// is mutated — bytes flipped, cut, repeated, swapped, counts and instants replaced, garbage
/// inserted — and read back. Laws: habit never crashes, a corrupt file is never shown: every
/// answer is either the intact one, marked, or the answer as without a cache.
@Suite(.serialized) struct StaleCacheFuzzTests {
    static let commands = [["status"], ["status", "--format", "json"], ["status", "--format", "waybar"], ["status", "--format", "i3blocks"],
                           ["status", "--format", "tmux"], ["today"], ["today", "--json"], ["streak"], ["calendar", "--json"]]

    static func mutate(_ original: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var bytes = original
        for _ in 0..<rng.int(1...3) {
            guard !bytes.isEmpty else { break }
            let i = rng.int(0...(bytes.count - 1))
            switch rng.int(0...7) {
            case 0: bytes = Array(bytes.prefix(i))  // cut
            case 1: bytes[i] ^= UInt8(1 << rng.int(0...7))  // a bit flipped
            case 2:  // a run repeated elsewhere
                let run = Array(bytes[i..<min(bytes.count, i + rng.int(1...200))])
                bytes.insert(contentsOf: run, at: rng.int(0...bytes.count))
            case 3:  // two runs swapped
                let j = rng.int(0...(bytes.count - 1))
                let (a, b) = (min(i, j), max(i, j))
                let n = min(rng.int(1...40), b - a, bytes.count - b)
                if n > 0 {
                    let first = Array(bytes[a..<(a + n)])
                    bytes.replaceSubrange(a..<(a + n), with: bytes[b..<(b + n)])
                    bytes.replaceSubrange(b..<(b + n), with: first)
                }
            case 4:  // a digit replaced by a number
                if let at = bytes.indices.filter({ (48...57).contains(bytes[$0]) }).randomElement(using: &rng) {
                    let numbers = ["0", "00", "-1", "9999999", "99999999999999999999", "1e3", " ", ""]
                    bytes.replaceSubrange(at...at, with: Array(numbers[rng.int(0...(numbers.count - 1))].utf8))
                }
            case 5:  // an instant replaced
                let text = String(decoding: bytes, as: UTF8.self)
                if let range = text.range(of: "2026-11-25T14:02:00+01:00") {
                    let instants = ["2026-13-25T14:02:00+01:00", "2026-11-25T14:02:00", "9999-11-25T14:02:00+01:00", "x", "2026-11-25T14:02:00+25:00"]
                    bytes = Array(text.replacingCharacters(in: range, with: instants[rng.int(0...(instants.count - 1))]).utf8)
                }
            case 6:  // garbage: invalid UTF-8, NUL, newlines, escape codes
                let garbage: [[UInt8]] = [[0xFF, 0xFE], [0], [0x0A, 0x0A], Array("\u{1B}[2J".utf8), [0xC3], Array(repeating: 0x41, count: 3000)]
                bytes.insert(contentsOf: garbage[rng.int(0...(garbage.count - 1))], at: i)
            default: bytes.remove(at: i)
            }
        }
        return bytes
    }

    /// In the library's reading: never a crash, and every entry read is one that was written.
    @Test func aMutatedFileDecodesToNothingOrToEntriesThatWereWritten() {
        let entries = (0..<6).map { n in
            AnswerFile.Entry(key: "/s/h.sqlite\n80 plain\nstatus\u{1F}\(n)", kind: AnswerFile.Kind.allCases[n % 5],
                             asOf: "2026-11-25T14:0\(n):00+01:00", body: n % 2 == 0 ? "2 left · ✓meditate \(n)" : "{\"a\":\(n)}\nx")
        }
        let original = AnswerFile.encode(entries)
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["CACHE_FUZZ_SEED"].flatMap(UInt64.init) ?? 7))
        var intact = 0
        for run in 0..<3000 {
            let bytes = Self.mutate(original, &rng)
            guard let decoded = AnswerFile.decode(bytes[...]) else { continue }
            intact += 1
            #expect(decoded.allSatisfy(entries.contains), "run \(run): \(decoded)")
        }
        #expect(intact < 300)  // only cuts at an entry's end (and mutations undone) read as a file
    }

    /// In the binary: with the store's folder gone, each command prints the intact answer, marked,
    /// or the answer as without a cache; exit 0, nothing on stderr, never a crash.
    @Test func aMutatedCacheFileIsNeverShownAndNeverCrashes() throws {
        let habit = try StaleCacheTests.process()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass"]).status == 0)
        #expect(try habit.run(["log", "water", "3"]).status == 0)
        for command in Self.commands { #expect(try habit.run(command).status == 0, "\(command)") }
        let file = StaleCacheTests.cacheFile(habit)
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let (marked, uncached) = try StaleCacheTests.withoutStoreFolder(habit) {
            let marked = try Self.commands.map { try habit.run($0).stdout }
            try FileManager.default.removeItem(atPath: file)
            return (marked, try Self.commands.map { try habit.run($0).stdout })
        }
        #expect(marked.allSatisfy { $0.contains("stale") } && !uncached.contains { $0.contains("stale") })
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["CACHE_FUZZ_SEED"].flatMap(UInt64.init) ?? 11))
        let runs = Int(ProcessInfo.processInfo.environment["CACHE_FUZZ_RUNS"] ?? "") ?? 45
        try StaleCacheTests.withoutStoreFolder(habit) {
            for run in 0..<runs {
                let bytes = Self.mutate(original, &rng)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                let n = run % Self.commands.count
                let result = try habit.run(Self.commands[n])
                let context = "run \(run) \(Self.commands[n]): \(String(decoding: bytes.prefix(600), as: UTF8.self))"
                #expect(result.status == 0 && result.stderr.isEmpty, "\(result) \(context)")
                #expect(result.stdout == marked[n] || result.stdout == uncached[n], "\(result.stdout) \(context)")
            }
        }
    }
}
