import ArgumentParser
import HabitKit

/// The grammar of `habit log …`, declared once: the log commands, the options each takes and the
/// rules their values obey. ArgumentParser's commands (`Commands/Log*.swift`, whose `validate()`
/// and `run()` call the rules here) and the fast path (``FastLog``, which routes a command line by
/// this table and hands every value to the same rules) both read it; `FastLogTests` checks the
/// table against the options ArgumentParser lists and that both readings agree line by line.
enum LogGrammar {
    /// The options of the log commands that take a value (`--json` is the one flag).
    enum Option: String, CaseIterable {
        case at, end, date, note, source, db, met

        var word: String { "--" + rawValue }
    }

    /// One log command: its name (and aliases) and the options it takes.
    struct Form: Equatable {
        let name: String
        var aliases: [String] = []
        /// An array, not a `Set`: a set of an enum is looked up by the runtime (its `Hashable`
        /// conformance) on first use, ~0.46 M instructions of every `habit log`.
        let options: [Option]
    }

    static let meditate = Form(name: "meditate", options: [.at, .end, .note, .source, .db])
    static let workout = Form(name: "workout", options: [.at, .end, .met, .note, .source, .db])
    static let alcohol = Form(name: "alcohol", aliases: ["noalc"], options: [.date, .source, .db])
    /// `habit log NAME …`: any word that is no other log command's name.
    static let habit = Form(name: "_habit", options: [.at, .end, .date, .note, .db])
    static let forms = [meditate, workout, alcohol, habit]

    /// The form `habit log WORD …` runs: a built-in's, else a habit of one's own for a word that
    /// could be a habit's name (nil: `list`, `help`, an option … which only ArgumentParser reads).
    static func form(for word: String) -> Form? {
        if let form = [meditate, workout, alcohol].first(where: { $0.name == word || $0.aliases.contains(word) }) { return form }
        return word.hasPrefix("-") || HabitName.reserved.contains(word) ? nil : habit
    }

    // MARK: - The rules

    /// A session starts at `--at` or ends at `--end`, not both.
    static func checkSessionTime(at: TimeValue?, end: TimeValue?) throws(ValidationError) {
        if at != nil && end != nil { throw ValidationError("give --at or --end, not both") }
    }

    /// `habit log meditate DURATION`: one word, a duration (collected unconditionally: `-5m` is a value here).
    static func duration(_ words: [String]) throws(ValidationError) -> DurationValue {
        let word = try oneWord(words, command: "habit log meditate", none: "give a duration, e.g. 'habit log meditate 10m'",
                               many: "give one duration, e.g. 'habit log meditate 10m'")
        return try DurationValue.parse(word, as: "<duration>")
    }

    /// `habit log workout [ACTIVITY] DURATION`.
    static func activityAndDuration(_ words: [String]) throws(ValidationError) -> (Activity, DurationValue) {
        try PositionalWords.checkNoOptions(words, command: "habit log workout")
        return try WorkoutWord.parse(words)
    }

    /// `habit log alcohol DRINKS|LEVEL`: one word.
    static func drinks(_ words: [String]) throws(ValidationError) -> DrinksValue {
        let word = try oneWord(words, command: "habit log alcohol", none: "give a number of drinks or a level, e.g. 'habit log alcohol 0'",
                               many: "give one number of drinks or a level")
        return try DrinksValue.parse(word, as: "<drinks>")
    }

    /// The one positional word of `command`: `none` says what to give when there is none, `many` when there are more.
    private static func oneWord(_ words: [String], command: String, none: String, many: String) throws(ValidationError) -> String {
        try PositionalWords.checkNoOptions(words, command: command)
        guard words.count == 1 else { throw ValidationError(words.isEmpty ? none : "\(many) (got \(words.count) words)") }
        return words[0]
    }

    /// `habit log NAME [AMOUNT]` and its options: a habit first, at most one amount, and one of
    /// `--at`, `--end` and `--date`. Without a word (`habit log`) only the help is shown, so no option may be given.
    static func checkHabitEntry(_ words: [String], at: TimeValue?, end: TimeValue?, date: DayValue?, note: String?,
                                json: Bool) throws(ValidationError) {
        guard let word = words.first else {
            if at != nil || end != nil || date != nil || note != nil || json {
                throw ValidationError("give a habit first, e.g. 'habit log floss --date -1' (see 'habit log --help')")
            }
            return
        }
        if word.hasPrefix("-") && word.dropFirst().first?.isLetter != false {
            throw ValidationError("unknown option \(quoted: word) for 'habit log'; give a habit first, e.g. 'habit log meditate 10m' (see 'habit log --help')")
        }
        try PositionalWords.checkNoOptions(Array(words.dropFirst()), command: "habit log \(word)")
        guard words.count <= 2 else {
            throw ValidationError("give a habit and at most one amount, e.g. 'habit log water 3' (got \(words.count) words)")
        }
        if [at != nil, end != nil, date != nil].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --at, --end and --date")
        }
    }
}
