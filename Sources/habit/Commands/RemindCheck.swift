import ArgumentParser
import Foundation
import HabitKit

extension Notifier: ExpressibleByArgument {}

/// `habit remind check [--catch-up] [--notify stdout|notify-send|command -- PROG ARGS…]`: what cron runs.
struct RemindCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "What cron runs: deliver due reminders, each occurrence exactly once.",
        discussion: """
            Handles occurrences due in the last 'grace' minutes (default 15; --catch-up: 24 h) that are
            neither cancelled nor handled. Nothing due: no output, exit 0. A failing notifier is
            reported on stderr and the exit status is 74; the occurrence stays delivered.
            With --notify command, everything after -- is the program and its arguments; habit appends
            -- and then the title and the message as two more arguments (so a title that starts with '-'
            is never read as an option), and sets HABIT_TITLE and HABIT_MESSAGE in its environment. No
            shell is involved.
            """)

    @Flag(name: .long, help: "Also handle occurrences missed in the last 24 hours.")
    var catchUp = false

    @Option(name: .long, help: "stdout (default), notify-send, or command (see below).")
    var notify: Notifier = .stdout

    @Argument(parsing: .postTerminator, help: "With --notify command: the program and its arguments.")
    var command: [String] = []

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if notify == .command && command.isEmpty {
            throw ValidationError("--notify command needs the program after --, e.g. -- /usr/bin/logger -t habit (habit adds -- and the title and message after it)")
        }
        if notify != .command && !command.isEmpty {
            throw ValidationError("a program after -- needs --notify command")
        }
    }

    func run() throws {
        let (store, env) = try store.writing()
        // Command habits first (Standards/automation.md): what they record decides what is nagged
        // about. A failure there is its own line on stderr and never fails the check; after
        // 3 timeouts' time no further command is started (the next check goes on).
        do {
            _ = try CommandHabits.refresh(store, storePath: self.store.path, env: env, name: nil,
                                          budget: 3 * CommandHabits.timeout)
        } catch {
            Output.write(Failure(error, whileParsing: false)?.line ?? "", to: STDERR_FILENO)
        }
        let result = try store.checkReminders(env: env, catchUp: catchUp)
        let calendar = env.calendar
        // Hooks (Standards/automation.md): each delivery, and streaks that changed since the last look.
        let hooks = Hooks.installed()
        defer {
            for h in result.delivered { Hooks.run(.remind, HookPayload(.remind, CheckJSON.Item(h, calendar: calendar)), installed: hooks) }
            if hooks.contains(.streak), let overview = try? store.read(.overview(env: env)) {
                StreakHooks.compare(overview.reports, installed: hooks)
            }
        }
        if output.json {
            try Output.printJSON(CheckJSON(result, calendar: calendar))
        } else {
            for h in result.delivered {
                Output.print("habit reminder #\(h.reminder.id) \(calendar.time(of: h.occurrence.at)): \(escapingControlCharacters(h.words.title)) — \(escapingControlCharacters(h.words.message))")
            }
        }
        guard notify != .stdout else { return }
        let failures = result.delivered.compactMap { h in
            Notification.send(title: h.words.title, message: h.words.message, via: notify, command: command)
                .map { "reminder #\(h.reminder.id): \($0)" }
        }
        if !failures.isEmpty { throw NotifierError.failed(failures) }
    }
}
