import Foundation
import Testing
@testable import HabitKit

/// ``StoreFile/folder(of:)`` against Foundation: the folder every open checks (owner, mode) and
/// the set-up lock lives in must stay the one `URL(fileURLWithPath:).deletingLastPathComponent()` named.
@Suite struct StoreFileFolderTests {
    @Test(arguments: [
        "/home/a/.local/share/habit/habit.sqlite", "/h.sqlite", "/a/b/", "//a//b.sqlite", "/a/./b.sqlite", "/a/gone/../h.sqlite",
        "/a/b c/ü ñ.sqlite", "/a", "/", "//", "/a//", "///a", "h.sqlite", "dir/h.sqlite", "./h.sqlite",
    ])
    func theFolderIsWhatFoundationNames(_ path: String) {
        #expect(StoreFile.folder(of: path) == URL(fileURLWithPath: path).deletingLastPathComponent().path, "\(path)")
    }
}
