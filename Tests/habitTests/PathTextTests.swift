import Foundation
import Testing
@testable import habit

/// ``PathText`` against Foundation: the kept answers' keys and the pending journal's stores were
/// made with `URL(fileURLWithPath:).standardizedFileURL.path`, and must stay the same text.
@Suite struct PathTextTests {
    @Test(arguments: [
        "/home/a/.local/share/habit/habit.sqlite", "/h.sqlite", "/", "//x//y.sqlite", "/a/./b/../c.sqlite", "/a/b/",
        "/../x.sqlite", "/a/../../b", "h.sqlite", "./h.sqlite", "../h.sqlite", "a/b/../c", "dir/", ".", "..",
        "/a/b c/ü ñ.sqlite", "/a/.hidden/..x/x..", "/a/.../b",
    ])
    func absoluteIsWhatFoundationsStandardizedPathIs(_ path: String) {
        #expect(PathText.absolute(path) == URL(fileURLWithPath: path).standardizedFileURL.path, "\(path)")
    }
}
