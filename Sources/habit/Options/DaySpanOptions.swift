import ArgumentParser
import Foundation
import HabitKit

/// `--from D --to D`: a half-open span of days, `[start of --from, start of --to)`, open-ended on
/// a side not given (export, notes; `habit stats` takes the two days and widens them to whole periods).
struct DaySpanOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "First day included (YYYY-MM-DD, today, -N).", transform: DayValue.parse)
    var from: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "First day NOT included: ranges are half-open, [from, to).", transform: DayValue.parse)
    var to: DayValue?

    /// The span's instants; nil without either option.
    func range(env: HabitEnvironment) throws -> InstantRange? {
        try range(env: env) { env.calendar.start(of: $0) }
    }

    /// The span for entries that name a day (``DayEntry``): from the first instant of `--from`'s
    /// calendar day to that of `--to`'s; nil without either option or with day-start 00:00 (the same span).
    func entryRange(env: HabitEnvironment) throws -> InstantRange? {
        guard env.calendar.dayStart != .midnight else { return nil }
        return try range(env: env) { env.calendar.entryInstant(of: $0) }
    }

    private func range(env: HabitEnvironment, start: (LocalDay) -> Date) throws -> InstantRange? {
        guard from != nil || to != nil else { return nil }
        let fromDay: LocalDay?
        do throws(InputError) { fromDay = try from?.day(today: env.today) } catch { throw InputError.inArgument("--from", error) }
        let toDay: LocalDay?
        do throws(InputError) { toDay = try to?.day(today: env.today) } catch { throw InputError.inArgument("--to", error) }
        if let fromDay, let toDay, fromDay > toDay { throw UsageError.emptyRange(from: from?.text ?? "", to: to?.text ?? "") }
        let lower = fromDay.map(start) ?? Date(timeIntervalSince1970: -62_135_596_800)
        let upper = toDay.map(start) ?? Date(timeIntervalSince1970: 253_402_300_800)
        return InstantRange(lower, upTo: upper)
    }
}
