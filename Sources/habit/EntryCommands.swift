import ArgumentParser
import Foundation
import HabitKit

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an entry by UUID (a workout goes with its energy sample); leaves a tombstone.")

    @Argument(help: "The entry's UUID, or a unique prefix of at least 8 characters (see 'habit log list').")
    var uuid: String

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let target: UUID
        if let full = UUID(uuidString: uuid) {
            target = full
        } else {
            guard uuid.count >= 8 else { throw InputError.invalidUUID(uuid) }
            let matches = try store.fetchUUIDs(prefix: uuid)
            guard matches.count == 1 else {
                if matches.isEmpty { throw InputError.invalidUUID(uuid) }
                throw ValidationError("'\(uuid)' matches more than one entry; give more of the UUID")
            }
            target = matches[0]
        }
        let entry = try store.delete(target)
        try EntryReport.print(deleted: entry, verb: "deleted", env: env, json: output.json)
    }
}

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Delete the newest entry from habit's own sources (dev.habit, dev.habit.*).")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.openWithEnvironment()
        let entry = try store.undo().entry
        try EntryReport.print(deleted: entry, verb: "undone", env: env, json: output.json)
    }
}

enum EntryReport {
    static func print(deleted entry: Entry, verb: String, env: HabitEnvironment, json: Bool) throws {
        if json {
            try Output.printJSON(["deleted": EntryJSON(entry: entry, calendar: env.calendar)])
        } else {
            Output.print("\(verb): \(TextRendering.describe(entry, env.calendar))  \(entry.uuid.uuidString.lowercased())")
        }
    }
}
