import ArgumentParser
import HabitKit

/// `habit skip NAME DAY [--to DAY]`, `habit skip --all DAY [--to DAY]`, `habit skip --all --from DAY --to DAY`.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Skip a day or a half-open range of days, for one habit or --all: neither good nor missed.",
        discussion: """
            habit skip floss 2026-12-24                    one day
            habit skip floss 2026-12-24 --to 2026-12-28    4 days (--to is not in)
            habit skip --all --from 2026-12-24 --to 2027-01-03   every habit
            """)

    @OptionGroup var options: SkipDaysOptions

    func validate() throws { _ = try options.target(command: "habit skip") }

    func run() throws {
        let (name, first) = try options.target(command: "habit skip")
        try options.store.location.writeOrSave({ e in (e.habit, e.date, e.to) = (name, first.text, options.to?.text) }, kind: .skip) {
            let (store, env, habit, days) = try options.store.writing(habit: name) { env in
                try options.days(first: first, today: env.today)
            }
            if let habit, habit.archived { throw HabitInputError.archived(habit.name) }
            let change = try store.setSkipped(true, habitID: habit?.id, days: days, env: env)
            if options.output.json {
                try Output.printJSON(SkipJSON(habit: habit?.name, skipped: change.days, unchanged: change.unchanged))
                return
            }
            Output.print(SkipText.skipped(change, habit: habit?.name).joined(separator: "\n"))
        }
    }
}
