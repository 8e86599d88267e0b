import ArgumentParser
import Foundation
import HabitKit

/// What `habit ui` reads from the store (the rows, the cells of the days shown) and how it writes
/// a change: through the commands' own calls, never a copy of them (Standards/ui.md).
struct UIStore {
    var store: HabitStore
    let env: HabitEnvironment
    /// `habit ui --tag T`: only the habits with any of the tags.
    var tags = TagFilterOptions()

    /// The rows, in the order `habit streak` and `habit calendar` list the habits (the built-ins
    /// first): the one place the row list is built (grouping by tag goes here).
    /// Once a habit has a tag, the rows are grouped by tag (``HabitTag/groups(_:)``, as `habit
    /// habits` groups them: a habit with two tags in both groups, "no tag" last), each group's
    /// first row carrying its heading.
    static func rows(_ overview: HabitOverview, grants: AccessGrants) -> [UIRow] {
        let rows = overview.reports.map { report in
            let habit = report.definition
            let kind: UIRow.Kind = habit.kind == .yesNo ? .yesNo : .amount(unit: HabitUnit.unitName(habit.unit ?? "count"))
            let unreadable = report.readable ? nil : AccessText.noReadAccess(report)
            return UIRow(habit: habit, kind: kind, readOnly: readOnly(habit, grants: grants), unreadable: unreadable)
        }
        guard rows.contains(where: { !$0.habit.tags.isEmpty }) else { return rows }
        let byID = Dictionary(rows.map { ($0.habit.id, $0) }, uniquingKeysWith: { first, _ in first })
        return HabitTag.groups(rows.map(\.habit)).flatMap { group in
            group.habits.enumerated().compactMap { i, habit -> UIRow? in
                guard var row = byID[habit.id] else { return nil }
                row.heading = i == 0 ? (group.tag ?? "no tag") : nil
                return row
            }
        }
    }

    /// Why `habit` is not changed from the screen, as `habit ask` leaves it out (nil: it is changed).
    static func readOnly(_ habit: HabitDefinition, grants: AccessGrants) -> String? {
        if let denied = grants.firstNotWritable(DataTypes.written(by: habit)) {
            return "\(habit.name): no write access (habit access allow \(DataTypes.shortName(of: denied) ?? habit.name) --write)"
        }
        switch habit.builtin {
        case .meditate?: return "meditate is shown, not changed here: habit log meditate 20m [--date D]"
        case .workout?: return "workout is shown, not changed here: habit log workout hiit 25m [--date D]"
        case .noalc?: return "noalc is shown, not changed here: habit log alcohol 0 [--date D]"
        case nil: break
        }
        if habit.fromType != nil { return "\(habit.name) reads imported data: it is not logged" }
        if habit.command != nil { return "\(habit.name): its command answers (habit refresh)" }
        return nil
    }

    /// The rows and the cells of `days`, in one snapshot of the store.
    func read(_ days: DayRange) throws -> (rows: [UIRow], cells: [String: [LocalDay: UICell]]) {
        try store.snapshot { store, _ in
            let overview = try store.read(.overview(tags.habits(store), range: days, env: env))
            let grants = try store.read(.accessGrants)
            return (Self.rows(overview, grants: grants), try cells(overview, days, of: nil, store))
        }
    }

    /// The cells of one habit after a change to it: only it is evaluated again (the other rows
    /// are as they were), in one snapshot.
    func cells(of habit: HabitDefinition, _ days: DayRange) throws -> [LocalDay: UICell] {
        try store.snapshot { store, _ in
            let overview = try store.read(.overview([habit], range: days, env: env))
            return try cells(overview, days, of: habit, store)[habit.id] ?? [:]
        }
    }

    /// Each readable report's days as cells: the day's own state's mark (as the calendar's), the value,
    /// the skip, the newest note, and a week or month habit's period state (shown on the status line).
    private func cells(_ overview: HabitOverview, _ days: DayRange, of habit: HabitDefinition?,
                       _ store: HabitStore) throws -> [String: [LocalDay: UICell]] {
        let notes = try store.read(.notes(in: env.calendar.instants(of: days), entries: env.calendar.entryInstants(of: days), of: habit,
                                          allSources: false, calendar: env.calendar))
        var noted: [String: [LocalDay: String]] = [:]
        for note in notes.reversed() {  // oldest first: the newest note of a day is kept
            noted[note.habit, default: [:]][note.day] = note.text
        }
        var cells: [String: [LocalDay: UICell]] = [:]
        for report in overview.reports where report.readable {
            var row: [LocalDay: UICell] = [:]
            for status in report.days {
                row[status.day] = UICell(mark: CalendarMark(status.state), value: status.value, skipped: status.hasSkip,
                                         note: noted[report.definition.name]?[status.day], period: status.period)
            }
            cells[report.definition.id] = row
        }
        return cells
    }

    // MARK: writing

    /// Does `change`; returns the status line's account of it.
    func write(_ change: UIWrite) throws -> String {
        let writer = AnswerWriter(store: store, env: env)
        switch change {
        case .done(let habit, let day):
            return AskSession.text(try writer.write(AskAnswer(reply: .yes(nil), note: nil), habit: habit, day: day), habit)
        case .add(let habit, let day):
            return AskSession.text(try writer.write(AskAnswer(reply: .yes("1"), note: nil), habit: habit, day: day), habit)
        case .skip(let habit, let day):
            return AskSession.text(try writer.write(AskAnswer(reply: .skip, note: nil), habit: habit, day: day), habit)
        case .unskip(let habit, let day):
            let change = try store.setSkipped(false, habitID: habit.id, days: DayRange(day: day), env: env)
            return SkipText.unskipped(change, habit: habit.name).joined(separator: " ")
        case .undone(let habit, let day):
            let own = try ownEntries(habit, day)
            guard !own.isEmpty else { return "\(habit.name) \(day): done by entries of another source (habit log list --all-sources)" }
            try store.delete(own.map(\.uuid))  // one transaction: all of them or none
            return "\(habit.name) \(day): not done (\(counting(own.count, "entry", plural: "entries")) deleted)"
        case .setAmount(let habit, let day, let amount):
            return try setAmount(habit, day, amount)
        case .takeBack(let habit, let day):
            guard let newest = try ownEntries(habit, day).first else {
                return "\(habit.name) \(day): nothing of habit's own to take back (habit log list --all-sources)"
            }
            try store.delete(newest.uuid)
            return "\(habit.name) \(day): took back \(TextRendering.number(newest.value ?? 0))"
        case .note(let habit, let day, let note):
            guard let newest = try ownEntries(habit, day).first else {
                return "\(habit.name) \(day): no entry of habit's own to hold a note"
            }
            // The entry again, at its own start, with the note (as `habit log NAME AMOUNT --at START
            // --note TEXT`), and the old one deleted (as `habit delete`), in one transaction: both or
            // neither. No log hook fires: a note changes what was done, it is no new completion.
            let amount = habit.kind == .yesNo ? nil : TextRendering.number(newest.value ?? 0)
            // An entry that names a day stays one (as `habit log NAME --date D --note TEXT`).
            let namesADay = DayEntry.namesADay(type: newest.type, metadata: newest.metadata)
            let when: LogRequest.When = namesADay ? .day(DayEntry.day(of: newest, in: env.calendar)) : .startsAt(newest.start)
            let request = try LogHabit.request(name: habit.name, amount: amount, when: when, note: note, writer: .quiet, store: store, env: env)
            let plan = try LogPlanner.plan(request, env: env)
            try TypedText.checkNote(note, option: "the note")
            try store.replace(newest.uuid, with: plan, env: env)
            return "\(habit.name) \(day): " + (note.map { "note: \($0)" } ?? "note removed")
        }
    }

    /// The day's own entries of `habit` made one entry of `amount` as `habit log NAME AMOUNT
    /// [--date D]` writes it (``LogHabit/request``, ``LogPlanner``, the hooks), the old ones deleted
    /// in the same transaction, the newest note kept; 0 deletes them. Entries of other sources stay
    /// and still count.
    func setAmount(_ habit: HabitDefinition, _ day: LocalDay, _ amount: String) throws -> String {
        let own = try ownEntries(habit, day)
        let old = TextRendering.number(own.reduce(0) { $0 + ($1.value ?? 0) })
        // Said in the habit's unit, as `ask` says its answers: `8 glasses`, `9 → 3 glasses`.
        let said = { (value: Double) in TextRendering.amount(value, habit.unit) }
        if Double(amount) == 0 {
            guard !own.isEmpty else { return "\(habit.name) \(day): nothing of habit's own to clear (habit log list --all-sources)" }
            try store.delete(own.map(\.uuid))  // one transaction: all of them or none
            return "\(habit.name) \(day): \(old) → \(said(0)) (\(counting(own.count, "entry", plural: "entries")) deleted)"
        }
        // The newest note of the entries made one is kept on it.
        let note = own.lazy.compactMap { $0.metadata["note"] }.first
        let request = try LogHabit.request(name: habit.name, amount: amount, when: day == env.today ? .now : .day(day), note: note,
                                           store: store, env: env)
        let plan = try LogPlanner.plan(request, env: env)
        try LogReport.record(plan, store: store, env: env, replacing: own.map(\.uuid))
        return "\(habit.name) \(day): \(own.isEmpty ? "" : "\(old) → ")\(Double(amount).map(said) ?? amount)"
    }

    /// The habit `habit add WORDS…` would add (the words of ``AddHabit``, checked as it checks
    /// them), not stored: a refusal leaves no store made. A word that names another store (`--db`)
    /// is refused: the screen adds to the store it shows.
    func newHabit(_ words: [String]) throws -> HabitDefinition {
        let add: AddHabit
        do {
            add = try AddHabit.parse(words)
        } catch {
            let said = AddHabit.message(for: error).split(separator: "\n").first.map(String.init) ?? "habit add \(words.joined(separator: " "))"
            throw ValidationError(said.replacingOccurrences(of: "Error: ", with: ""))
        }
        guard add.store.db == nil else { throw ValidationError("add: --db names another store; the screen adds to the one it shows") }
        return try add.newHabit(env)
    }

    /// The day's entries of `habit` from habit's own sources, newest first as `habit undo` sees
    /// them (the store's ``StoreRequest/ownEntries(of:on:calendar:)``): the screen never deletes an
    /// imported entry. An entry that names a day is that calendar day's (``DayEntry``).
    func ownEntries(_ habit: HabitDefinition, _ day: LocalDay) throws -> [Sample] {
        try store.read(.ownEntries(of: habit, on: day, calendar: env.calendar))
    }
}
