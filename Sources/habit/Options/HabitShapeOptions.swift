import ArgumentParser
import HabitKit

/// The options that shape a habit, shared by `habit add` and `habit edit`; their rules are
/// ``HabitSpec``'s. The ones that only undo something are `edit`'s alone (``UndoingOptions``):
/// `habit add --help` lists none of them (Standards/cli.md, "The first five minutes").
struct HabitShapeOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: "Count a quantity in this unit: glass, page, km, min (a duration unit takes 25m, 1h) …")
    var unit: String?

    @Option(name: .long, parsing: .unconditional, help: "Target: reach at least this much per period (8, 7h).")
    var atLeast: String?

    @Option(name: .long, parsing: .unconditional, help: "Limit: stay within this much per period; a day without entries is met.")
    var atMost: String?

    @Option(name: .long,
            help: ArgumentHelp("The period a target or --times counts in: day (default), week (from the week-start day), month, or N-days — any N days in a row (2–365).",
                               valueName: "day|week|month|N-days"),
            transform: HabitDefinition.Period.parse)
    var per: HabitDefinition.Period?

    @Option(name: .long, parsing: .unconditional, help: "Yes/no habits: days done per --per (1–7 a week, 1–31 a month, 1–N in N days).")
    var times: String?

    @Option(name: .long, parsing: .unconditional,
            help: "Habits on imported data: whose samples count — app, all (default) or source names/bundle ids, comma-separated.")
    var sources: String?

    @Flag(name: .customLong("never-asks"),
          help: "Record without asking: no day is ever 'not done'; today, status and reminders leave it out.")
    var neverAsks = false

    @Option(name: .long,
            help: ArgumentHelp("Due only on these weekdays, the words of 'remind add --days': mon,wed,fri, weekdays, weekends, mon-fri …; other days are neither good nor missed. Daily habits only.",
                               valueName: "days"),
            transform: WeekdaysValue.parse)
    var on: WeekdaysValue?

    @Option(name: .long, help: ArgumentHelp("A tag for grouping and filtering (--tag T on today, status, streak, calendar, score, ask, remind list); repeat it for several.",
                                           valueName: "tag"))
    var tag: [String] = []

    /// These options as a spec, with the ones only `add` or only `edit` has.
    /// `undoing`: `edit`'s options (nil for `add`, which has none).
    func spec(from: String? = nil, field: String? = nil, noTarget: Bool = false, newName: String? = nil,
              undoing: UndoingOptions? = nil) throws -> HabitSpec {
        let asks = undoing?.asks ?? false
        if asks && neverAsks { throw HabitInputError.asksAndNeverAsks }
        return HabitSpec(unit: unit, atLeast: atLeast, atMost: atMost, noTarget: noTarget, per: per, times: times, from: from,
                         sources: sources, newName: newName, field: field, asks: neverAsks ? false : asks ? true : nil,
                         on: on?.weekdays, everyDay: undoing?.everyDay ?? false, tags: tag, untags: undoing?.untag ?? [])
    }
}

/// `habit edit`'s options that take back what `add` (or an earlier edit) gave: `add` has none of them.
struct UndoingOptions: ParsableArguments {
    @Flag(name: .long, help: "Ask again (undoes --never-asks).")
    var asks = false

    @Flag(name: .customLong("every-day"), help: "Due every day again (undoes --on).")
    var everyDay = false

    @Option(name: .long, help: ArgumentHelp("Take this tag away; repeat it for several.", valueName: "tag"))
    var untag: [String] = []

    /// The options as typed, for `habit add`'s refusal of them.
    static let names = ["--asks", "--every-day", "--untag"]
}
