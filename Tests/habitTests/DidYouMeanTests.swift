import Foundation
import Testing

/// A mistyped command gets "did you mean" (issue 49, point 4): one line, exit 64, no store made.
@Suite struct DidYouMeanTests {
    struct Typo: Sendable, CustomTestStringConvertible {
        let words: [String]
        let meant: String?
        var testDescription: String { words.joined(separator: " ") }
    }

    static let typos = [
        Typo(words: ["calender"], meant: "calendar"),
        Typo(words: ["lgo", "floss"], meant: "log"),
        Typo(words: ["streek", "--json"], meant: "streak"),
        Typo(words: ["xyzzy"], meant: nil),
    ]

    @Test(arguments: typos)
    func aMistypedCommandSaysWhichOneWasMeantAndMakesNoStore(_ typo: Typo) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(typo.words)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        if let meant = typo.meant {
            #expect(r.stderr == "habit: unknown command '\(typo.words[0])'; did you mean '\(meant)'? (see 'habit --help')\n")
        } else {
            #expect(!r.stderr.contains("did you mean"), "\(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// A real command's own refusal is left as the parser says it.
    @Test func aKnownCommandsOwnErrorIsNotTurnedIntoASuggestion() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(["streak", "--nope"])
        #expect(r.status == 64)
        #expect(!r.stderr.contains("did you mean 'streak'"), "\(r.stderr)")
    }
}
