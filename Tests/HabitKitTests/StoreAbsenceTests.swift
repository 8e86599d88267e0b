import Foundation
import Testing
@testable import HabitKit

/// Issue 46, point 1: the list of stores habit made, and the rule that tells a drive that is not
/// mounted from a deleted folder (Standards/access.md, "Missing").
@Suite struct StoreAbsenceTests {
    /// Unmounted only when habit listed the store with a device and its place is on another one now.
    @Test func onlyAStoreListedOnAnotherDeviceIsUnmounted() {
        #expect(StoreAbsence.isUnmounted(remembered: .listed(7), nearest: 8))
        #expect(!StoreAbsence.isUnmounted(remembered: .listed(7), nearest: 7))  // deleted: made again
        #expect(!StoreAbsence.isUnmounted(remembered: .listed(nil), nearest: 8))  // an older habit's line: no device known
        #expect(!StoreAbsence.isUnmounted(remembered: nil, nearest: 8))  // never made here: a first run
        #expect(!StoreAbsence.isUnmounted(remembered: .listed(7), nearest: nil))
    }

    /// The nearest existing folder's device is the folder's own when it is there, else its parent's.
    @Test func theNearestExistingFolderIsLookedAt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("absence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var info = stat()
        #expect(stat(root.path, &info) == 0)
        #expect(StoreAbsence.device(nearest: root.appendingPathComponent("gone/deeper").path) == UInt64(info.st_dev))
        #expect(StoreAbsence.device(nearest: root.path) == UInt64(info.st_dev))
    }

    /// The list: a store is remembered once with its device (a new device replaces the line), an
    /// older habit's line (the path alone) reads as listed without a device, and a forgotten store
    /// leaves the other lines as they were.
    @Test func storesAreRememberedReplacedAndForgotten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stores-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let list = PendingJournalFile(folder: root.path)
        try list.remember(store: "/a/h.sqlite", device: 7)
        try list.remember(store: "/a/h.sqlite", device: 7)
        try list.remember(store: "/b c/h.sqlite", device: 9)
        #expect(try String(contentsOfFile: list.storesPath, encoding: .utf8) == "7 /a/h.sqlite\n9 /b c/h.sqlite\n")
        try list.remember(store: "/a/h.sqlite", device: 8)
        #expect(list.remembered(store: "/a/h.sqlite") == .listed(8))
        try "9 /b c/h.sqlite\n/old/h.sqlite\n8 /a/h.sqlite\n".write(toFile: list.storesPath, atomically: false, encoding: .utf8)
        #expect(list.remembered(store: "/old/h.sqlite") == .listed(nil))
        #expect(list.remembered(store: "/h.sqlite") == nil)
        try list.forget(store: "/b c/h.sqlite")
        #expect(try String(contentsOfFile: list.storesPath, encoding: .utf8) == "/old/h.sqlite\n8 /a/h.sqlite\n")
        try list.remember(store: "/old/h.sqlite", device: 3)
        #expect(try String(contentsOfFile: list.storesPath, encoding: .utf8) == "8 /a/h.sqlite\n3 /old/h.sqlite\n")
    }
}
