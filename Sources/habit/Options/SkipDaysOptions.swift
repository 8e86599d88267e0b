import ArgumentParser
import HabitKit

/// What `habit skip` and `habit unskip` take: `NAME DAY [--to DAY]`, `--all DAY [--to DAY]`, or
/// `NAME|--all --from DAY --to DAY` (`--from` is DAY by another name).
struct SkipDaysOptions: ParsableArguments {
    @Flag(name: .long, help: "Every habit (a vacation) instead of one.")
    var all = false

    @Option(name: .long, parsing: .unconditional, help: "The first day: the same as DAY.", transform: DayValue.parse)
    var from: DayValue?

    @Option(name: .long, parsing: .unconditional,
            help: "The first day NOT included: ranges are half-open, [DAY, --to). Without it, DAY alone.",
            transform: DayValue.parse)
    var to: DayValue?

    /// Collected as words: a day may be written `-3`.
    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The habit (not with --all), then the day: today, yesterday, -N or YYYY-MM-DD.", valueName: "name-and-day"),
              completion: HabitNameCompletion.skipWords)
    var words: [String] = []

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    /// At most this many days at once (ten years).
    static let maximumDays = 3660

    /// The habit's name (nil with --all) and the first day as written.
    func target(command: String) throws -> (name: String?, first: DayValue) {
        try PositionalWords.checkNoOptions(words, command: command)
        let example = "e.g. '\(command) floss 2026-12-24' or '\(command) --all --from 2026-12-24 --to 2027-01-03'"
        var rest = words
        var name: String?
        if !all {
            guard !rest.isEmpty else { throw ValidationError("give a habit (or --all) and a day, \(example)") }
            name = rest.removeFirst()
        }
        switch (rest.count, from) {
        case (0, let from?):
            return (name, from)
        case (1, nil):
            return (name, try DayValue.parse(rest[0], as: "<day>"))
        case (0, nil):
            throw ValidationError("give a day (or --from DAY), \(example)")
        case (1, _?):
            throw ValidationError("give the first day once: as DAY or as --from, not both")
        default:
            throw ValidationError(all ? "--all means every habit: give only days, \(example)"
                                      : "give one habit and one day (got \(words.count) words), \(example)")
        }
    }

    /// `[first, --to)`, or the first day alone; refuses an empty range and more than ``maximumDays``.
    func days(first: DayValue, today: LocalDay) throws -> DayRange {
        try Self.days(first: first, named: from != nil ? "--from" : "<day>", to: to, today: today)
    }

    /// `[first, to)`, or the first day alone (also for a skip applied from the pending journal).
    static func days(first: DayValue, named: String, to: DayValue?, today: LocalDay) throws -> DayRange {
        let start = try first.day(today: today, in: named)
        guard let to else { return DayRange(day: start) }
        let end = try to.day(today: today, in: "--to")
        guard start < end else { throw HabitInputError.emptyRange(start.description, end.description) }
        let range = DayRange(start, upTo: end)
        guard range.count <= Self.maximumDays else { throw HabitInputError.tooManyDays(range.count, limit: Self.maximumDays) }
        return range
    }
}
