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

/// `habit stats NAME` without `--per` (issue 49, point 4): the habit's own period — a week habit
/// per week, any other per day; a data type per day.
@Suite struct StatsWithoutPerTests {
    @Test func statsWithoutPerUsesTheHabitsOwnPeriod() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let now = ["HABIT_NOW": "2026-03-26T20:00:00+01:00"]
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: now).status == 0)
        #expect(try habit.run(["add", "gym", "--times", "3", "--per", "week"], env: now).status == 0)
        #expect(try habit.run(["log", "water", "3"], env: now).status == 0)
        let water = try habit.run(["stats", "water", "--json"], env: now)
        #expect(water.status == 0, "\(water.stderr)")
        #expect(water.stdout.contains("\"per\":\"day\""), "\(water.stdout)")
        #expect(water.stdout == (try habit.run(["stats", "water", "--per", "day", "--json"], env: now)).stdout)
        let gym = try habit.run(["stats", "gym", "--json"], env: now)
        #expect(gym.status == 0 && gym.stdout.contains("\"per\":\"week\""), "\(gym.stdout) \(gym.stderr)")
        let steps = try habit.run(["stats", "steps", "--json"], env: now)
        #expect(steps.status == 0 && steps.stdout.contains("\"per\":\"day\""), "\(steps.stdout) \(steps.stderr)")
    }
}

/// Words as people say them (issue 49, point 5): a day where the amount goes points to `--date`;
/// an activity habit does not name suggests the one meant.
@Suite struct WordsAsPeopleSayThemTests {
    struct Line: Sendable, CustomTestStringConvertible {
        let words: [String]
        let says: String
        var testDescription: String { words.joined(separator: " ") }
    }

    static let lines = [
        Line(words: ["log", "floss", "yesterday"],
             says: "habit: 'yesterday' is a day, not an amount: to log floss for it, write 'habit log floss --date yesterday'\n"),
        Line(words: ["log", "water", "2026-03-25"],
             says: "habit: '2026-03-25' is a day, not an amount: to log water for it, write 'habit log water AMOUNT --date 2026-03-25'\n"),
        Line(words: ["log", "workout", "jog", "30m"],
             says: "did you mean 'run'?"),
        Line(words: ["log", "workout", "hiking", "1h"],
             says: "did you mean 'walk'?"),
    ]

    @Test(arguments: lines)
    func aWordInTheWrongPlaceSaysWhatWasMeantAndChangesNothing(_ line: Line) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let now = ["HABIT_NOW": "2026-03-26T20:00:00+01:00"]
        #expect(try habit.run(["add", "floss"], env: now).status == 0)
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: now).status == 0)
        let before = try habit.run(["export", "--format", "ndjson"], env: now).stdout
        let r = try habit.run(line.words, env: now)
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(line.says.hasPrefix("habit: ") ? r.stderr == line.says : r.stderr.contains(line.says), "\(r.stderr)")
        #expect(try habit.run(["export", "--format", "ndjson"], env: now).stdout == before)
    }
}

/// `habit log NAME --help` and its refusals name the command as a person types it, never the
/// hidden `_habit` (issue 49, point 4).
@Suite struct LogNameHelpTests {
    @Test func theHelpOfLogNameShowsNameAndAmountNeverTheHiddenName() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let help = try habit.run(["log", "floss", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: habit log NAME [AMOUNT]"), "\(help.stdout)")
        #expect(!help.stdout.contains("_habit"), "\(help.stdout)")
        #expect(help.stdout.contains("a yes/no habit takes none"))
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"]).status == 0)
        let both = try habit.run(["log", "water", "1", "--date", "yesterday", "--at", "07:00"])
        #expect(both.status == 64)
        #expect(both.stderr.hasSuffix("(see 'habit log NAME --help')\n"), "\(both.stderr)")
    }
}
