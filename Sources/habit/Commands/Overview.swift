import ArgumentParser
import HabitKit

/// `habit overview [--days N] [--tag T …]`: every shown habit × the last days that fit the
/// terminal, one mark a day (the calendar's), and under them each day's share done — harsh's
/// `harsh log` and its consistency graph (Standards/habits.md, "The overview").
struct OverviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Every habit over the last days (as many as fit), a mark a day, and each day's share done.",
        discussion: """
            Marks as in habit calendar: ● done, ◆ missed but healed by a joker, – skipped, ○ missed, \
            · nothing yet, blank: not due. A week or month habit's periods stand after its days.

            The last row, % done, is the share of the habits due each day that were done (▁ none … █ all; \
            blank: nothing due). Skipped days, days off a habit's weekdays, and a week or month habit's \
            days with nothing done are not due.
            """)

    /// The most days one overview shows.
    static let mostDays = 366
    /// The days `--json` lists without `--days` (a script gets the same answer in any window).
    static let jsonDays = 60

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("How many days, today the last (1–\(mostDays); default: as many as fit the width, \(jsonDays) with --json).",
                               valueName: "n"),
            transform: Self.parseDays)
    var days: Int?

    @OptionGroup var tags: TagFilterOptions
    @OptionGroup var options: ReadOptions

    /// `--days`: a whole number from 1 to ``mostDays``.
    static func parseDays(_ text: String) throws -> Int {
        guard text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(text), (1...mostDays).contains(n) else {
            throw DaysRefusal()
        }
        return n
    }

    struct DaysRefusal: Error, CustomStringConvertible {
        var description: String { "give a whole number of days from 1 to \(OverviewCommand.mostDays)" }
    }

    /// The habits the overview shows: the ones `habit calendar` shows (nil: every habit shown,
    /// built-ins first), or those with a tag of `--tag`. The one place that chooses them.
    static func shown(_ store: HabitStore, tags: [String], env: HabitEnvironment) throws -> [HabitDefinition]? {
        try TagFilterOptions.chosen(tags: tags, store, named: nil, env: env)
    }

    func run() throws {
        let json = options.output.json
        // Without --days: as many as fit (at most the width; the text trims to what fits), 60 for JSON.
        let asked = days ?? (json ? Self.jsonDays : min(Self.mostDays, Width.columns))
        try options.store.location.snapshot(forExit: true, { env throws(InputError) -> DayRange in  // the process ends after it
            guard SupportedDates.days.contains(env.today) else {
                throw .inArgument("HABIT_NOW", .unsupportedDate(env.calendar.iso8601(env.now)))
            }
            let first = max(SupportedDates.days.lowerBound, env.today.adding(days: 1 - asked))
            return DayRange(first, upTo: env.today.adding(days: 1))
        }) { store, env, range in
            let shown = try Self.shown(store, tags: tags.tag, env: env)
            let overview = try store.read(.overview(shown, range: range, env: env, allSources: options.allSources))
            if json {
                try Output.printJSON(OverviewJSON(overview, timeZone: env.timeZone.identifier))
                return
            }
            let weekStartsOnSunday = try store.read(.settings).weekStartsOnSunday
            let fitted = days == nil ? OverviewText.fitted(overview, columns: Width.columns, weekStartsOnSunday: weekStartsOnSunday) : overview
            Output.print(OverviewText.lines(fitted, weekStartsOnSunday: weekStartsOnSunday, style: Style.live).joined(separator: "\n"))
        }
    }
}
