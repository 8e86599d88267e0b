import ArgumentParser
import Foundation
import HabitKit

/// `habit delete ID`: an entry by its full UUID or a unique prefix of at least 8 hex digits.
struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an entry by UUID (a workout goes with its energy sample); leaves a tombstone.")

    @Argument(help: ArgumentHelp("The entry's UUID, or a unique prefix of at least 8 hex digits (see 'habit log list').", valueName: "uuid"),
              transform: EntryIDValue.parse)
    var id: EntryIDValue

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let missing = EntryLookupError.noMatch(id.prefix)
        guard try store.existsForWriting() else { throw missing }
        let (store, env) = try store.writing()
        let target: UUID
        if let full = id.uuid {
            target = full
        } else {
            let matches = try store.read(.uuids(prefix: id.prefix))
            guard let first = matches.first else { throw missing }
            guard matches.count == 1 else { throw UsageError.ambiguousEntry(id.prefix, candidates: matches) }
            target = first
        }
        let entry = try store.delete(target)
        try LogReport.print(deleted: entry, verb: "deleted", env: env, json: output.json)
    }
}

/// An entry id that matches nothing.
enum EntryLookupError: HabitError {
    case noMatch(String)

    var kind: ErrorKind { .noInput }

    var description: String {
        switch self {
        case .noMatch(let prefix):
            "no entry's UUID starts with \(quoted: prefix); see 'habit log list' for the entries there are"
        }
    }
}
