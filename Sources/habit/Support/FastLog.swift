import Foundation
import HabitKit

/// The plain forms of `habit log …`, read without ArgumentParser.
///
/// Building ArgumentParser's argument sets for a command costs most of a log's start-up in a
/// binary with a statically linked runtime (generic metadata whose requirements are checked by
/// scanning every protocol conformance record: about 22 M of a log's 38 M instructions). A log
/// is what people run many times a day, so its plain forms — the words and options its `--help`
/// lists, each option once, written `--option value` — are read here, with the same value
/// parsers (``ArgumentValue``) and the same `perform` as the commands' `run`. Anything else —
/// `--help`, `--option=value`, a repeated or unknown option, a value that does not parse, a
/// reserved word — returns nil, and ArgumentParser reads the command line as always, so every
/// refusal keeps its one canonical message (`FastLogTests` holds that both readings agree).
enum FastLog {
    /// The log `arguments` (without the program name) ask for, ready to run; nil when they are not a plain log.
    static func plan(_ arguments: [String]) -> (() throws -> Void)? {
        guard arguments.count >= 2, arguments[0] == "log" else { return nil }
        let sub = arguments[1]
        let rest = Array(arguments.dropFirst(2))
        switch sub {
        case "meditate":
            guard let r = read(rest, values: ["--at", "--end", "--note", "--source", "--db"]), r.words.count == 1,
                  let duration = try? DurationValue(parsing: r.words[0]), let common = Common(r), common.timeOK else { return nil }
            return {
                try LogMeditate.perform(seconds: duration.seconds, at: common.at, end: common.end, note: r.values["--note"],
                                        source: common.source, store: common.store, json: r.json)
            }
        case "workout":
            guard let r = read(rest, values: ["--at", "--end", "--note", "--source", "--db", "--met"]),
                  let (activity, duration) = try? WorkoutWord.parse(r.words), let common = Common(r), common.timeOK else { return nil }
            var met: Double?
            if let text = r.values["--met"] {
                guard let value = try? METValue(parsing: text) else { return nil }
                met = value.value
            }
            return {
                try LogWorkout.perform(activity, seconds: duration.seconds, met: met, at: common.at, end: common.end,
                                       note: r.values["--note"], source: common.source, store: common.store, json: r.json)
            }
        case "alcohol", "noalc":
            guard let r = read(rest, values: ["--date", "--source", "--db"]), r.words.count == 1,
                  let drinks = try? DrinksValue(parsing: r.words[0]), let common = Common(r) else { return nil }
            return { try LogAlcohol.perform(drinks, date: common.date, source: common.source, store: common.store, json: r.json) }
        default:
            guard !sub.hasPrefix("-"), !HabitName.reserved.contains(sub),
                  let r = read(rest, values: ["--at", "--end", "--date", "--note", "--db"]), r.words.count <= 1,
                  let common = Common(r), [common.at != nil, common.end != nil, common.date != nil].filter({ $0 }).count <= 1 else {
                return nil
            }
            return {
                try LogHabit.perform(name: sub, amount: r.words.first, at: common.at, end: common.end, date: common.date,
                                     note: r.values["--note"], store: common.store, json: r.json)
            }
        }
    }

    /// Words and `--option value` pairs (each option once), plus `--json`; nil for anything else.
    struct Reading {
        var words: [String] = []
        var values: [String: String] = [:]
        var json = false
    }

    static func read(_ arguments: [String], values allowed: Set<String>) -> Reading? {
        var r = Reading()
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--json" {
                guard !r.json else { return nil }
                r.json = true
            } else if allowed.contains(word) {
                guard i + 1 < arguments.count, r.values[word] == nil else { return nil }
                r.values[word] = arguments[i + 1]
                i += 1
            } else if word.hasPrefix("-") {
                return nil  // an option this reader does not take, `--x=y`, `-h`, a negative number: ArgumentParser decides
            } else {
                r.words.append(word)
            }
            i += 1
        }
        return r
    }

    /// The options shared by the log commands, parsed.
    struct Common {
        var at: TimeValue?
        var end: TimeValue?
        var date: DayValue?
        var source = SourceID.app
        var store: StoreLocation

        init?(_ r: Reading) {
            do {
                at = try r.values["--at"].map { try TimeValue(parsing: $0) }
                end = try r.values["--end"].map { try TimeValue(parsing: $0) }
                date = try r.values["--date"].map { try DayValue(parsing: $0) }
                if let text = r.values["--source"] { source = try SourceID(text) }
            } catch {
                return nil
            }
            store = StoreLocation(db: r.values["--db"])
        }

        /// `--at` and `--end` exclude each other.
        var timeOK: Bool { at == nil || end == nil }
    }
}
