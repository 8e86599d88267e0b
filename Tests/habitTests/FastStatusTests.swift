import Foundation
import Testing
@testable import habit

/// `habit status`'s plain forms are read without ArgumentParser (``FastStatus``, for the status
/// bars that poll it). For every line here — plain, refused and left to ArgumentParser — both
/// readings must give the same exit status, stdout and stderr.
@Suite struct FastStatusTests {
    static let lines: [[String]] = [
        ["status"], ["status", "--format", "plain"], ["status", "--format", "json"], ["status", "--format", "waybar"],
        ["status", "--format", "i3blocks"], ["status", "--format", "tmux"], ["status", "--format", "WAYBAR"],
        ["status", "--format"], ["status", "--format", "json", "--format", "plain"], ["status", "--format=json"],
        ["status", "--db", "@DIR/h.sqlite"], ["status", "--db", "@DIR/h.sqlite", "--format", "waybar"],
        ["status", "--format", "json", "--db", "@DIR/h.sqlite"], ["status", "--db", "@DIR/none/x.sqlite", "--format", "json"],
        ["status", "--db", "@DIR/other.sqlite"], ["status", "--db", "-x"], ["status", "--db"], ["status", "--db="],
        ["status", "--tag", "morning"], ["status", "--tag", "nope"], ["status", "--help"], ["status", "-h"], ["status", "extra"],
        ["status", "--json"], ["status", "--format", "json", "extra"], ["status", "--", "--format"],
    ]

    @Test func bothReadingsOfEveryStatusLineAgree() throws {
        let fast = try HabitProcess()
        let slow = try HabitProcess()
        defer { fast.cleanUp(); slow.cleanUp() }
        try FastLogTests.prepare([fast, slow], [["log", "meditate", "10m"], ["add", "floss", "--tag", "morning"], ["log", "floss"],
                                                ["add", "water", "--unit", "glass", "--at-least", "8"], ["log", "water", "3"]])
        try Self.expectBothReadingsAgree(Self.lines, fast: fast, slow: slow)
    }

    /// Each line run both ways (``FastLogTests/bothWays(_:fast:slow:)``): the same status, stdout
    /// and stderr, each process's folder written `@DIR`.
    /// `masking` hides what differs between two runs by chance (entry ids).
    static func expectBothReadingsAgree(_ lines: [[String]], fast: HabitProcess, slow: HabitProcess,
                                        masking: (String) -> String = { $0 }) throws {
        for line in lines {
            let (a, b) = try FastLogTests.bothWays(line, fast: fast, slow: slow)
            #expect(a.status == b.status, "\(line)")
            #expect(masking(a.stdout.replacingOccurrences(of: fast.folder.path, with: "@DIR"))
                    == masking(b.stdout.replacingOccurrences(of: slow.folder.path, with: "@DIR")), "\(line)")
            #expect(masking(a.stderr.replacingOccurrences(of: fast.folder.path, with: "@DIR"))
                    == masking(b.stderr.replacingOccurrences(of: slow.folder.path, with: "@DIR")), "\(line)")
        }
    }

    /// The plan: the plain forms run without ArgumentParser; anything else is left to it.
    @Test(arguments: [
        (["status"], true), (["status", "--format", "waybar"], true), (["status", "--db", "/tmp/x.sqlite", "--format", "tmux"], true),
        (["status", "--format", "Waybar"], false), (["status", "--format"], false), (["status", "--tag", "a"], false),
        (["status", "--format", "json", "--format", "json"], false), (["status", "--db", "-"], false), (["status", "--db", ""], false),
        (["status", "--help"], false), (["status", "x"], false), (["streak"], false), ([], false), (["log", "status"], false),
    ])
    func thePlainFormsAreTheOnlyOnesReadWithoutArgumentParser(_ line: [String], plain: Bool) {
        #expect((FastStatus.plan(line) != nil) == plain, "\(line)")
    }
}
