import ArgumentParser
import Foundation
import HabitKit

struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the store with a backup FILE; the current store is kept beside it.",
        discussion: """
            FILE must be an intact habit store (integrity and foreign-key checks, habit's identity) with
            the schema exactly as habit makes it (no extra trigger, view, table or index; only known
            migrations) at a version this habit can read (an older one is migrated on next use);
            otherwise nothing changes and the exit status is 65. The store's folder must be yours and
            not writable by others (else 77). Temporary copies left by a restore that was killed are
            removed. The current store stays as
            <store>.before-restore-YYYYMMDD-HHMMSS; the backup is copied beside the store (0600) and
            renamed over it in one step. Run it while no other habit command is running.
            The shell commands of command habits the backup brings are named and disarmed: neither
            refresh nor remind check runs one until you arm it with 'habit edit NAME --command CMD'
            (after reading it), or unless you restore with --trust-commands.
            """)

    @Argument(help: ArgumentHelp("The backup to restore (made by 'habit backup').", valueName: "file"))
    var file: String

    @Flag(name: .long, help: "Arm the command habits' shell commands the backup brings (only for a backup whose commands you trust).")
    var trustCommands = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let env = try LiveEnvironment.make(now: try LiveEnvironment.now(), settings: Settings())
        // A store on a drive that is not mounted: restoring would make a folder and a store on the
        // mount point, which the next write would then take the pending journal into.
        let existed = try store.existsForWriting()
        AnswerCache.invalidate()  // the store is replaced: its kept answers go
        let report = try StoreBackup.restore(file, into: store.path, now: env.now, calendar: env.calendar.civil,  // a wall-clock file name
                                             trustCommands: trustCommands)
        if !existed { StoreMemory.made(store.path) }
        if output.json {
            try Output.printJSON(RestoreJSON(restored: report.file, store: report.store, kept: report.kept, schemaVersion: report.schemaVersion,
                                             commands: report.commands.map { .init(habit: $0.habit, command: $0.command, armed: $0.armed) }))
        } else {
            Output.print("restored \(report.file) into \(report.store) (schema version \(report.schemaVersion))"
                         + (report.kept.map { "; the previous store is kept as \($0)" } ?? ""))
            for command in report.commands {
                let state = command.armed ? "armed (--trust-commands)"
                    : "disarmed: it is not run until you read it and arm it with 'habit edit \(command.habit) --command CMD'"
                Output.print(escapingControlCharacters("the backup brings the command of \(command.habit), \(quoted: command.command): \(state)"))
            }
        }
    }

    struct RestoreJSON: Encodable {
        let restored: String
        let store: String
        let kept: String?
        let schemaVersion: Int
        let commands: [Command]

        struct Command: Encodable {
            let habit: String
            let command: String
            let armed: Bool
        }

        private enum CodingKeys: String, CodingKey { case restored, store, kept, schemaVersion, commands }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(restored, forKey: .restored)
            try c.encode(store, forKey: .store)
            try c.encode(kept, forKey: .kept)
            try c.encode(schemaVersion, forKey: .schemaVersion)
            try c.encode(commands, forKey: .commands)
        }
    }
}
