import Foundation
import Testing
@testable import HabitKit

/// Issue 23's sync edges: lines sent twice, a file cut off before a workout's line, a line naming
/// a workout that never was, and files that are not regular files (each failed before).
@Suite(.serialized) struct SyncEdgeTests {
    typealias Devices = SyncTests.Devices

    static func file(_ devices: Devices) throws -> URL {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: devices.folder.path)
            .first { $0.hasPrefix("habit-") && $0.hasSuffix(".ndjson") })
        return devices.folder.appendingPathComponent(name)
    }

    static func entries(_ devices: Devices, _ device: Int) throws -> Int {
        HabitsFixture.objects(try devices.json(device, ["log", "list", "--days", "30", "--all-sources"])["entries"]).count
    }

    // Point 12: a sync killed after it appended sends the same lines again; a device that reads the
    // file from its start meets each UUID twice in one run, and applying twice changes nothing.
    @Test func linesSentTwiceAreAppliedOnceAlsoInOneRun() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "workout", "hiit", "25m"])
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        let path = try Self.file(devices)
        let lines = try Data(contentsOf: path)
        var twice = lines
        twice.append(lines)
        try twice.write(to: path)
        let result = try devices.run(1, ["sync", devices.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.entries(devices, 1) == 2)
        #expect(try devices.state(0).components(separatedBy: "\n---\n")[0] == devices.state(1).components(separatedBy: "\n---\n")[0])
        // An ndjson import of a file that holds a workout twice adds it once.
        let again = devices.stores[2].folder.appendingPathComponent("twice.ndjson")
        try twice.write(to: again)
        let imported = try devices.run(2, ["import", again.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Self.entries(devices, 2) == 2)
    }

    // Point 13: a file cut off before a workout's line: the rest is applied, the workout's samples
    // wait, this device still sends, and once the line arrives it is all there.
    @Test func aFileCutBeforeAWorkoutsLineAppliesTheRestAndWaits() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.run(0, ["log", "workout", "hiit", "25m"])
        try devices.sync(0)
        let path = try Self.file(devices)
        let full = try Data(contentsOf: path)
        let text = String(decoding: full, as: UTF8.self)
        let workoutLine = try #require(text.range(of: "{\"kind\":\"workout\""))
        let cut = Data(text[..<workoutLine.lowerBound].utf8)
        try cut.write(to: path)
        try devices.run(1, ["log", "meditate", "15m"])
        let result = try devices.run(1, ["sync", devices.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("waits for a workout"), "\(result.stdout)")
        #expect(try Self.entries(devices, 1) == 2)  // its own session and device 0's meditation
        // Device 1 still sent its lines.
        try devices.sync(0)
        #expect(try Self.entries(devices, 0) == 3)
        // The rest of device 0's file arrives: the workout and its energy come, once.
        try full.write(to: path)
        try devices.sync(1)
        try devices.sync(1)
        #expect(try Self.entries(devices, 1) == 3)
        #expect(try devices.state(0).components(separatedBy: "\n---\n")[0] == devices.state(1).components(separatedBy: "\n---\n")[0])
    }

    // Point 3: a line whose workout is an unknown UUID blocks no sync: it waits and is said.
    @Test func aLineNamingAnUnknownWorkoutBlocksNothing() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.run(0, ["log", "workout", "hiit", "25m"])
        try devices.sync(0)
        let path = try Self.file(devices)
        // The workout's energy line, pointing at a workout no device has; the workout's line gone.
        var kept: [String] = []
        for line in String(decoding: try Data(contentsOf: path), as: UTF8.self).split(separator: "\n").map(String.init) {
            if line.hasPrefix("{\"kind\":\"workout\"") { continue }
            guard let workout = line.range(of: #""workout":""#) else { kept.append(line); continue }
            let uuid = line[workout.upperBound...].prefix(36)
            kept.append(line.replacingOccurrences(of: String(uuid), with: "11111111-2222-4333-8444-555555555555"))
        }
        try Data((kept.joined(separator: "\n") + "\n").utf8).write(to: path)
        try devices.run(1, ["log", "meditate", "15m"])
        for _ in 0..<2 {
            let result = try devices.run(1, ["sync", devices.folder.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("1 entry waits for a workout"), "\(result.stdout)")
        }
        #expect(try Self.entries(devices, 1) == 2)
        try devices.sync(0)
        #expect(try Self.entries(devices, 0) == 3)  // its meditation and workout, and device 1's session
    }

    // Point 2: this device's own file replaced by a FIFO fails at once with one line; a peer file
    // that is a FIFO or a link is left out and the other peers still sync.
    @Test func aFIFOInTheFolderNeverHangsAndOneUnsafePeerFileBlocksNoOther() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        let own = try Self.file(devices)
        try devices.run(1, ["log", "meditate", "12m"])
        try devices.sync(1)
        // Device 0's file becomes a FIFO: device 0's next sync refuses (it would write there) …
        let saved = try Data(contentsOf: own)
        try FileManager.default.removeItem(at: own)
        #expect(mkfifo(own.path, 0o600) == 0)
        try devices.run(0, ["log", "meditate", "11m"])
        let refused = try devices.run(0, ["sync", devices.folder.path])
        #expect(refused.status == 77, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("will not sync with") && !refused.stderr.contains("the store"), "\(refused.stderr)")
        // … and device 2 leaves that file out but applies device 1's lines.
        let result = try devices.run(2, ["sync", devices.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("left out:"), "\(result.stdout)")
        #expect(try Self.entries(devices, 2) == 1)
        // The file is back: device 2 reads it too.
        try FileManager.default.removeItem(at: own)
        try saved.write(to: own)
        try devices.sync(2)
        #expect(try Self.entries(devices, 2) == 2)
    }
}
