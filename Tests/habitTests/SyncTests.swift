import Foundation
import Testing
@testable import HabitKit

/// `habit sync DIR` (issue 13): three stores through random edits, deletions and syncs in random
/// order end identical; torn lines and conflict copies never corrupt anything; a reminder handled
/// on one device is not delivered again on another.
@Suite(.serialized) struct SyncTests {
    /// SplitMix64: a seeded generator, so a failing run can be repeated.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Three devices sharing one folder, one clock that moves on a minute per command.
    final class Devices {
        let stores: [HabitProcess]
        let folder: URL
        var minute = 0

        init() throws {
            stores = try (0..<3).map { _ in try HabitProcess() }
            folder = stores[0].folder.appendingPathComponent("Sync")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        var now: String {
            let t = Date(timeIntervalSince1970: 1_795_000_000 + Double(minute) * 60)
            return Timestamp.format(t, offsetSeconds: 0)
        }

        @discardableResult
        func run(_ device: Int, _ arguments: [String]) throws -> HabitProcess.Result {
            minute += 1
            return try stores[device].run(arguments, env: ["HABIT_NOW": now])
        }

        func sync(_ device: Int) throws {
            let result = try run(device, ["sync", folder.path])
            #expect(result.status == 0, "sync \(device): \(result.stderr)")
        }

        func json(_ device: Int, _ arguments: [String]) throws -> [String: Any] {
            let result = try run(device, arguments + ["--json"])
            guard result.status == 0 else { return [:] }
            return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
        }

        /// What must be the same on every device: the complete export, the settings, the habits,
        /// and the reminders (without the local numbers, which each store gives its own).
        func state(_ device: Int) throws -> String {
            let export = try run(device, ["export", "--format", "ndjson", "--all-sources"]).stdout
            let config = try run(device, ["config", "list", "--json"]).stdout
            let habits = try run(device, ["habits", "--archived", "--json"]).stdout
            var reminders = HabitsFixture.objects(try json(device, ["remind", "list"])["reminders"])
            for i in reminders.indices { reminders[i]["id"] = nil }
            // Listed by their local numbers, which differ: compared as a set.
            let reminderText = try reminders.map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
            }.sorted().joined(separator: "\n")
            return [export, config, habits, reminderText].joined(separator: "\n---\n")
        }

        func cleanUp() { stores.forEach { $0.cleanUp() } }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func threeStoresThroughRandomEditsAndSyncsEndIdentical(seed: UInt64) throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        var random = Seeded(state: seed)
        let names = ["water", "floss", "read"]
        for _ in 0..<45 {
            let d = Int.random(in: 0..<3, using: &random)
            switch Int.random(in: 0..<14, using: &random) {
            case 0, 1: try devices.run(d, ["log", "meditate", "\(Int.random(in: 2...40, using: &random))m"])
            case 2: try devices.run(d, ["log", "alcohol", "\(Int.random(in: 0...4, using: &random))"])
            case 3:
                let name = names.randomElement(using: &random) ?? "water"
                try devices.run(d, name == "water" ? ["add", name, "--unit", "glass", "--at-least", "8"] : ["add", name])
            case 4:
                let own = HabitsFixture.objects(try devices.json(d, ["habits"])["habits"]).filter { $0["kind"] as? String != "builtin" }
                if let habit = own.randomElement(using: &random)?["name"] as? String {
                    try devices.run(d, habit.hasPrefix("water") ? ["log", habit, "3"] : ["log", habit])
                }
            case 5:
                let day = "2026-11-\(Int.random(in: 10...20, using: &random))"
                try devices.run(d, ["skip", ["meditate", "--all"].randomElement(using: &random) ?? "meditate", day].filter { !$0.isEmpty })
            case 6:
                let day = "2026-11-\(Int.random(in: 10...20, using: &random))"
                try devices.run(d, ["unskip", "meditate", day])
            case 7:
                let entries = HabitsFixture.objects(try devices.json(d, ["log", "list", "--days", "30"])["entries"])
                let uuids = entries.compactMap { (($0["sample"] as? [String: Any]) ?? ($0["workout"] as? [String: Any]))?["uuid"] as? String }
                if let uuid = uuids.randomElement(using: &random) { try devices.run(d, ["delete", uuid]) }
            case 8: try devices.run(d, ["config", "set", "weight", "\(Int.random(in: 50...90, using: &random))"])
            case 9: try devices.run(d, ["config", "unset", "weight"])
            case 10:
                try devices.run(d, ["remind", "add", "meditate", String(format: "%02d:%02d", Int.random(in: 6...22, using: &random), 0)])
            case 11:
                let reminders = HabitsFixture.objects(try devices.json(d, ["remind", "list"])["reminders"])
                if let id = reminders.randomElement(using: &random)?["id"] as? Int {
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: try devices.run(d, ["remind", "remove", "\(id)"])
                    case 1: try devices.run(d, ["remind", "pause", "\(id)"])
                    default: try devices.run(d, ["remind", "edit", "\(id)", "--time", "21:30"])
                    }
                }
            case 12: try devices.run(d, ["log", "workout", "hiit", "20m"])
            default: try devices.sync(d)
            }
        }
        for d in [0, 1, 2, 0, 1, 2] { try devices.sync(d) }
        let first = try devices.state(0)
        let states = [first, try devices.state(1), try devices.state(2)]
        if states[1] != first || states[2] != first, let dump = ProcessInfo.processInfo.environment["HABIT_SYNC_DUMP"] {
            for (i, state) in states.enumerated() { try? state.write(toFile: "\(dump)/seed\(seed)-\(i).txt", atomically: true, encoding: .utf8) }
        }
        #expect(states[1] == first, "seed \(seed)")
        #expect(states[2] == first, "seed \(seed)")
        // Nothing is sent again once all agree.
        let quiet = try devices.json(0, ["sync", devices.folder.path])
        #expect(quiet["sent"] as? Int == 0 && quiet["applied"] as? Int == 0)
    }

    @Test func aTornLineWaitsAndAConflictCopyIsReadAsItsDevicesLines() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: devices.folder.path).first)
        let path = devices.folder.appendingPathComponent(file).path
        // The sync tool has copied half of a new line, and left a conflict copy with a foreign line.
        let full = try Data(contentsOf: URL(fileURLWithPath: path))
        try devices.run(0, ["log", "meditate", "20m"])
        try devices.sync(0)
        let grown = try Data(contentsOf: URL(fileURLWithPath: path))
        let torn = grown.prefix(full.count + (grown.count - full.count) / 2)
        let copy = devices.folder.appendingPathComponent(file.replacingOccurrences(of: ".ndjson", with: ".sync-conflict-20261122-101010-ABCDEF.ndjson"))
        try grown.write(to: copy)
        try torn.write(to: URL(fileURLWithPath: path))
        try devices.sync(1)
        // The torn line waits; the conflict copy is read as device 0's lines (issue 23, point 9),
        // so the second session is here already.
        #expect(HabitsFixture.objects(try devices.json(1, ["log", "list", "--days", "30"])["entries"]).count == 2)
        try FileManager.default.removeItem(at: copy)
        // The rest of the line arrives: the next run takes it, once.
        try grown.write(to: URL(fileURLWithPath: path))
        try devices.sync(1)
        try devices.sync(1)
        #expect(HabitsFixture.objects(try devices.json(1, ["log", "list", "--days", "30"])["entries"]).count == 2)
        // A line that is no line of habit's is left out and said; the others are applied.
        var broken = grown
        broken.append(Data("{\"kind\":\"sample\",\"sample\":{\"uuid\":\"not-a-uuid\"}}\n".utf8))
        try broken.write(to: URL(fileURLWithPath: path))
        let result = try devices.run(1, ["sync", devices.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 line not understood and left out"), "\(result.stdout)")
    }

    /// A file of more samples and workouts than one thread decodes (issue 28) is decoded on a
    /// second thread while it is applied: the same store comes out, every workout's samples (the
    /// file lists them before their workout) wait for it and are stored, and the lines not
    /// understood — one among the bulk, one before it — are said in the file's order.
    @Test func aLargeFileIsAppliedWhileItIsDecodedAsASmallOneIs() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        #expect(try devices.run(0, ["demo", "--days", "1600"]).status == 0)
        try devices.run(0, ["config", "set", "grace", "30"])
        try devices.sync(0)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: devices.folder.path).first)
        let url = devices.folder.appendingPathComponent(file)
        var lines = try Data(contentsOf: url).split(separator: 0x0A).map { Data($0) }
        let bulk = lines.filter { SyncLine.opensAsSampleOrWorkout(Array($0)) }.count
        #expect(bulk > SyncLine.twoThreadsFromLines, "\(bulk) sample and workout lines")
        lines.insert(Data("{\"kind\":\"sample\",\"sample\":{\"uuid\":\"not-a-uuid\"}}".utf8), at: 3000)
        lines.insert(Data("{\"kind\":\"nonsense\"}".utf8), at: 10)
        try Data(lines.joined(separator: Data([0x0A])) + Data([0x0A])).write(to: url)
        let result = try devices.run(1, ["sync", devices.folder.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try #require(json["skipped"] as? [String])
        #expect(skipped.count == 2)
        #expect(skipped.first?.hasPrefix("\(file), new line 11: ") == true, "\(skipped)")
        #expect(skipped.last?.hasPrefix("\(file), new line 3002: ") == true, "\(skipped)")
        #expect(json["applied"] as? Int == lines.count - 2, "\(json)")
        #expect(try devices.state(1) == devices.state(0))
    }

    @Test func aReminderDeliveredOnOneDeviceIsNotDeliveredOnAnother() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        // The day after the reminder is made (made during the day, today's 06:00 is before it).
        let made = try #require(LocalDay(Timestamp.format(Date(timeIntervalSince1970: 1_795_000_000), offsetSeconds: 0).prefix(10)))
        let day = made.adding(days: 1).description
        #expect(try devices.run(0, ["remind", "add", "meditate", "06:00"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        // Both devices' cron runs at 06:05 on the same day; the first one delivers.
        let at = ["HABIT_NOW": "\(day)T06:05:00+00:00", "TZ": "UTC"]
        let first = try devices.stores[0].run(["remind", "check"], env: at)
        #expect(first.status == 0 && first.stdout.contains("Meditate"), "\(first.stdout) \(first.stderr)")
        try devices.sync(0)
        try devices.sync(1)
        let second = try devices.stores[1].run(["remind", "check"], env: at)
        #expect(second.status == 0 && second.stdout.isEmpty, "\(second.stdout) \(second.stderr)")
    }

    @Test func aFolderOthersCanWriteIsRefused() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: devices.folder.path)
        let result = try devices.run(0, ["sync", devices.folder.path])
        #expect(result.status == 77, "\(result.stderr)")
        #expect(result.stderr.contains("writable by others"))
        #expect(!FileManager.default.fileExists(atPath: devices.stores[0].db))
    }
}
