import ArgumentParser
import Foundation
import HabitKit

/// `habit refresh [HABIT] [--json]`: runs command habits' commands (Standards/automation.md).
struct Refresh: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Run the commands of habits that track themselves, for today and the days not yet settled.",
        discussion: """
            Each command habit's command runs with /bin/sh -c for today and every earlier day not
            settled yet (at most 30 days back, none before the habit's first day), with HABIT_DAY,
            HABIT_DAY_START and HABIT_DAY_END in its environment, stdin /dev/null and a timeout
            (HABIT_COMMAND_TIMEOUT seconds, default 10). A day that had ended when its command gave a
            result is settled and never runs again. A failing command records nothing for its day: one
            line on stderr, a warning in 'habit doctor', and exit status 65. 'habit remind check' runs
            this too.
            """)

    @Argument(help: ArgumentHelp("Only this habit.", valueName: "habit"), completion: HabitNameCompletion.own)
    var habit: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let runs: [CommandRun]
        var leftOut = 0
        var disarmed: [String] = []
        if try store.existsForWriting() {
            let (opened, env) = try store.writing()
            disarmed = try opened.read(.disarmedCommandHabits(named: habit))
            if habit != nil, !disarmed.isEmpty { throw CommandHabitError.disarmed(disarmed[0]) }
            if let habit, try opened.read(.commandHabits(named: habit)).isEmpty {
                let found = try opened.read(.habit(named: habit, env: env))  // an unknown name: the usual error
                throw CommandHabitError.noCommand(found.name)
            }
            runs = try CommandHabits.refresh(opened, storePath: store.path, env: env, name: habit) { habit, denial in
                leftOut += 1
                Output.write("habit: " + escapingControlCharacters("command of \(habit.name) not run: \(denial)") + "\n", to: STDERR_FILENO)
            }
        } else {
            if let habit { throw HabitInputError.unknownHabit(habit, existing: []) }
            runs = []
        }
        if output.json {
            try Output.printJSON(RefreshJSON(runs))
        } else if runs.isEmpty, leftOut == 0, disarmed.isEmpty {
            Output.print("no command habits: add one with 'habit add NAME --command CMD'")
        } else {
            for run in runs {
                let what = switch run.outcome {
                case .done: "done"
                case .notDone: "not done"
                case .value(let x): TextRendering.number(x)
                case .failure: "failed (nothing recorded)"
                }
                Output.print("\(run.habit) \(run.day): \(what)" + (run.settled ? ", settled" : ""))
            }
        }
        let failed = runs.filter { $0.outcome.failure != nil }.count
        if failed > 0 { throw CommandHabitError.failed(failed) }
        if !disarmed.isEmpty { throw CommandHabitError.notRun(disarmed.count) }
    }
}

/// `habit refresh NAME` of a habit that has no command; a refresh whose commands failed.
enum CommandHabitError: HabitError {
    case noCommand(String)
    case failed(Int)
    /// A command a restored backup brought, not armed since: never run (Standards/automation.md, "Armed").
    case disarmed(String)
    case notRun(Int)
    var kind: ErrorKind {
        switch self {
        case .failed: .dataError
        case .disarmed, .notRun: .permission
        case .noCommand: .usage
        }
    }
    var description: String {
        switch self {
        case .disarmed(let name): Self.disarmedWhat(name) + ": " + Self.armingFix(name)
        case .notRun(let n): "\(counting(n, "disarmed command")) not run (above); nothing was recorded for \(n == 1 ? "its habit" : "those habits")"
        case .noCommand(let name): "\(quoted: name) has no command; give it one with 'habit edit \(name) --command CMD'"
        case .failed(let n): "\(counting(n, "command run")) failed (above); nothing was recorded for \(n == 1 ? "its day" : "those days")"
        }
    }

    /// What a disarmed command is, as `refresh`, `remind check` and `doctor` say it.
    static func disarmedWhat(_ name: String) -> String { "the command of \(name) came with a restored backup and is disarmed, so it is not run" }

    /// How to arm it, as `refresh`, `remind check` and `doctor` say it.
    static func armingFix(_ name: String) -> String { "read it ('habit habits'), then arm it with 'habit edit \(name) --command CMD'" }
}

/// `habit refresh --json`: `{"runs":[{"habit","day","result","value","settled","error"}]}` —
/// `result` `done`, `not-done`, `value` or `failed`; `value` the number recorded (1 for done),
/// else null; `error` why a failed run recorded nothing, else null.
struct RefreshJSON: Codable, Equatable {
    struct Run: Codable, Equatable {
        let habit: String
        let day: String
        let result: String
        @Nullable var value: Double?
        let settled: Bool
        @Nullable var error: String?
    }

    let runs: [Run]

    init(_ runs: [CommandRun]) {
        self.runs = runs.map { run in
            let (result, value): (String, Double?) = switch run.outcome {
            case .done: ("done", 1)
            case .notDone: ("not-done", nil)
            case .value(let x): ("value", x)
            case .failure: ("failed", nil)
            }
            return Run(habit: run.habit, day: run.day.description, result: result, value: value, settled: run.settled,
                       error: run.outcome.failure)
        }
    }
}
