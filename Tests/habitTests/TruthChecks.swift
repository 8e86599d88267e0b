import Foundation
import HabitKit

/// The checks of a ``TruthRun`` on one day: the calendar's JSON is the one evaluation's word
/// (a dump of `HabitEvaluator.evaluate`), the oracle (``TruthModel``) checks it on the plain
/// habits, and every other view must agree with it (Standards/habits.md "Day
/// states", Standards/ask.md, Standards/reminders.md).
extension TruthRun {
    static let builtins = ["meditate", "workout", "noalc"]

    /// Every habit by its current name: the built-ins, then the own ones.
    var allNames: [String] { Self.builtins + model.names }

    /// The index of own habit `name` (nil: a built-in).
    func index(_ name: String) -> Int? { model.names.firstIndex(of: name) }

    func period(of name: String) -> HabitDefinition.Period { index(name).map { world.habits[$0].per } ?? .day }

    /// `habit calendar YYYY-MM --json` for each month from the first day's to day `d`'s, at
    /// `minute`: each habit's days.
    func evaluation(_ d: Int, _ minute: Int) -> [String: [LocalDay: TruthDay]]? {
        var result: [String: [LocalDay: TruthDay]] = [:]
        var month = world.first.firstOfMonth
        while month <= world.day(d) {
            let text = String(month.description.prefix(7))
            let r = run(["calendar", text, "--json"], d, minute)
            guard r.status == 0, let json = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
                  let days = json["days"] as? [[String: Any]] else {
                failures.append("day \(d) calendar \(text) --json: exit \(r.status) \(r.stderr)")
                return nil
            }
            for day in days {
                guard let date = (day["date"] as? String).flatMap({ LocalDay($0) }), let habits = day["habits"] as? [String: [String: Any]] else { continue }
                for (name, h) in habits {
                    guard let state = (h["state"] as? String).flatMap(DayState.init(rawValue:)) else { continue }
                    let period = (h["period"] as? String).flatMap(PeriodState.init(rawValue:))
                    result[name, default: [:]][date] = TruthDay(state: state, period: period, value: (h["value"] as? Double) ?? 0,
                                                                    skipped: h["skipped"] as? Bool ?? false)
                }
            }
            month = month.firstOfNextMonth
        }
        return result
    }

    func json(_ arguments: [String], _ d: Int, _ minute: Int) -> [String: Any]? {
        let r = run(arguments + ["--json"], d, minute)
        guard r.status == 0, let json = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
            failures.append("day \(d) \(arguments.joined(separator: " ")) --json: exit \(r.status) \(r.stderr)")
            return nil
        }
        return json
    }

    /// The current streak read back from the days (a daily habit): from today if it counts, else
    /// yesterday, the met and healed days, passing over excused ones.
    static func streakBack(_ days: [LocalDay: TruthDay], today: LocalDay) -> Int {
        var count = 0
        var d = today
        while let t = days[d] {
            switch t.state {
            case .met, .healed: count += 1
            case .skipped, .offDay, .notDue: break
            case .pending where d == today: break
            default: return count
            }
            d = d.adding(days: -1)
        }
        return count
    }

    /// Loop's score from the days' states (Standards/habits.md, "Score"), for a daily habit: from
    /// the first day to yesterday, and today once it is met; an excused day leaves it; `c` is 1 or
    /// 0 (yes/no), the share of the target (at least), or `1 − (sum − limit) ÷ limit` clamped (at most).
    func score(_ h: Int, _ days: [LocalDay: TruthDay], today d: Int) -> Double {
        let habit = world.habits[h]
        let m = pow(0.5, 1.0 / 13)
        var s = habit.isLimit ? 1.0 : 0.0
        for i in 0...d {
            guard let t = days[world.day(i)], !(i == d && t.state != .met), !t.excused else { continue }
            let c: Double
            switch (habit.goal, habit.isLimit) {
            case (nil, _): c = t.state == .met ? 1 : 0
            case (let goal?, false): c = min(1, t.value / goal)
            case (let goal?, true): c = min(1, max(0, 1 - (t.value - goal) / goal))
            }
            s = s * m + c * (1 - m)
        }
        return s
    }

    /// Whether a reminder of habit `h` (nil: meditate) has an occurrence on day `d`: every day, or
    /// the habit's schedule (a reminder added without `--days` takes it).
    /// Whether own habit `name` is off its weekday schedule on day `d`: `today` and `status` leave
    /// it out then, logged or not (Standards/habits.md, "Weekday schedules").
    func isOff(_ name: String, _ d: Int) -> Bool {
        guard let h = index(name), let on = world.habits[h].on else { return false }
        return !on.contains(world.day(d).isoWeekday)
    }

    func remindsOn(_ h: Int?, _ d: Int) -> Bool {
        guard let h, let on = world.habits[h].on else { return true }
        return on.contains(world.day(d).isoWeekday)
    }

    /// Every view of day `d`, read at the views' minute, against the calendar's JSON read then.
    func check(day d: Int) {
        let m = TruthWorld.viewMinute
        guard let eval = evaluation(d, m) else { return }
        let today = world.day(d)
        func t(_ name: String) -> TruthDay? { eval[name]?[today] }
        func expectedToday(_ name: String) -> TodayState? { t(name)?.today(per: period(of: name)) }

        // The oracle: the plain habits' days, from what was written.
        for h in world.habits.indices where model.judges(h) {
            let name = model.names[h]
            for (i, (state, period)) in model.states(h, today: d) {
                guard let said = eval[name]?[world.day(i)] else {
                    disagree(d, "calendar --json", name, "a day of the history is missing", "\(world.day(i))")
                    continue
                }
                if said.state != state || (world.habits[h].per == .week && said.period != period) {
                    disagree(d, "calendar --json vs oracle", name,
                             "\(world.habits[h].shape.rawValue) day says \(said.state.rawValue)\(said.period.map { "/\($0.rawValue)" } ?? ""), oracle \(state.rawValue)\(period.map { "/\($0.rawValue)" } ?? "")",
                             "\(world.day(i)) (value \(said.value))")
                }
            }
        }

        // streak --json: today's state, and a daily habit's current streak read back from the days.
        if let streak = json(["streak"], d, m), let habits = streak["habits"] as? [[String: Any]] {
            for item in habits {
                guard let name = item["habit"] as? String, let expected = expectedToday(name) else { continue }
                if item["today"] as? String != expected.rawValue {
                    disagree(d, "streak --json", name, "today \(item["today"] as? String ?? "?"), the day says \(expected.rawValue)",
                             "state \(t(name)!.state.rawValue) period \(t(name)!.period?.rawValue ?? "-")")
                }
                if period(of: name) == .day, let current = item["current"] as? Int, let days = eval[name] {
                    let back = Self.streakBack(days, today: today)
                    if current != back { disagree(d, "streak --json", name, "current is not the met and healed days back from today", "\(current), the days say \(back)") }
                }
            }
        }

        // today --json: every habit but those off their schedule today, each with the day's state.
        if let todayJSON = json(["today"], d, m), let habits = todayJSON["habits"] as? [[String: Any]] {
            let listed = Dictionary(habits.compactMap { h in (h["habit"] as? String).map { ($0, h["today"] as? String ?? "?") } }, uniquingKeysWith: { a, _ in a })
            for name in allNames {
                guard let day = t(name), let expected = expectedToday(name) else { continue }
                if isOff(name, d) {
                    if listed[name] != nil { disagree(d, "today --json", name, "listed on a day off its schedule", "state \(day.state.rawValue)") }
                } else if let said = listed[name] {
                    if said != expected.rawValue { disagree(d, "today --json", name, "today \(said), the day says \(expected.rawValue)", "state \(day.state.rawValue) period \(day.period?.rawValue ?? "-")") }
                } else {
                    disagree(d, "today --json", name, "left out on a day that is not off its schedule", "state \(day.state.rawValue)")
                }
            }
        }

        // status: each token's mark (✓ … ✗ – ◆).
        let status = run(["status"], d, m)
        var marks: [String: String] = [:]
        for token in status.stdout.trimmingCharacters(in: .newlines).components(separatedBy: " · ").dropFirst() {
            guard let mark = token.first else { continue }
            marks[String(token.dropFirst().prefix { $0 != " " })] = String(mark)
        }
        for name in allNames {
            guard let day = t(name), let expected = expectedToday(name) else { continue }
            let said = marks[name]
            if isOff(name, d) {
                if said != nil { disagree(d, "status", name, "shown on a day off its schedule", "state \(day.state.rawValue)") }
            } else if said != TruthDay.statusMark(expected) {
                disagree(d, "status", name, "mark \(said ?? "missing"), the day says \(TruthDay.statusMark(expected)) (\(expected.rawValue))",
                         "state \(day.state.rawValue) period \(day.period?.rawValue ?? "-")")
            }
        }

        checkCalendarText(d, eval)
        checkOverview(d, eval)

        // score --json: the daily habits' score from the days' states.
        if let scores = json(["score"], d, m), let habits = scores["habits"] as? [[String: Any]] {
            for item in habits {
                guard let name = item["habit"] as? String, let h = index(name), world.habits[h].isDaily,
                      let said = item["score"] as? Double, let days = eval[name] else { continue }
                let expected = score(h, days, today: d)
                if abs(said - expected) > 2e-6 {
                    disagree(d, "score --json", name, "the score is not the formula's on the days' states",
                             "\(said), the states give \(String(format: "%.6f", expected))")
                }
            }
        }

        checkAsk(d, t)
        checkReminders(d, t)
    }

    /// `habit calendar YYYY-MM`: each own habit's row marks its days as their states say (a blank
    /// off the schedule or not due), a week or month habit's row ends with its periods' marks
    /// (`weeks ··○●·`, `month ●`: each week the month touches, as of its last day up to today);
    /// the built-ins' grid rings (●/◐, NoAlc `s`) the days that are met (Standards/habits.md,
    /// "Day states").
    func checkCalendarText(_ d: Int, _ eval: [String: [LocalDay: TruthDay]]) {
        let today = world.day(d)
        let month = DayRange(today.firstOfMonth, upTo: today.firstOfNextMonth)
        let r = run(["calendar", String(today.description.prefix(7))], d, TruthWorld.viewMinute)
        let lines = r.stdout.components(separatedBy: "\n")
        // The rows: each name padded to the longest own name (9 at least), a space, a mark a day.
        let width = max(9, model.names.map(\.count).max() ?? 0)
        for name in model.names {
            let prefix = name.padding(toLength: width, withPad: " ", startingAt: 0) + " "
            guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else {
                disagree(d, "calendar", name, "no row for the habit")
                continue
            }
            var glyphs = Array(line.dropFirst(prefix.count)).map(String.init)
            // A row ending in blank days may have lost them.
            if glyphs.count < month.count { glyphs += Array(repeating: " ", count: month.count - glyphs.count) }
            for (i, day) in month.enumerated() {
                let expected = day > today ? "·" : eval[name]?[day]?.mark ?? "·"
                if glyphs[i] != expected {
                    disagree(d, "calendar", name, "mark [\(glyphs[i])], the day says [\(expected)] (\(eval[name]?[day]?.state.rawValue ?? "-"))",
                             "\(day)\(eval[name]?[day]?.period.map { " period \($0.rawValue)" } ?? "")")
                }
            }
            let rest = glyphs.dropFirst(month.count).joined()
            let per = period(of: name)
            guard per == .week || per == .month else {
                if !rest.trimmingCharacters(in: .whitespaces).isEmpty { disagree(d, "calendar", name, "text after a daily habit's days", rest) }
                continue
            }
            // Each period the month touches (a week from Monday): its state as of its last day in the month up to today.
            var periods: [(key: LocalDay, state: PeriodState?)] = []
            for day in month {
                let key = per == .month ? month.lowerBound : day.adding(days: 1 - day.isoWeekday)
                if periods.last?.key != key { periods.append((key, nil)) }
                if let state = eval[name]?[day]?.period { periods[periods.count - 1].state = state }
            }
            let expected = "  " + (per == .week ? "weeks" : "month") + " " + periods.map { TruthDay.mark($0.state) }.joined()
            if rest != expected {
                disagree(d, "calendar", name, "the periods' marks [\(rest)], the days' periods say [\(expected)]",
                         periods.map { "\($0.key) \($0.state?.rawValue ?? "-")" }.joined(separator: ", "))
            }
        }
        // The grid: "24●·s" — the day, then meditate, workout, NoAlc.
        for line in lines.prefix(while: { !$0.isEmpty }) {
            for match in line.matches(of: #/(\d{1,2})([^\s\d])([^\s\d])([^\s\d])/#) {
                guard let number = Int(match.output.1), let day = LocalDay(year: today.year, month: today.month, day: number),
                      day <= today else { continue }
                let glyphs = [match.output.2, match.output.3, match.output.4].map(String.init)
                for (k, name) in Self.builtins.enumerated() {
                    let counted = k == 2 ? glyphs[k] == "s" : glyphs[k] == "●" || glyphs[k] == "◐"
                    guard let state = eval[name]?[day]?.state else { continue }
                    if counted != (state == .met) {
                        disagree(d, "calendar", name, "the grid's \(glyphs[k]) on a day \(state.rawValue)", "\(day)")
                    }
                }
            }
        }
    }

    /// `habit overview --json` over the world's days up to today: the habits the calendar shows,
    /// each day's state the calendar's, and each day's `due` and `done` the states counted as
    /// Standards/habits.md, "The overview" says (met and done are done; missed, healed and a
    /// pending today are due — not a week or month habit's today, which its period judges).
    func checkOverview(_ d: Int, _ eval: [String: [LocalDay: TruthDay]]) {
        let today = world.day(d)
        guard let json = json(["overview", "--days", String(min(366, d + 1))], d, TruthWorld.viewMinute) else { return }
        let habits = json["habits"] as? [[String: Any]] ?? []
        let shown = Set(habits.compactMap { $0["habit"] as? String })
        let calendar = Set(eval.keys.filter { eval[$0]?[today] != nil })
        if shown != calendar { disagree(d, "overview --json", "-", "the habits shown are not the calendar's", "\(shown.sorted()) vs \(calendar.sorted())") }
        var due: [LocalDay: Int] = [:], done: [LocalDay: Int] = [:]
        for habit in habits {
            guard let name = habit["habit"] as? String else { continue }
            let per = period(of: name)
            for day in habit["days"] as? [[String: Any]] ?? [] {
                guard let date = (day["date"] as? String).flatMap({ LocalDay($0) }),
                      let state = (day["state"] as? String).flatMap(DayState.init(rawValue:)) else { continue }
                if state != eval[name]?[date]?.state {
                    disagree(d, "overview --json", name, "state \(state.rawValue), the calendar says \(eval[name]?[date]?.state.rawValue ?? "-")", "\(date)")
                }
                let isDone = state == .met || state == .done
                if isDone || state == .missed || state == .healed || (state == .pending && per != .week && per != .month) { due[date, default: 0] += 1 }
                if isDone { done[date, default: 0] += 1 }
            }
        }
        for item in json["daily"] as? [[String: Any]] ?? [] {
            guard let date = (item["date"] as? String).flatMap({ LocalDay($0) }) else { continue }
            if item["due"] as? Int != due[date] ?? 0 || item["done"] as? Int != done[date] ?? 0 {
                disagree(d, "overview --json", "-", "the day's share \(item["done"] ?? "?")/\(item["due"] ?? "?"), its states give \(done[date] ?? 0)/\(due[date] ?? 0)", "\(date)")
            }
        }
    }

    /// `habit ask` asks today exactly the days its state leaves open (Standards/ask.md, "What is
    /// asked"; `HabitReport.isAsked`): nothing logged (the day's value is 0; NoAlc: no entry, and a
    /// steady one makes the day met), not passed over (skipped, off-day, not due), not `before`
    /// an own habit's history nor `later`, its target not met unless it is an at-most limit; never
    /// a command habit (its command answers) nor a day answered `n`.
    func checkAsk(_ d: Int, _ t: (String) -> TruthDay?) {
        let r = run(["ask"], d, TruthWorld.viewMinute, input: String(repeating: "!\n", count: 60))
        var asked: Set<String> = []
        for match in r.stderr.matches(of: #/line \d+ \((\S+) (\d{4}-\d\d-\d\d)\)/#) { asked.insert(String(match.output.1)) }
        for name in allNames {
            guard let day = t(name) else { continue }
            let h = index(name)
            let isLimit = h.map { world.habits[$0].isLimit } ?? false
            var expected = day.value == 0 && !day.skipped && !(day.targetMet && !isLimit)
            switch day.state {
            case .skipped, .offDay, .notDue, .later: expected = false
            case .before: expected = expected && h == nil
            case .met, .done, .open, .missed, .healed, .pending: break
            }
            if let h { expected = expected && world.habits[h].shape != .command && !model.noAnswers[h].contains(d) }
            if asked.contains(name) != expected {
                disagree(d, "ask", name, asked.contains(name) ? "asked on a day \(day.state.rawValue)\(day.period.map { "/\($0.rawValue)" } ?? "")"
                         : "not asked on a day \(day.state.rawValue)\(day.period.map { "/\($0.rawValue)" } ?? "")", "value \(day.value)")
            }
        }
    }

    /// `remind list --json` before the reminders' time: each occurrence of today will fire iff
    /// the day's state as of that day is pending (not met, skipped, off or decided against); its
    /// words name the habit's current name. `remind check` at the time delivers exactly those
    /// (Standards/reminders.md, "One rule").
    func checkReminders(_ d: Int, _ t: (String) -> TruthDay?) {
        let today = world.day(d)
        func name(_ h: Int?) -> String { h.map { model.names[$0] } ?? "meditate" }
        // A reminder fires exactly on a day still to do: today's state as of that day is pending —
        // not met, not skipped or off, and not decided against (missed, healed: no log can make it
        // met; Standards/reminders.md, "One rule").
        func fires(_ h: Int?) -> Bool? {
            guard let day = t(name(h)) else { return nil }
            return day.today(per: period(of: name(h))) == .pending
        }
        if let list = json(["remind", "list"], d, TruthWorld.viewMinute), let items = list["reminders"] as? [[String: Any]] {
            for (id, h) in reminders {
                guard let item = items.first(where: { $0["id"] as? Int == id }) else {
                    disagree(d, "remind list --json", name(h), "the reminder is not listed")
                    continue
                }
                if let h, let message = item["message"] as? String, message.contains("habit log"),
                   !message.contains("habit log \(model.names[h])") {
                    disagree(d, "remind list --json", name(h), "the message does not name the habit as it is called now", message)
                }
                guard (item["nextOccurrence"] as? String)?.hasPrefix(today.description) == true, let expected = fires(h) else { continue }
                if item["willFire"] as? Bool != expected {
                    let day = t(name(h))!
                    disagree(d, "remind list --json", name(h), "willFire \(item["willFire"] as? Bool ?? false) on a day \(day.state.rawValue)\(day.period.map { "/\($0.rawValue)" } ?? "")",
                             "doneAlready \(item["doneAlready"] as? Bool ?? false), reason \(item["reason"] as? String ?? "none")")
                }
            }
        }
        guard let check = json(["remind", "check"], d, TruthWorld.checkMinute) else { return }
        let delivered = Set((check["delivered"] as? [[String: Any]] ?? []).compactMap { $0["reminder"] as? String })
        for (id, h) in reminders where remindsOn(h, d) {
            guard let expected = fires(h) else { continue }
            if delivered.contains(String(id)) != expected {
                let day = t(name(h))!
                disagree(d, "remind check", name(h), "\(expected ? "not delivered" : "delivered") on a day \(day.state.rawValue)\(day.period.map { "/\($0.rawValue)" } ?? "")")
            }
        }
    }
}
