import ArgumentParser
import CMalloc
import Foundation
import HabitKit

@main
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "A local-first habit and streak tracker: meditation, workouts, alcohol-free days and habits of your own.",
        discussion: """
            Data lives in one SQLite file: $XDG_DATA_HOME/habit/habit.sqlite (else
            ~/.local/share/habit/habit.sqlite); --db PATH or HABIT_DB override it.
            HABIT_NOW (ISO 8601 with offset) fixes "now"; TZ, then the 'timezone' setting, fix the day boundaries.
            """,
        version: "0.1.0",
        subcommands: [Log.self, Streak.self, CalendarCommand.self, OverviewCommand.self, Today.self, Status.self, Timeline.self, Remind.self, Import.self, Export.self,
                      ChangesCommand.self, Delete.self, Undo.self, Demo.self, Config.self, Doctor.self, Backup.self, Restore.self,
                      AddHabit.self, HabitsList.self, EditHabit.self, ArchiveHabit.self, UnarchiveHabit.self, RemoveHabit.self, SkipCommand.self,
                      UnskipCommand.self, Score.self, StatsCommand.self, SyncCommand.self, AccessCommand.self, NotesCommand.self,
                      Refresh.self, AskCommand.self, UIScreen.self]
    )

    /// Parses, runs, and turns every failure into one line on stderr and a sysexits status —
    /// the only place that does (commands throw typed errors, never exit).
    static func main() {
        _ = habit_tune_allocator()  // fewer page faults (Sources/CMalloc/shim.h)
        SQLiteLibrary.configureProcess()  // before any store opens
        DiskFullSignal.install()
        if let script = HabitNameCompletion.completionScript(Array(CommandLine.arguments.dropFirst()), root: Self.self) {
            Output.print(script)
            return
        }
        do {
            try RawArguments.check(Array(CommandLine.arguments.dropFirst()))
        } catch {
            fail(error, whileParsing: true)
        }
        // HABIT_PARSER=argument-parser turns the fast paths off (their tests compare both readings).
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let help = HelpText.short(for: arguments) {
            Output.print(help)
            return
        }
        if Env.get("HABIT_PARSER") != "argument-parser", let plain = FastLog.plan(arguments) ?? FastStatus.plan(arguments) ?? FastRead.plan(arguments) {
            do {
                try plain()
            } catch {
                fail(error, whileParsing: false)
            }
            StoreMemory.settle()
            return
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            if let word = arguments.first, let close = Self.commandClose(to: word) {
                fail(UsageError.unknownCommand(word, suggestion: close), whileParsing: true)
            }
            // `habit add --asks`: the parser's "did you mean '--json'?" would mislead.
            if arguments.first == AddHabit._commandName,
               let option = arguments.prefix(while: { $0 != "--" }).first(where: { UndoingOptions.names.contains($0) }) {
                fail(UsageError.editOnly(option), whileParsing: true)
            }
            fail(error, whileParsing: true)
        }
        do {
            try command.run()
        } catch {
            fail(error, whileParsing: false)
        }
        StoreMemory.settle()
    }

    /// Bare `habit`: the first steps, not the whole help (``HelpText/start``; Standards/cli.md,
    /// "The first five minutes"). Reads nothing and creates no store.
    func run() throws {
        Output.print(HelpText.start)
    }

    /// The command a first word that is none was probably meant to be (`calender` → `calendar`,
    /// `lgo` → `log`), asked only once the parser refused the line: nil for an option, a command
    /// itself (its own error says what is wrong) and a word close to none.
    static func commandClose(to word: String) -> String? {
        guard !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
        guard !names.contains(word) else { return nil }
        return InputParsing.suggestion(for: word, in: names)
    }

    private static func fail(_ error: any Error, whileParsing: Bool) -> Never {
        StoreMemory.settle()  // a store this command made and took away again is not remembered
        guard let failure = Failure(error, whileParsing: whileParsing) else { exit(withError: error) }  // --help, --version
        Output.write(failure.line, to: STDERR_FILENO)
        Foundation.exit(failure.status)
    }
}
