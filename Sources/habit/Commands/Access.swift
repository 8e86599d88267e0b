import ArgumentParser
import Foundation
import HabitKit

/// `habit access [list|allow|deny]`: read and write access per data type (Standards/access.md).
struct AccessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "access",
        abstract: "Which data types habit may read and write (all of them, until you deny one).",
        discussion: """
            As HealthKit grants an app access per type: a type habit may not write is never stored (log, import,
            sync); a type it may not read is absent from every answer, which says so. Data already stored stays.
            Grants belong to this device: sync neither sends nor applies them.
            """,
        subcommands: [AccessList.self, AccessAllow.self, AccessDeny.self],
        defaultSubcommand: AccessList.self)
}

/// What `allow` and `deny` share: the type and which of read and write.
struct AccessChange: ParsableArguments {
    @Argument(help: ArgumentHelp("A short name (mindful, workouts, active-energy, alcohol, steps, sleep, …), a habit's name, or an identifier.",
                                 valueName: "type"))
    var type: String

    @Flag(name: .long, help: "Reading (with neither flag: reading and writing).")
    var read = false

    @Flag(name: .long, help: "Writing (with neither flag: reading and writing).")
    var write = false

    @OptionGroup var store: StoreOptions

    func change(allow: Bool) throws {
        let both = !read && !write
        // The name is resolved against the store as it is; an unknown name creates nothing.
        let (reader, env) = try store.reading()
        let habits = try reader.read(.ownHabits(includingArchived: true))
        let type = try DataTypes.resolve(type, habits: habits, stored: try reader.read(.storedTypes))
        let grant = try store.openForWriting().setAccess(type, allow: allow, read: both || read, write: both || write, at: env.now)
        let name = escapingControlCharacters(self.type.trimmingCharacters(in: .whitespaces))
        Output.print("\(name): read \(grant.read ? "allowed" : "denied"), write \(grant.write ? "allowed" : "denied")")
    }
}
