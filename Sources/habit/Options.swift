import ArgumentParser
import Foundation
import HabitKit

/// `--db PATH`, shared by every command that touches the store.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store file (default: $HABIT_DB, else $XDG_DATA_HOME/habit/habit.sqlite).", valueName: "path"))
    var db: String?

    var path: String {
        if let db, !db.isEmpty { return db }
        if let fromEnv = Env.get("HABIT_DB"), !fromEnv.isEmpty { return fromEnv }
        return HabitStore.defaultPath(environment: ["XDG_DATA_HOME": Env.get("XDG_DATA_HOME") ?? "",
                                                    "HOME": Env.get("HOME") ?? ""])
    }

    func open() throws -> HabitStore { try HabitStore.open(path: path) }

    /// Opens the store and builds the live environment from it (the `timezone` setting).
    func openWithEnvironment() throws -> (HabitStore, HabitEnvironment) {
        let store = try open()
        return (store, try LiveEnvironment.make(settings: try store.fetchSettings()))
    }
}

/// `--json`, for every command that prints data.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON (the contract in DESIGN.md §8) instead of text.")
    var json = false
}

/// The live environment: built once at the top of a command, the only place that reads the
/// clock, the time zone and the UUID generator.
enum LiveEnvironment {
    static func make(settings: Settings) throws -> HabitEnvironment {
        let now: Date
        if let text = Env.get("HABIT_NOW"), !text.isEmpty {
            now = try InputParsing.now(text)
        } else {
            now = Date()
        }
        return HabitEnvironment(now: now, timeZone: try timeZone(tz: Env.get("TZ"), settings: settings), makeUUID: { UUID() })
    }

    /// `TZ` first, then the `timezone` setting, then the system's zone.
    static func timeZone(tz: String?, settings: Settings) throws -> TimeZone {
        if var tz, !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.hasPrefix("/") , let range = tz.range(of: "zoneinfo/") { tz = String(tz[range.upperBound...]) }
            guard let zone = TimeZone(identifier: tz) else { throw InputError.invalidTimeZone(tz) }
            return zone
        }
        if let id = settings.timeZoneID, let zone = TimeZone(identifier: id) { return zone }
        return TimeZone.current
    }
}

/// Output helpers: stdout writing, exit codes, colour decisions.
enum Output {
    static func exitCode(for kind: ErrorKind) -> Int32 {
        switch kind {
        case .usage: 64
        case .dataError: 65
        case .noInput: 66
        case .unavailable: 69
        case .cantCreate: 73
        case .ioError: 74
        case .permission: 77
        }
    }

    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Colour only on a terminal and when NO_COLOR is unset.
    static var useColor: Bool {
        (Env.get("NO_COLOR") ?? "").isEmpty && isatty(STDOUT_FILENO) == 1
    }
}

/// Reads single environment variables (`ProcessInfo.environment` builds the whole dictionary,
/// which showed up in the start-up profile).
enum Env {
    static func get(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// `--days N`: the last N days, today included.
struct DaysBackOptions: ParsableArguments {
    @Option(name: .long, help: "How many days back, today included (default 7).")
    var days: Int = 7

    func validate() throws {
        guard (1...36_500).contains(days) else { throw ValidationError("--days must be from 1 to 36500") }
    }

    /// `[today − (N − 1), tomorrow)`.
    func range(today: LocalDay) -> DayRange { DayRange(today.adding(days: 1 - days), upTo: today.adding(days: 1)) }

    var nothingMessage: String { "nothing in the last \(days) day\(days == 1 ? "" : "s")" }
}
