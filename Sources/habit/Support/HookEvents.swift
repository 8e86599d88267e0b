import Foundation
import HabitKit

/// The event objects hooks get on stdin (Standards/json.md, "Hooks"): `{"event":"on-log","data":{…}}`,
/// the data in the shape `--json` prints elsewhere.
struct HookPayload<Data: Encodable>: Encodable {
    let event: String
    let data: Data

    init(_ event: Hooks.Event, _ data: Data) { (self.event, self.data) = (event.rawValue, data) }
}

/// `on-met`'s data: the habit and the day that became met.
struct MetHookJSON: Encodable {
    let habit: String
    let date: String
}

/// `on-streak`'s data: the streak before and after; `broken` when it ended.
struct StreakHookJSON: Encodable {
    let habit: String
    let per: String
    let previous: Int
    let current: Int
    let longest: Int
    let broken: Bool
}

/// What a log tells its hooks: `on-log` always (when there is one); `on-met` when the log made the
/// entry's day (or period) met; `on-streak` when the habit's current streak changed. The habit is
/// read before and after the log only when an `on-met` or `on-streak` hook exists.
struct LogHooks {
    let installed: Set<Hooks.Event>
    private let habit: HabitDefinition?
    private let day: LocalDay
    private let before: HabitReport?

    /// The hooks `plan` fires (``LogPlan/hooks``: none for the pending journal's entries), for its habit and day.
    init(_ plan: LogPlan, store: HabitStore, env: HabitEnvironment) throws {
        installed = plan.hooks.isEmpty ? [] : Hooks.installed().filter { event in plan.hooks.contains { $0.rawValue == event.rawValue } }
        day = plan.day
        guard !installed.isDisjoint(with: [.met, .streak]) else { (habit, before) = (nil, nil); return }
        let habit = try store.read(.habit(named: plan.hookHabit, env: env))
        self.habit = habit
        before = try store.read(.overview([habit], range: DayRange(day: day), env: env)).reports.first
    }

    /// Runs the hooks after `result` was stored and printed.
    func fire(_ result: LogResult, store: HabitStore, env: HabitEnvironment) throws {
        Hooks.run(.log, HookPayload(.log, LogJSON(result, calendar: env.calendar)), installed: installed)
        guard let habit, let before, let after = try store.read(.overview([habit], range: DayRange(day: day), env: env)).reports.first,
              after.readable else { return }
        if before.days.first?.targetMet != true, after.days.first?.targetMet == true {
            Hooks.run(.met, HookPayload(.met, MetHookJSON(habit: habit.name, date: day.description)), installed: installed)
        }
        if installed.contains(.streak) { StreakHooks.compare([after], previous: [habit.id: before.current], installed: installed) }
    }
}

/// `on-streak` from the streaks as they stand: a log compares the habit before and after; a
/// reminder check (cron) compares every habit with what the last look saw
/// (`$XDG_STATE_HOME/habit/streaks`), so a streak that broke because a day passed is told too.
enum StreakHooks {
    static var memory: String { Pending.stateFolder + "/streaks" }

    /// Fires `on-streak` for each report whose current streak differs from `previous` (a habit
    /// not in it: from what the last look saw; one never seen: nothing, only remembered), then
    /// remembers the reports' streaks.
    static func compare(_ reports: [HabitReport], previous given: [String: Int] = [:], installed: Set<Hooks.Event>) {
        var seen = load()
        for r in reports where r.readable {
            let id = r.definition.id
            if let previous = given[id] ?? seen[id], previous != r.current {
                Hooks.run(.streak, HookPayload(.streak, StreakHookJSON(
                    habit: r.definition.name, per: r.definition.per.name, previous: previous, current: r.current,
                    longest: r.longest, broken: r.current < previous)), installed: installed)
            }
            seen[id] = r.current
        }
        save(seen)
    }

    /// `id current` lines; nothing from a file habit does not trust.
    static func load() -> [String: Int] {
        guard let text = Hooks.readOwn(memory) else { return [:] }
        var out: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let n = Int(parts[1]), n >= 0 { out[String(parts[0])] = n }
        }
        return out
    }

    static func save(_ streaks: [String: Int]) {
        let text = streaks.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)\n" }.joined()
        Hooks.writeOwn(memory, text, append: false)
    }
}

extension LogReport {
    /// Stores `plan`, prints what was stored, then runs the hooks it fires (a hook never
    /// changes the outcome: the entry is stored and printed whatever the hooks do).
    static func log(_ plan: LogPlan, store: HabitStore, env: HabitEnvironment, json: Bool) throws {
        try record(plan, store: store, env: env) { result in try print(result, env: env, json: json) }
    }

    /// Stores `plan` (``HabitStore/write(_:env:)``, the one store method), then `report`s it, then
    /// runs the hooks it fires: what every log does (`habit log …`, and each answer of `habit ask`
    /// and change of `habit ui`, which report it their own way). With `old`: they are deleted in
    /// the same transaction (``HabitStore/replace(_:with:env:)``, `habit ui`'s typed amount).
    @discardableResult
    static func record(_ plan: LogPlan, store: HabitStore, env: HabitEnvironment, replacing old: [UUID] = [],
                       report: (LogResult) throws -> Void = { _ in }) throws -> LogResult {
        let hooks = try LogHooks(plan, store: store, env: env)
        let result = old.isEmpty ? try store.write(plan, env: env) : try store.replace(old, with: plan, env: env)
        try report(result)
        try? hooks.fire(result, store: store, env: env)
        return result
    }
}
