import Foundation
import Testing
@testable import HabitKit

/// Issue 46, point 9: a store behind its own sync file (a backup copied back over it in place:
/// same device id, same inode) reads its own lines back; lines of a type left out while it could
/// not be written are read again once it may be. Both failed before: the device never got back
/// what it had sent, and the left-out entries never came; `doctor` said nothing of either.
@Suite(.serialized) struct SyncRereadTests {
    typealias Devices = SyncTests.Devices

    /// The UUIDs of the sample lines in `device`'s own file, as often as the file holds them.
    static func sampleUUIDs(in file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["kind"] as? String == "sample", let sample = object["sample"] as? [String: Any] else { return nil }
            return sample["uuid"] as? String
        }
    }

    static func ownFile(_ devices: Devices, _ device: Int) throws -> URL {
        let result = try devices.json(device, ["sync", devices.folder.path])
        let id = try #require(result["device"] as? String)
        return devices.folder.appendingPathComponent("habit-\(id).ndjson")
    }

    /// `cp backup.sqlite habit.sqlite`: the bytes written over the store file itself (same inode).
    static func copyInPlace(_ backup: String, over store: String) throws {
        let before = try #require(FileIdentity(path: store))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        for side in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + side) }
        #expect(FileIdentity(path: store) == before, "copied in place, as cp does")
    }

    @Test func aBackupCopiedBackInPlaceReadsBackItsOwnLinesAndWritesNoneTwice() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        try devices.run(0, ["log", "meditate", "15m"])  // in the backup, not sent yet
        let backup = devices.stores[0].folder.appendingPathComponent("backup.sqlite").path
        #expect(try devices.run(0, ["backup", backup]).status == 0)
        try devices.sync(0)
        // After the backup: an entry, one undone (a deletion) and a setting, sent, that device 1 gets.
        try devices.run(0, ["log", "meditate", "20m"])
        try devices.run(0, ["log", "meditate", "22m"])
        try devices.sync(0)
        #expect(try devices.run(0, ["undo"]).status == 0)
        #expect(try devices.run(0, ["config", "set", "week-start", "sunday"]).status == 0)
        try devices.sync(0)
        try devices.sync(1)
        #expect(try SyncEdgeTests.entries(devices, 1) == 3)

        try Self.copyInPlace(backup, over: devices.stores[0].db)
        #expect(try SyncEdgeTests.entries(devices, 0) == 2, "the backup's entries")
        let doctor = try devices.run(0, ["doctor"])
        #expect(doctor.stdout.contains("lines this store does not know it wrote"), "\(doctor.stdout)")
        try devices.run(0, ["log", "meditate", "25m"])
        let healed = try devices.run(0, ["sync", devices.folder.path])
        #expect(healed.status == 0, "\(healed.stderr)")
        #expect(healed.stdout.contains("this store did not know it wrote"), "\(healed.stdout)")
        #expect(try SyncEdgeTests.entries(devices, 0) == 4, "its own entry sent after the backup came back")
        #expect(!(try devices.run(0, ["doctor"]).stdout.contains("does not know it wrote")), "healed: doctor finds nothing")

        // Every device converges, and the file holds each entry once: the unsent-at-backup 15m and
        // the lines read back are not written again; the 22m undone after the backup stays gone.
        try devices.sync(1)
        try devices.sync(0)
        try devices.sync(2)
        #expect(try SyncEdgeTests.entries(devices, 1) == 4 && SyncEdgeTests.entries(devices, 2) == 4)
        #expect(try devices.state(0) == devices.state(1))
        #expect(try devices.state(0) == devices.state(2))
        try devices.run(0, ["log", "meditate", "30m"])
        try devices.sync(0)
        try devices.sync(1)
        #expect(try SyncEdgeTests.entries(devices, 0) == 5 && SyncEdgeTests.entries(devices, 1) == 5)
        #expect(try devices.state(0) == devices.state(1))
        let own = try Self.ownFile(devices, 0)
        let uuids = try Self.sampleUUIDs(in: own)
        #expect(uuids.count == 6 && Set(uuids).count == 6, "five entries and the undone one, each once: \(uuids)")
        let files = try FileManager.default.contentsOfDirectory(atPath: devices.folder.path).filter { $0.hasSuffix(".ndjson") }
        #expect(files == [own.lastPathComponent], "the store kept its id (the others had nothing to send)")
    }

    @Test func linesLeftOutWhileATypeWasDeniedAreReadAgainWhenItIsAllowed() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        #expect(try devices.run(1, ["access", "deny", "alcohol", "--write"]).status == 0)
        try devices.run(0, ["log", "alcohol", "2"])
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        let denied = try devices.json(1, ["sync", devices.folder.path])
        #expect(denied["notKept"] as? Int == 1, "\(denied)")
        #expect(try SyncEdgeTests.entries(devices, 1) == 1)
        // Device 0 goes on: device 1 reads past more lines while alcohol stays denied.
        try devices.run(0, ["log", "meditate", "20m"])
        try devices.sync(0)
        try devices.sync(1)
        let doctor = try devices.run(1, ["doctor"])
        #expect(doctor.stdout.contains("1 record of alcohol from device"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("after 'habit access allow TYPE' the next sync reads them again"), "\(doctor.stdout)")

        #expect(try devices.run(1, ["access", "allow", "alcohol", "--write"]).status == 0)
        #expect(try devices.run(1, ["doctor"]).stdout.contains("alcohol may be written now"))
        let allowed = try devices.run(1, ["sync", devices.folder.path])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stdout.contains("again from where records of alcohol were left out"), "\(allowed.stdout)")
        #expect(try SyncEdgeTests.entries(devices, 1) == 3, "the alcohol entry came, once")
        try devices.sync(1)
        #expect(try SyncEdgeTests.entries(devices, 1) == 3)
        #expect(!(try devices.run(1, ["doctor"]).stdout.contains("left out")), "nothing is left out any more")
        try devices.sync(2)
        #expect(try devices.state(0) == devices.state(1))
        #expect(try devices.state(0) == devices.state(2))
    }
}
