import ArgumentParser
import HabitKit

/// `habit ask [HABIT…] [--date D | --from D [--to D] | today | yesterday | week] [--json]`: a
/// check-in (Standards/ask.md). Each habit due on each day and not yet answered is asked once,
/// oldest day first; each answer is written at once, as `habit log` / `habit skip` write it.
struct AskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask",
        abstract: "Check in: answer each habit not yet answered, day by day (y, n, s, an amount, # a note).",
        discussion: """
            Answers: y (done), n (not done: remembered, never counts), s (skip), an amount for a quantity
            (25, y 25; meditate: minutes; workout: hiit 25m; noalc: drinks or steady|easy|wild), then
            '# a note' if you like; ? shows the keys, q stops (what was answered stays).
            Without a terminal on stdin it reads one answer a line (EOF stops as q).
              habit ask                 today
              habit ask week            the last 7 days, today included
              habit ask floss --from 2026-11-01 --to 2026-11-08   (--to is not in)
            """)

    /// At most this many days at once.
    static let maximumDays = 62
    /// The words that choose the days instead of a habit.
    static let rangeWords = ["today", "yesterday", "week"]

    @Argument(help: ArgumentHelp("Habits to ask (default: every habit), or one of today, yesterday, week.", valueName: "habit"))
    var words: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "One day: today, yesterday, -N, YYYY-MM-DD.", transform: DayValue.parse)
    var date: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "The first day of a range (with --to; up to 62 days).", transform: DayValue.parse)
    var from: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "The first day NOT included (default: tomorrow, so today is the last).", transform: DayValue.parse)
    var to: DayValue?

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    /// The habits named and the range word, checked before the store is opened.
    func parts() throws -> (names: [String], word: String?) {
        let ranged = words.filter { Self.rangeWords.contains($0.lowercased()) }
        let names = words.filter { !Self.rangeWords.contains($0.lowercased()) }
        if ranged.count > 1 { throw ValidationError("give one of today, yesterday, week (got \(ranged.joined(separator: ", ")))") }
        let word = ranged.first?.lowercased()
        if word != nil, date != nil || from != nil || to != nil {
            throw ValidationError("'\(word ?? "")' chooses the days: give it or --date / --from, not both")
        }
        if date != nil, from != nil || to != nil { throw ValidationError("give --date or --from/--to, not both") }
        if to != nil, from == nil { throw ValidationError("--to needs --from, e.g. 'habit ask --from 2026-11-01 --to 2026-11-08'") }
        return (names, word)
    }

    func validate() throws { _ = try parts() }

    /// The days to ask, `[first, end)`: never after today, at most ``maximumDays``.
    func days(word: String?, today: LocalDay) throws -> DayRange {
        let tomorrow = today.adding(days: 1)
        let range: DayRange
        switch word {
        case "yesterday": range = DayRange(day: today.adding(days: -1))
        case "week": range = DayRange(today.adding(days: -6), upTo: tomorrow)
        default:
            if let date {
                range = DayRange(day: try date.day(today: today, in: "--date"))
            } else if let from {
                let first = try from.day(today: today, in: "--from")
                let end = try to?.day(today: today, in: "--to") ?? tomorrow
                guard first < end else { throw HabitInputError.emptyRange(first.description, end.description) }
                range = DayRange(first, upTo: end)
            } else {
                range = DayRange(day: today)
            }
        }
        if range.upperBound > tomorrow {
            throw ValidationError("\(range.upperBound.adding(days: -1)) is in the future: habit ask answers days up to today")
        }
        guard range.count <= Self.maximumDays else { throw HabitInputError.tooManyDays(range.count, limit: Self.maximumDays) }
        return range
    }

    func run() throws {
        let (names, word) = try parts()
        if !(try store.location.existsForWriting()) {
            // No store yet: the questions are found on it read as empty first, so that an unknown
            // name or nothing to ask creates no store (Standards/cli.md); it is made to write an answer.
            let (reader, env, days) = try store.location.reading { env in try self.days(word: word, today: env.today) }
            let preview = try AskSession(store: reader, env: env, days: days, names: names, tags: tags)
            if preview.questions.isEmpty { return try preview.run(json: output.json) }
        }
        let (store, env, days) = try store.location.writing { env in try self.days(word: word, today: env.today) }
        let session = try AskSession(store: store, env: env, days: days, names: names, tags: tags)
        try session.run(json: output.json)
    }
}
