import Foundation
import Testing
@testable import HabitKit

/// Issue 46, points 11 and 12: names that look alike are refused or renamed, and a CSV's names
/// reach the summary with their bidi controls escaped.
@Suite struct LookAlikeNameTests {
    static let now = ["HABIT_NOW": "2026-11-25T10:00:00+01:00"]

    /// `add` and `edit --name` refuse a name of mixed scripts (exit 64, one line); full-width
    /// `ｆｌｏｓｓ` is `floss`, then taken.
    @Test func addAndEditRefuseLookAlikes() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "floss"], env: Self.now).status == 0)
        let before = try habit.contents()
        for line in [["add", "flоss"], ["add", "аbc"], ["add", "ｆｌｏｓｓ"], ["edit", "floss", "--name", "flоss"]] {
            let r = try habit.run(line, env: Self.now)
            #expect(r.status == 64, "\(line): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stdout.isEmpty, "\(r.stderr)")
        }
        #expect(try habit.run(["add", "ｆｌｏｓｓ"], env: Self.now).stderr.contains("'floss' exists already"))
        #expect(try habit.run(["add", "flоss"], env: Self.now).stderr.contains("more than one script"))
        #expect(try habit.contents() == before)
    }

    /// A CSV's habit whose name mixes scripts is imported under a name of one script, and the
    /// summary says so; a name's bidi controls are shown escaped, never raw.
    @Test func aCSVRenamesALookAlikeAndEscapesBidiControls() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let csv = habit.folder.appendingPathComponent("mine.csv")
        try Data("habit,date\nFlоss,2026-11-20\nRun\u{202E}fdp.exe,2026-11-20\nRead\u{2066}x,2026-11-21\n".utf8).write(to: csv)
        let r = try habit.run(["import", csv.path], env: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("mixes letters of more than one script (cyrillic, latin): imported as 'fl-ss'"), "\(r.stdout)")
        #expect(!r.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }, "\(r.stdout)")
        #expect(r.stdout.contains("\\u{202E}") && r.stdout.contains("\\u{2066}"))
        let habits = try habit.json(["habits"], env: Self.now)["habits"] as? [[String: Any]] ?? []
        #expect(Set(habits.compactMap { $0["name"] as? String }).isSuperset(of: ["fl-ss"]))
    }
}
