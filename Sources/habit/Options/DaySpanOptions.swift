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
        guard from != nil || to != nil else { return nil }
        let calendar = env.calendar
        let fromDay: LocalDay?
        do throws(InputError) { fromDay = try from?.day(today: env.today) } catch { throw InputError.inArgument("--from", error) }
        let toDay: LocalDay?
        do throws(InputError) { toDay = try to?.day(today: env.today) } catch { throw InputError.inArgument("--to", error) }
        if let fromDay, let toDay, fromDay > toDay { throw UsageError.emptyRange(from: from?.text ?? "", to: to?.text ?? "") }
        let lower = fromDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
        let upper = toDay.map { calendar.start(of: $0) } ?? Date(timeIntervalSince1970: 253_402_300_800)
        return InstantRange(lower, upTo: upper)
    }
}
