import Foundation
import Testing
@testable import HabitKit

/// Issue 23: the sync folder fuzzed as the command line is. A real device's file (sessions, a
/// workout with its energy, an own habit, a skip, settings, a reminder, a deletion) is mutated —
/// bytes flipped, lines cut, repeated, swapped, numbers and UUIDs replaced — and another store
/// syncs it. Laws: habit never crashes or hangs, answers with a status it names, at most one line
/// on stderr for a failure, and every listing still works on what it stored.
@Suite(.serialized) struct SyncFolderFuzzTests {
    static let statuses: Set<Int32> = [0, 65, 69, 74, 77]
    static let numbers = ["1e300", "-1", "1e19", "NaN", "Infinity", "-0", "0", "99999999999999999999", "2.5", "\"7\"", "null", "true"]

    static func mutate(_ lines: [String], _ rng: inout SeededRandom) -> [String] {
        var lines = lines
        for _ in 0..<rng.int(1...3) {
            guard !lines.isEmpty else { break }
            let i = rng.int(0...(lines.count - 1))
            switch rng.int(0...7) {
            case 0: lines.remove(at: i)
            case 1: lines.insert(lines[i], at: rng.int(0...lines.count))
            case 2: lines.swapAt(i, rng.int(0...(lines.count - 1)))
            case 3: lines[i] = String(lines[i].prefix(rng.int(0...lines[i].count)))
            case 4:  // a number replaced
                var bytes = Array(lines[i].utf8)
                if let at = bytes.indices.filter({ (48...57).contains(bytes[$0]) }).randomElement(using: &rng) {
                    var end = at
                    while end < bytes.count, (48...57).contains(bytes[end]) || bytes[end] == 46 { end += 1 }
                    bytes.replaceSubrange(at..<end, with: Array(numbers[rng.int(0...(numbers.count - 1))].utf8))
                }
                lines[i] = String(decoding: bytes, as: UTF8.self)
            case 5:  // a UUID replaced by another line's or a new one
                if let range = lines[i].range(of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, options: .regularExpression) {
                    let other = lines[rng.int(0...(lines.count - 1))]
                    let replacement = other.range(of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, options: .regularExpression)
                        .map { String(other[$0]) } ?? UUID().uuidString.lowercased()
                    lines[i].replaceSubrange(range, with: replacement)
                }
            case 6:  // a byte flipped
                var bytes = Array(lines[i].utf8)
                if !bytes.isEmpty { bytes[rng.int(0...(bytes.count - 1))] ^= UInt8(1 << rng.int(0...6)) }
                lines[i] = String(decoding: bytes, as: UTF8.self)
            default:  // a control character or a long string in a value
                if let quote = lines[i].range(of: "\":\"") {
                    lines[i].insert(contentsOf: rng.chance(0.5) ? "\\u001b[2J" : String(repeating: "é", count: 3000), at: quote.upperBound)
                }
            }
        }
        return lines
    }

    @Test func aMutatedPeerFileNeverCrashesAndLeavesAStoreThatLists() throws {
        let devices = try SyncTests.Devices()
        defer { devices.cleanUp() }
        for command in [["log", "meditate", "10m", "--note", "calm"], ["log", "workout", "hiit", "25m"], ["add", "water", "--unit", "glass"],
                        ["log", "water", "3"], ["skip", "water", "today"], ["config", "set", "weight", "72"],
                        ["remind", "add", "meditate", "20:00"], ["log", "meditate", "5m"], ["undo"]] {
            #expect(try devices.run(0, command).status == 0, "\(command)")
        }
        try devices.sync(0)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: devices.folder.path).first { $0.hasSuffix(".ndjson") })
        let path = devices.folder.appendingPathComponent(name)
        let original = String(decoding: try Data(contentsOf: path), as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(original.count >= 8)
        var rng = SeededRandom(seed: UInt64(ProcessInfo.processInfo.environment["SYNC_FUZZ_SEED"].flatMap(UInt64.init) ?? 5))
        let runs = Int(ProcessInfo.processInfo.environment["SYNC_FUZZ_RUNS"] ?? "") ?? 60
        for run in 0..<runs {
            let lines = Self.mutate(original, &rng)
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: path)
            // A new reader each time (its own store), or the same one reading on (file replaced).
            let reader = run % 3 == 0 ? devices.stores[1] : devices.stores[2]
            if run % 3 == 0 { try? FileManager.default.removeItem(atPath: reader.db) }
            let result = try reader.run(["sync", devices.folder.path], env: ["HABIT_NOW": devices.now])
            let context = "run \(run): \(lines.joined(separator: "\n").prefix(2000))"
            #expect(Self.statuses.contains(result.status), "status \(result.status) \(result.stderr) \(context)")
            if result.status != 0 {
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr) \(context)")
            }
            #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "\(context)")
            for command in [["timeline", "--days", "30"], ["log", "list", "--all-sources", "--days", "30"], ["changes", "--since", "0"],
                            ["streak"], ["remind", "list"], ["export", "--format", "ndjson", "--all-sources"]] {
                let listed = try reader.run(command, env: ["HABIT_NOW": devices.now])
                #expect(listed.status == 0 || listed.status == 66, "\(command): \(listed.status) \(listed.stderr) \(context)")
            }
        }
    }
}
