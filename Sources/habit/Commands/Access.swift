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

/// `habit access list [--json]`.
struct AccessList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Each data type with its read and write access.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let (store, env) = try store.reading()
        let entries = try store.read(.access(env: env))
        if output.json {
            try Output.printJSON(entries.map(AccessJSON.init))
            return
        }
        let width = entries.map { Width.of(escapingControlCharacters($0.name)) }.max() ?? 0
        Output.print(entries.map { e in
            Width.pad(escapingControlCharacters(e.name), to: width) + "  read " + (e.read ? "yes" : "no ") + "  write " + (e.write ? "yes" : "no ")
                + "  " + e.origin.rawValue + (e.name == e.type ? "" : "  " + escapingControlCharacters(e.type))
        }.joined(separator: "\n"))
    }
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

/// `habit access allow TYPE [--read] [--write]`.
struct AccessAllow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "allow", abstract: "Let habit read and/or write a data type.")
    @OptionGroup var change: AccessChange
    func run() throws { try change.change(allow: true) }
}

/// `habit access deny TYPE [--read] [--write]`.
struct AccessDeny: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deny", abstract: "Stop habit reading and/or writing a data type (what is stored stays, hidden).")
    @OptionGroup var change: AccessChange
    func run() throws { try change.change(allow: false) }
}

/// One type in `habit access --json`.
struct AccessJSON: Encodable {
    var name: String
    var type: String
    var origin: String
    var read: String
    var write: String

    /// `{"noalc": "denied"}`: the habits of `overview` habit may not read; nil when there is none.
    static func denied(_ overview: HabitOverview) -> [String: String]? {
        let names = overview.reports.filter { !$0.readable }.map(\.definition.name)
        return names.isEmpty ? nil : Dictionary(uniqueKeysWithValues: names.map { ($0, "denied") })
    }

    init(_ e: AccessEntry) {
        (name, type, origin) = (e.name, e.type, e.origin.rawValue)
        (read, write) = (e.read ? "allowed" : "denied", e.write ? "allowed" : "denied")
    }
}
