import Foundation
import HabitKit

/// The plain forms of `habit log …`, read without ArgumentParser.
///
/// Building ArgumentParser's argument sets for a command costs most of a log's start-up in a
/// binary with a statically linked runtime (generic metadata whose requirements are checked by
/// scanning every protocol conformance record; the figures are in Benchmarks/README.md). A log is
/// what people run many times a day, so its plain forms — the words and options of
/// ``LogGrammar``'s table, each option once, written `--option value` — are read here, checked by
/// the grammar's own rules, parsed by the same value types (``ArgumentValue``) and run by the
/// same `perform` as the commands' `run`. Anything else — `--help`, `--option=value`, a repeated
/// or unknown option, a value or a rule that refuses, a reserved word — returns nil, and
/// ArgumentParser reads the command line as always, so every refusal keeps its one canonical
/// message (`FastLogTests` holds that both readings agree).
enum FastLog {
    /// The log `arguments` (without the program name) ask for, ready to run; nil when they are not a plain log.
    static func plan(_ arguments: [String]) -> (() throws -> Void)? {
        guard arguments.count >= 2, arguments[0] == "log", let form = LogGrammar.form(for: arguments[1]),
              let r = read(Array(arguments.dropFirst(2)), options: form.options), let common = Common(r) else { return nil }
        let note = r.values[.note]
        switch form {
        case LogGrammar.meditate:
            guard let duration = try? LogGrammar.duration(r.words), (try? LogGrammar.checkSessionTime(at: common.at, end: common.end)) != nil
            else { return nil }
            return {
                try LogMeditate.perform(seconds: duration.seconds, at: common.at, end: common.end, note: note,
                                        source: common.source, store: common.store, json: r.json)
            }
        case LogGrammar.workout:
            guard let (activity, duration) = try? LogGrammar.activityAndDuration(r.words),
                  (try? LogGrammar.checkSessionTime(at: common.at, end: common.end)) != nil else { return nil }
            var met: Double?
            if let text = r.values[.met] {
                guard let value = try? METValue(parsing: text) else { return nil }
                met = value.value
            }
            return {
                try LogWorkout.perform(activity, seconds: duration.seconds, met: met, at: common.at, end: common.end,
                                       note: note, source: common.source, store: common.store, json: r.json)
            }
        case LogGrammar.alcohol:
            guard let drinks = try? LogGrammar.drinks(r.words) else { return nil }
            return { try LogAlcohol.perform(drinks, date: common.date, source: common.source, store: common.store, json: r.json) }
        default:
            let words = [arguments[1]] + r.words
            guard (try? LogGrammar.checkHabitEntry(words, at: common.at, end: common.end, date: common.date, note: note, json: r.json)) != nil
            else { return nil }
            return {
                try LogHabit.perform(name: words[0], amount: words.dropFirst().first, at: common.at, end: common.end, date: common.date,
                                     note: note, store: common.store, json: r.json)
            }
        }
    }

    /// Words and `--option value` pairs (each option once), plus `--json`; nil for anything else.
    struct Reading {
        var words: [String] = []
        var values: [LogGrammar.Option: String] = [:]
        var json = false
    }

    static func read(_ arguments: [String], options allowed: [LogGrammar.Option]) -> Reading? {
        var r = Reading()
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if word == "--json" {
                guard !r.json else { return nil }
                r.json = true
            } else if word.hasPrefix("--"), let option = LogGrammar.Option(rawValue: String(word.dropFirst(2))), allowed.contains(option) {
                guard i + 1 < arguments.count, r.values[option] == nil else { return nil }
                r.values[option] = arguments[i + 1]
                i += 1
            } else if word.hasPrefix("-") {
                return nil  // an option this form does not take, `--x=y`, `-h`, a negative number: ArgumentParser decides
            } else {
                r.words.append(word)
            }
            i += 1
        }
        return r
    }

    /// The values of the options the log commands share, parsed by their own types (``ArgumentValue``).
    struct Common {
        var at: TimeValue?
        var end: TimeValue?
        var date: DayValue?
        var source = SourceID.app
        var store: StoreLocation

        init?(_ r: Reading) {
            do {
                at = try r.values[.at].map { try TimeValue(parsing: $0) }
                end = try r.values[.end].map { try TimeValue(parsing: $0) }
                date = try r.values[.date].map { try DayValue(parsing: $0) }
                if let text = r.values[.source] { source = try SourceValue(parsing: text).source }
            } catch {
                return nil
            }
            store = StoreLocation(db: r.values[.db])
        }
    }
}
