import ArgumentParser
import HabitKit

/// `habit stats NAME|TYPE [--per day|week|month] [--from D --to D] [--all-sources] [--json]`.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count, sum, average, min and max per day, week or month, for a habit or a data type.",
        discussion: """
            Buckets are half-open periods (weeks by the week-start setting); a sample counts in the bucket of its day.
            Without --per: a habit's own period (a week habit per week, a month habit per month, any other \
            per day); a data type per day.
            Without --from/--to: the last 12 periods, the current one included (for a habit, none before \
            the period it began in). A range is widened to whole periods.
            A habit's name wins over a type's short name (a habit 'steps'); a HealthKit identifier always means the type.
            """)

    @Argument(help: ArgumentHelp("A habit, or a data type: steps, sleep, mindful, active-energy, exercise, distance or a HealthKit identifier.",
                                 valueName: "habit-or-type"), completion: HabitNameCompletion.habitOrType)
    var subject: String

    @Option(name: .customLong("per"), help: ArgumentHelp("The length of a bucket: day, week or month (default: the habit's own period, else day).",
                                                         valueName: "day|week|month"),
            transform: StatsPeriod.parse)
    var bucket: StatsPeriod?

    /// The buckets without `--per`: a week or month habit's own period, else days.
    static func defaultPeriod(of subject: StatsSubject) -> HabitDefinition.Period {
        guard case .habit(let habit) = subject, habit.per == .week || habit.per == .month else { return .day }
        return habit.per
    }

    @OptionGroup var span: DaySpanOptions

    @OptionGroup var options: ReadOptions

    func run() throws {
        try options.store.snapshot { store, env in
            let settings = try store.read(.settings)
            let subject = try resolve(in: store, env: env)
            let per = bucket?.period ?? Self.defaultPeriod(of: subject)
            let days = try StatsBuckets.range(from: try span.from?.day(today: env.today, in: "--from"),
                                              to: try span.to?.day(today: env.today, in: "--to"),
                                              per: per, today: env.today, weekStartsOnSunday: settings.weekStartsOnSunday)
            var stats = try store.read(.statistics(of: subject, per: per, days: days, allSources: options.allSources, env: env))
            // Without --from a habit's stats start with the period it began in.
            if span.from == nil, case .habit(let habit) = subject { stats.buckets = StatsBuckets.since(habit.since, stats.buckets) }
            if options.output.json {
                try Output.printJSON(StatsJSON(stats))
                return
            }
            Output.print(StatsText.lines(stats, style: .live).joined(separator: "\n"))
        }
    }

    /// A habit of that name (built-in or own, archived included), else a data type.
    func resolve(in store: HabitStore, env: HabitEnvironment) throws -> StatsSubject {
        do {
            return .habit(try store.read(.habit(named: subject, env: env)))
        } catch HabitInputError.unknownHabit(_, let existing) {
            do {
                return .type(try HabitDataType(parsing: subject))
            } catch {
                throw HabitInputError.unknownHabitOrType(subject, existing: existing)
            }
        }
    }
}
