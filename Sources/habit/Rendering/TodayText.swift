import HabitKit

/// The to-do list of `habit today`: at risk first, then what is left, then what is done or skipped.
enum TodayText {
    static func lines(_ plan: DayPlan, _ day: DaySummary, today: LocalDay, style: Style) -> [String] {
        let head = plan.left.isEmpty ? "all done" : "\(plan.left.count) left" + (plan.atRisk.isEmpty ? "" : ", \(plan.atRisk.count) at risk")
        var lines = [style.bold("Today, \(TextRendering.dayHeading(today, today: LocalDay(ordinal: 0)))") + " — " + head]
        let ordered = plan.items.filter(\.atRisk) + plan.items.filter { $0.left && !$0.atRisk } + plan.items.filter { !$0.left }
        let details = ordered.map { Self.details($0.report, day) }
        let streaks = ordered.map { item in
            let r = item.report
            guard r.readable else { return "" }
            return "streak \(r.current) \(r.definition.per.streakUnit)\(r.current == 1 ? "" : "s")"
        }
        let detailWidth = details.map { Width.of($0) }.max() ?? 0
        let nameWidth = Width.nameColumn(ordered.map(\.report.definition.name),
                                         rest: 3 + detailWidth + 2 + (streaks.map { Width.of($0) }.max() ?? 0))
        for (i, item) in ordered.enumerated() {
            let r = item.report
            let mark = StatusText.mark(r)
            let shownMark = r.today == .done ? style.green(mark) : item.atRisk || r.today == .missed ? style.red(mark)
                : r.today == .healed ? style.yellow(mark) : mark
            let row = Width.cut(Width.pad(r.definition.name, to: nameWidth) + " " + Width.pad(details[i], to: detailWidth)
                                + "  " + streaks[i], to: Width.columns - 2)
            let note = item.atRisk ? (r.period == nil ? "at risk: breaks tonight, no joker left"
                                      : r.definition.per.days != nil ? "at risk: breaks tonight" : "at risk: the \(r.definition.per.name) ends today")
                : r.readable && r.today == .healed ? "missed, healed by a joker"
                : item.left && item.safeToMiss > 0 ? "safe to miss \(item.safeToMiss)" : nil
            let shownNote = note.map { item.atRisk ? style.red($0) : $0 }
            // A note that does not fit beside the row goes under it, below the details.
            lines += shownNote.map { Width.beside("\(shownMark) \(row)", $0, indent: 3 + nameWidth) } ?? ["\(shownMark) \(row)"]
        }
        return lines
    }

    /// What today holds for the habit: minutes, a level, an amount against its target, a period's progress.
    static func details(_ r: HabitReport, _ day: DaySummary) -> String {
        guard r.readable else { return AccessText.noReadAccess(r) }
        let d = r.definition
        switch d.builtin {
        case .meditate: return "\(TextRendering.number(day.meditateMinutes)) min"
        case .workout:
            return "\(TextRendering.number(day.workoutMinutes)) min, \(counting(day.workouts, "workout")), \(TextRendering.number(day.activeKcal)) kcal"
        case .noalc: return day.noalc?.rawValue ?? "no entry"
        case nil: break
        }
        if !d.asks && d.kind == .yesNo {
            // A habit that only records is never "not yet": it says what was logged.
            return (r.days.last?.value ?? 0 > 0 ? "logged" : "nothing logged") + ", records only"
        }
        if let p = r.period {
            let left = (r.days.last?.day ?? p.start).days(until: p.end)
            let progress = d.goal == nil ? "\(TextRendering.number(p.value))/\(TextRendering.number(p.target))"
                : TextRendering.progress(p.value, of: p.target, d.unit)
            return "\(progress) \(HabitText.current(d.per))" + HabitText.daysLeft(left, d.per)
        }
        let value = r.days.last?.value ?? 0
        switch d.goal {
        case .atLeast(let x)?: return TextRendering.progress(value, of: x, d.unit)
        case .atMost(let x)?: return "\(TextRendering.amount(value, d.unit)) (at most \(TextRendering.amount(x, d.unit)))"
        case nil: return d.kind == .yesNo ? (r.days.last?.state.isDone == true ? "done" : "not yet") : TextRendering.amount(value, d.unit)
        }
    }
}
