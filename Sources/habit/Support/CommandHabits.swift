import Foundation
import HabitKit

/// Runs command habits' commands (Standards/automation.md, "Command habits"): `habit refresh` and
/// `habit remind check`. The rules that need no process are ``CommandHabit``'s (HabitKit); this
/// runs `/bin/sh -c CMD` through ``Spawn`` and hands each result to the store.
enum CommandHabits {
    /// Stdout habit reads of a command: 64 KiB (more is a failure for a quantity habit).
    static let outputLimit = 65_536

    /// `HABIT_COMMAND_TIMEOUT` seconds (0.1 to 600), else 10.
    static var timeout: Double {
        guard let text = Env.get("HABIT_COMMAND_TIMEOUT"), let s = Double(text), s.isFinite, (0.1...600).contains(s) else { return 10 }
        return s
    }

    /// A failed refresh: the store is not one habit runs commands from.
    struct Untrusted: HabitError {
        let path: String
        let reason: String
        var kind: ErrorKind { .permission }
        var description: String { "no command was run: \(path) cannot be trusted to hold commands (\(reason))" }
    }

    /// Evaluates today and every earlier day not settled (at most 30 back, none before the
    /// habit's first day) of each command habit (only `name` when given). A disarmed command (a
    /// restored backup's) is never run: one line on stderr says so and how to arm it. A failure is one line
    /// on stderr and a row `doctor` shows; it never throws for a command. With `budget` (seconds),
    /// no command is started once that much time has passed: `remind check` from cron must not
    /// spend 30 timeouts on a command that hangs every day; the days left wait for the next run.
    /// A habit whose data may not be written (Standards/access.md) has its command not run at all:
    /// asked for by `name` that refuses the refresh (exit 77) before anything runs; otherwise it
    /// is left out and handed to `leftOut` (`refresh` says so; `remind check`, run by cron, does not).
    /// Returns every run.
    static func refresh(_ store: HabitStore, storePath: String, env: HabitEnvironment, name: String?,
                        budget: Double? = nil, leftOut: (HabitDefinition, AccessError) -> Void = { _, _ in }) throws -> [CommandRun] {
        for disarmed in try store.read(.disarmedCommandHabits(named: name)) {
            Output.write("habit: " + escapingControlCharacters(CommandHabitError.disarmed(disarmed).description) + "\n", to: STDERR_FILENO)
        }
        let habits = try store.read(.commandHabits(named: name))  // armed ones only
        guard !habits.isEmpty else { return [] }
        if let reason = StoreFile.distrust(storeAt: storePath) { throw Untrusted(path: storePath, reason: reason) }
        let calendar = env.calendar
        let limit = timeout
        let grants = try store.read(.accessGrants)
        if name != nil, let denial = habits.lazy.compactMap(grants.writeDenial(of:)).first { throw denial }
        let stop = budget.map { Date().addingTimeInterval($0) }
        var runs: [CommandRun] = []
        for habit in habits {
            guard let command = habit.command else { continue }
            if let denial = grants.writeDenial(of: habit) {
                leftOut(habit, denial)
                continue
            }
            let settled = try store.read(.settledCommandDays(habitID: habit.id))
            for day in CommandHabit.daysToEvaluate(today: env.today, since: habit.since, settled: settled) {
                if let stop, Date() >= stop { return runs }
                var environment = ProcessInfo.processInfo.environment
                environment.merge(CommandHabit.environment(for: day, calendar: calendar)) { $1 }
                let result = Spawn.run("/bin/sh", arguments: ["sh", "-c", command], environment: environment, input: nil,
                                       capture: outputLimit, timeout: limit)
                let outcome = CommandHabit.outcome(quantity: habit.kind == .quantity, exit: result.exit,
                                                   output: result.output, truncated: result.truncated)
                let settles = CommandHabit.settles(day, ranAt: env.now, calendar: calendar)
                try store.recordCommandRun(habit, day: day, outcome: outcome, settled: settles, env: env)
                if let why = outcome.failure {
                    Output.write("habit: " + escapingControlCharacters("command of \(habit.name) for \(day): \(why); nothing recorded") + "\n",
                                 to: STDERR_FILENO)
                }
                runs.append(CommandRun(habit: habit.name, day: day, outcome: outcome, settled: settles && outcome.failure == nil))
            }
        }
        return runs
    }

    /// Doctor's findings, as warnings: each command habit whose command is disarmed (a restored
    /// backup's, never run until armed), and the days whose last run failed; nothing when all is well.
    static func findings(storePath: String) -> [Finding] {
        guard let store = try? HabitStore.open(path: storePath, access: .read, lockWait: LockWait.full) else { return [] }
        var out = ((try? store.read(.disarmedCommandHabits())) ?? []).map { name in
            Finding(check: "command habits", status: .warning, detail: CommandHabitError.disarmedWhat(name), fix: CommandHabitError.armingFix(name))
        }
        if let failures = try? store.read(.commandFailures), let last = failures.first {
            out.append(Finding(check: "command habits", status: .warning,
                               detail: escapingControlCharacters("\(counting(failures.count, "day")) whose command failed, the last: \(last.habit) \(last.day): \(last.error)"),
                               fix: "fix the command (habit habits shows it), then run habit refresh \(last.habit)"))
        }
        return out
    }
}
