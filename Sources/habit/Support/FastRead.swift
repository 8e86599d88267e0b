import HabitKit

/// The plain forms of the everyday reads — `streak`, `calendar`, `today`, `score` — read without
/// ArgumentParser, as ``FastStatus`` reads `status`'s: the command's name, then its own flags
/// (`--json`; `--all-sources` where the command has it; `today --short`, `calendar --year`), each at
/// most once, and `--db PATH`, in any order.
///
/// Building ArgumentParser's argument sets was a quarter of such a read on a large store (the
/// runtime's first conformance look-ups; Benchmarks/README.md). The names are the ones the
/// commands declare (``OutputOptions/jsonFlag``, ``ReadOptions/allSourcesFlag``,
/// ``Today/shortFlag``, ``CalendarCommand/yearFlag``, ``StoreOptions/dbOption``) and the work is
/// the command's own `answer`. Anything else — a habit, a tag, a month, `--help`, `--db=PATH`, a
/// repeated flag, a path that starts with `-` — returns nil, and ArgumentParser reads the line as
/// always (`FastReadTests` holds that both readings agree).
enum FastRead {
    /// The read `arguments` (without the program name) ask for, ready to run; nil when they are not a plain one.
    static func plan(_ arguments: [String]) -> (() throws -> Void)? {
        guard let command = arguments.first else { return nil }
        let rest = arguments.dropFirst()
        let json = OutputOptions.jsonFlag, all = ReadOptions.allSourcesFlag
        switch command {
        case Streak.configuration.commandName:
            guard let given = Given(rest, flags: [json, all]) else { return nil }
            return {
                try Streak.answer(habit: nil, tags: [], allSources: given.has(all), json: given.has(json), location: given.location)
            }
        case Today.configuration.commandName:
            guard let given = Given(rest, flags: [Today.shortFlag, json, all]) else { return nil }
            return {
                try Today.answer(short: given.has(Today.shortFlag), tags: [], allSources: given.has(all), json: given.has(json),
                                 location: given.location)
            }
        case CalendarCommand.configuration.commandName:
            guard let given = Given(rest, flags: [CalendarCommand.yearFlag, json, all]) else { return nil }
            return {
                try CalendarCommand.answer(requested: nil, year: given.has(CalendarCommand.yearFlag), habit: nil, tags: [],
                                           allSources: given.has(all), json: given.has(json), location: given.location)
            }
        case Score.configuration.commandName:
            guard let given = Given(rest, flags: [json]) else { return nil }
            return { try Score.answer(name: nil, tags: [], json: given.has(json), location: given.location) }
        default:
            return nil
        }
    }

    /// What a plain line gives: each flag of `flags` and each option of `options` (with its value)
    /// at most once, and `--db PATH` (at most once), written `--name` and `--name value`; nil for a
    /// line with anything else, or a value that is empty or starts with `-`. ``FastStatus`` reads
    /// `status`'s line with it too.
    struct Given {
        private var flags: [String] = []
        private var values: [(option: String, value: String)] = []

        init?(_ arguments: ArraySlice<String>, flags allowed: [String], options: [String] = []) {
            let options = options + [StoreOptions.dbOption]
            var i = arguments.startIndex
            while i < arguments.endIndex {
                let argument = arguments[i]
                guard argument.hasPrefix("--") else { return nil }
                let name = String(argument.dropFirst(2))
                if options.contains(name) {
                    guard value(of: name) == nil, i + 1 < arguments.endIndex else { return nil }
                    let value = arguments[i + 1]
                    guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                    values.append((name, value))
                    i += 2
                } else if allowed.contains(name), !flags.contains(name) {
                    flags.append(name)
                    i += 1
                } else {
                    return nil
                }
            }
        }

        func has(_ flag: String) -> Bool { flags.contains(flag) }
        func value(of option: String) -> String? { values.first { $0.option == option }?.value }
        var location: StoreLocation { StoreLocation(db: value(of: StoreOptions.dbOption)) }
    }
}
