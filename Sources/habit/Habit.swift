import ArgumentParser
import Foundation
import HabitKit

@main
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "A local-first habit and streak tracker: meditation, HIIT workouts and alcohol-free days.",
        discussion: """
            Data lives in one SQLite file: $XDG_DATA_HOME/habit/habit.sqlite (else
            ~/.local/share/habit/habit.sqlite); --db PATH or HABIT_DB override it.
            HABIT_NOW (ISO 8601 with offset) fixes "now"; TZ, then the 'timezone' setting, fix the day boundaries.
            """,
        version: "0.1.0",
        subcommands: [Log.self, Streak.self, CalendarCommand.self, Today.self, Timeline.self, Remind.self, Import.self, Export.self,
                      ChangesCommand.self, Delete.self, Undo.self, Demo.self, Config.self, Doctor.self, Backup.self, Restore.self]
    )

    /// Parses, runs, and turns every failure into one line on stderr and a sysexits code.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            try Log.checkHabitName(arguments)
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error as any HabitError {
            fail(error.description, code: Output.exitCode(for: error.kind))
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)  // --help, --version
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            fail(message + (message.contains("--help") ? "" : " (see 'habit --help')"), code: code.rawValue)
        }
    }

    static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data(("habit: " + message + "\n").utf8))
        Foundation.exit(code)
    }
}
