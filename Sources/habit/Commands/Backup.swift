import ArgumentParser
import Foundation
import HabitKit

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store to FILE (mode 0600), consistent even while habit is writing.",
        discussion: """
            Uses SQLite's online backup API: the copy is the store as of one instant, taken without
            stopping cron or another habit. It is written beside FILE and renamed into place. FILE may
            not be the store or its -wal/-shm, and an existing FILE is kept unless --force is given.
            Put it back with 'habit restore FILE'.
            """)

    @Argument(help: ArgumentHelp("The backup file to write.", valueName: "file"))
    var file: String

    @Flag(name: .long, help: "Replace FILE when it already exists.")
    var force = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let report = try StoreBackup.backup(store: store.path, to: file, force: force)
        if output.json {
            try Output.printJSON(BackupJSON(file: report.file, store: store.path, bytes: report.bytes, schemaVersion: report.schemaVersion))
        } else {
            Output.print("backed up \(store.path) to \(report.file) (\(report.bytes) bytes, schema version \(report.schemaVersion))")
        }
    }

    struct BackupJSON: Encodable {
        let file: String
        let store: String
        let bytes: Int64
        let schemaVersion: Int
    }
}
