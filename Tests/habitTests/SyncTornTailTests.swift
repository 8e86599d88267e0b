import Foundation
import Testing
@testable import HabitKit

/// Issue 46, point 2: a torn last line in this device's own sync file (a sync that died, or hit a
/// full disk, while it appended) is cut off by the next append, so no peer ever meets a line glued
/// to it, and what the torn line held is sent again (its sync did not commit). Before, the append
/// opened the file write-only and could not read its last byte: the next line was glued on.
@Suite(.serialized) struct SyncTornTailTests {
    typealias Devices = SyncTests.Devices

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("habit-torn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }

    /// Every line of `file` is a JSON object and the file ends with a newline.
    static func everyLineIsWhole(_ file: URL) throws -> Bool {
        let data = try Data(contentsOf: file)
        guard data.last == 0x0A else { return false }
        return data.split(separator: 0x0A).allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0))) is [String: Any] }
    }

    @Test(arguments: [
        ("{\"a\":1}\n{\"b\":", "{\"a\":1}\n{\"c\":3}\n"),    // a torn line after complete ones
        ("{\"torn", "{\"c\":3}\n"),                           // a file that is one torn line
        ("", "{\"c\":3}\n"),                                  // empty
        ("{\"a\":1}\n", "{\"a\":1}\n{\"c\":3}\n"),            // whole: only appended to
    ])
    func anAppendCutsATornLastLineAndWritesWholeLines(before: String, after: String) throws {
        let url = try Self.folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let device = "11111111-2222-4333-8444-555555555555"
        let file = url.appendingPathComponent(SyncFolder.fileName(device: device))
        try Data(before.utf8).write(to: file)
        let folder = try SyncFolder(path: url.path)
        try folder.append([Array("{\"c\":3}".utf8)], device: device)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == after)
    }

    @Test func aTornLineLongerThanTheReadBackIsCutWhole() throws {
        let url = try Self.folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let device = "11111111-2222-4333-8444-555555555555"
        let file = url.appendingPathComponent(SyncFolder.fileName(device: device))
        try Data(("{\"a\":1}\n{\"b\":\"" + String(repeating: "x", count: 10_000)).utf8).write(to: file)
        try SyncFolder(path: url.path).append([Array("{\"c\":3}".utf8)], device: device)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "{\"a\":1}\n{\"c\":3}\n")
    }

    /// A sync killed while it appended leaves the first part of a line; the next sync cuts it and
    /// sends its entries again, and a peer reads every entry and no line it does not understand.
    @Test func aTornLineInThisDevicesFileIsCutAndPeersReadEveryEntry() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)
        let file = try SyncEdgeTests.file(devices)
        let whole = try Data(contentsOf: file)
        try devices.run(0, ["log", "meditate", "15m"])
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: whole.prefix(whole.count / 2))  // the torn start of a line
        try handle.close()
        try devices.sync(0)
        #expect(try Self.everyLineIsWhole(file))
        let peer = try devices.run(1, ["sync", devices.folder.path])
        #expect(peer.status == 0 && !peer.stdout.contains("not understood"), "\(peer.stdout)\(peer.stderr)")
        #expect(try SyncEdgeTests.entries(devices, 1) == 2)
    }

    /// On a real full disk (a tmpfs of its own, mounted where the process may: root, as in CI) a
    /// sync cut inside a line fails with the disk's error and leaves no torn line; once there is
    /// room the next sync sends it all and a peer gets every entry.
    @Test func aSyncCutByAFullDiskLeavesNoTornLineAndPeersGetEveryEntry() throws {
        let devices = try Devices()
        defer { devices.cleanUp() }
        let folder = devices.folder
        guard FullDiskTests.mountTmpfs(size: "8m", on: folder) else {
            print("SyncTornTailTests: cannot mount a tmpfs here (not root?); not checked")
            return
        }
        defer { FullDiskTests.unmount(folder) }
        try devices.run(0, ["log", "meditate", "10m"])
        try devices.sync(0)  // one short line: the file's last page has room for less than 4 KiB more
        let file = try SyncEdgeTests.file(devices)
        // The next sync's first line is longer than that room: the full disk cuts it inside it.
        try devices.run(0, ["log", "meditate", "11m", "--note", String(repeating: "x", count: 4000)])
        for minutes in 12...14 { try devices.run(0, ["log", "meditate", "\(minutes)m"]) }
        FullDiskTests.fill(folder)
        let full = try devices.run(0, ["sync", folder.path])
        #expect(full.status == 74, "\(full.stdout)\(full.stderr)")
        #expect(try Self.everyLineIsWhole(file))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("fill"))
        try devices.sync(0)
        #expect(try Self.everyLineIsWhole(file))
        let peer = try devices.run(1, ["sync", folder.path])
        #expect(peer.status == 0 && !peer.stdout.contains("not understood"), "\(peer.stdout)\(peer.stderr)")
        #expect(try SyncEdgeTests.entries(devices, 1) == 5)
    }
}
