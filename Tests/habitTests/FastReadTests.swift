import Foundation
import Testing
@testable import habit

/// The plain forms of `streak`, `calendar`, `today` and `score` are read without ArgumentParser
/// (``FastRead``). For every line here — plain, refused and left to ArgumentParser — both readings
/// must give the same exit status, stdout and stderr.
@Suite struct FastReadTests {
    static let lines: [[String]] = [
        ["streak"], ["streak", "--json"], ["streak", "--all-sources"], ["streak", "--json", "--all-sources"],
        ["streak", "--db", "@DIR/h.sqlite"], ["streak", "--db", "@DIR/none/x.sqlite"], ["streak", "--db", "@DIR/other.sqlite", "--json"],
        ["streak", "--json", "--json"], ["streak", "--habit", "floss"], ["streak", "--tag", "morning"], ["streak", "--db"],
        ["streak", "--db", "-x"], ["streak", "--help"], ["streak", "extra"], ["streak", "--short"], ["streak", "--json=true"],
        ["today"], ["today", "--short"], ["today", "--json"], ["today", "--short", "--json"], ["today", "--all-sources"],
        ["today", "--short", "--short"], ["today", "--tag", "morning"], ["today", "--db", "@DIR/h.sqlite", "--short"],
        ["today", "--year"], ["today", "-h"],
        ["calendar"], ["calendar", "--year"], ["calendar", "--json"], ["calendar", "--year", "--json"], ["calendar", "--all-sources"],
        ["calendar", "2025-10"], ["calendar", "--habit", "floss"], ["calendar", "--year", "--year"], ["calendar", "--", "--year"],
        ["calendar", "--db", "@DIR/h.sqlite", "--year"], ["calendar", "--db", "@DIR/other.sqlite"], ["calendar", "--short"],
        ["score"], ["score", "--json"], ["score", "floss"], ["score", "--all-sources"], ["score", "--db", "@DIR/h.sqlite", "--json"],
        ["score", "--db", "@DIR/other.sqlite"], ["score", "--json", "--db"],
    ]

    @Test func bothReadingsOfEveryReadLineAgree() throws {
        let fast = try HabitProcess()
        let slow = try HabitProcess()
        defer { fast.cleanUp(); slow.cleanUp() }
        try FastLogTests.prepare([fast, slow], [["log", "meditate", "10m"], ["add", "floss", "--tag", "morning"], ["log", "floss"],
                                                ["add", "water", "--unit", "glass", "--at-least", "8"], ["log", "water", "3"],
                                                ["log", "alcohol", "2"], ["log", "workout", "hiit", "25m"]])
        try FastStatusTests.expectBothReadingsAgree(Self.lines, fast: fast, slow: slow)
        // Neither reading created the stores it was pointed at.
        for process in [fast, slow] {
            #expect(!FileManager.default.fileExists(atPath: process.folder.appendingPathComponent("other.sqlite").path))
        }
    }

    /// The plan: the plain forms run without ArgumentParser; anything else is left to it.
    @Test(arguments: [
        (["streak"], true), (["streak", "--json", "--all-sources"], true), (["streak", "--db", "/tmp/x.sqlite", "--json"], true),
        (["today", "--short"], true), (["today", "--json", "--short", "--all-sources"], true), (["calendar", "--year"], true),
        (["calendar", "--db", "/tmp/x.sqlite"], true), (["score"], true), (["score", "--json"], true),
        (["streak", "--json", "--json"], false), (["streak", "--db"], false), (["streak", "--db", "-"], false), (["streak", "--db", ""], false),
        (["streak", "--db", "/a", "--db", "/b"], false), (["streak", "--short"], false), (["streak", "--habit", "x"], false),
        (["today", "--year"], false), (["calendar", "2025-10"], false), (["calendar", "--short"], false), (["score", "--all-sources"], false),
        (["score", "floss"], false), (["streak", "--help"], false), (["streak", "-h"], false), (["streak", "--json=true"], false),
        (["calendar", "--", "--year"], false), (["status"], false), ([], false), (["log", "streak"], false), (["Streak"], false),
    ])
    func thePlainFormsAreTheOnlyOnesReadWithoutArgumentParser(_ line: [String], plain: Bool) {
        #expect((FastRead.plan(line) != nil) == plain, "\(line)")
    }
}
