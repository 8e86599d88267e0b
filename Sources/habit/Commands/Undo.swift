import ArgumentParser
import HabitKit

/// `habit undo`: deletes the newest entry from habit's own sources.
struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Delete the newest entry from habit's own sources (dev.habit, dev.habit.*).")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        guard try store.existsForWriting() else { throw StoreError.nothingToUndo }
        let (store, env) = try store.writing()
        let undone = try store.undo()
        try LogReport.print(deleted: undone.entry, verb: "undone", env: env, json: output.json)
        if !output.json, !undone.restored.isEmpty {
            Output.print("restored what it had replaced: " + undone.restored.map { $0.uuid.storeText }.joined(separator: ", "))
        }
    }
}
