import ArgumentParser
import Foundation
import HabitKit

/// `habit log NAME [AMOUNT] [--at TIME | --end TIME | --date DAY] [--note TEXT]`: an entry of a
/// habit of one's own (what `habit log WORD …` runs when WORD is no built-in). An unknown name
/// lists the habits there are (exit 64); without a word it shows `habit log --help`.
struct LogHabit: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: LogGrammar.habit.name, shouldDisplay: false)

    @Argument(parsing: .allUnrecognized) var words: [String] = []

    @Option(name: .long, parsing: .unconditional,
            help: "When: 07:30, 'yesterday 21:00', -2 08:00, ISO 8601 (a duration amount starts then).", transform: TimeValue.parse)
    var at: TimeValue?

    @Option(name: .long, parsing: .unconditional, help: "When it ended (a duration amount ends then). Same forms as --at.",
            transform: TimeValue.parse)
    var end: TimeValue?

    @Option(name: .long, parsing: .unconditional, help: "The day: today, yesterday, -N, YYYY-MM-DD (the entry sits at its start).",
            transform: DayValue.parse)
    var date: DayValue?

    @Option(name: .long, parsing: .unconditional, help: "A note to keep with the entry.")
    var note: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try LogGrammar.checkHabitEntry(words, at: at, end: end, date: date, note: note, json: output.json)
    }

    func run() throws {
        guard let name = words.first else { throw CleanExit.helpRequest(Log.self) }
        try Self.perform(name: name, amount: words.count > 1 ? words[1] : nil, at: at, end: end, date: date, note: note,
                         store: store.location, json: output.json)
    }

    /// What `run` does, with the values parsed (also by ``FastLog``).
    static func perform(name: String, amount amountText: String?, at: TimeValue?, end: TimeValue?, date: DayValue?, note: String?,
                        store location: StoreLocation, json: Bool) throws {
        try TypedText.checkNote(note, option: "--note")
        try location.writeOrSave({ e in
            (e.habit, e.amount, e.at, e.end, e.date, e.note) = (name, amountText, at?.text, end?.text, date?.text, note)
        }, kind: .habit) {
            // Which habit, from the store as it is. A missing store has no habit of one's own and stays
            // missing (it opens as an empty in-memory store and the lookup refuses the name); an
            // existing one is opened once, for the lookup and the write (for writing: that forgets
            // the answers kept for degraded mode and applies the pending journal first).
            let (store, env) = location.exists ? try location.writing() : try location.reading()
            let entry = try Self.entry(name: name, amount: amountText, at: at, end: end, date: date, note: note, store: store, env: env)
            try LogReport.log(entry, store: store, env: env, json: json)
            store.closeForExit()  // the process ends next
        }
    }

    /// The entry `habit log NAME [AMOUNT] …` makes, read against `store` and `env`.
    static func entry(name: String, amount amountText: String?, at: TimeValue?, end: TimeValue?, date: DayValue?, note: String?,
                      store: HabitStore, env: HabitEnvironment) throws -> NewEntry {
        let definition = try store.read(.habit(named: name.lowercased(), env: env))
        guard definition.kind != .builtin else {
            throw ValidationError("log \(definition.name) with 'habit log \(definition.name == "noalc" ? "alcohol" : definition.name) …' (see 'habit log --help')")
        }
        if definition.archived { throw HabitInputError.archived(definition.name) }
        if let from = definition.fromType {
            throw HabitInputError.fromHabitLogged(definition.name, type: HabitDataType.stored(from).displayName)
        }
        let amount: Double
        switch (definition.kind, amountText) {
        case (.yesNo, nil): amount = 1
        case (.yesNo, _?): throw HabitInputError.amountOnYesNo(definition.name)
        case (_, nil): throw HabitInputError.amountMissing(definition.name, unit: HabitUnit.unitName(definition.unit ?? "count"))
        case (_, let text?): amount = try HabitUnit.amount(text, unit: definition.unit, habit: definition.name)
        }
        if let date {
            // An entry that names a day (Standards/date-semantics.md, "Entries that name a day").
            let day: LocalDay
            do throws(InputError) { day = try date.day(today: env.today) } catch { throw InputError.inArgument("--date", error) }
            if day > env.today { throw InputError.inArgument("--date", .inFuture(date.text, now: env.calendar.iso8601(env.now))) }
            return .habitDay(definition, amount: amount, day: day, note: note)
        }
        let span = try entryInterval(for: definition, amount: amount, amountText: amountText ?? "", at: at, end: end, env)
        return .habit(definition, amount: amount, span, note: note)
    }

    /// When the entry happened: a duration amount spans `[start, end)` like a session; anything
    /// else is an instant (`--at`/`--end`, else now).
    private static func entryInterval(for definition: HabitDefinition, amount: Double, amountText: String, at: TimeValue?,
                                      end: TimeValue?, _ env: HabitEnvironment) throws -> InstantRange {
        if HabitUnit.isDuration(definition.unit), amount > 0 {
            let seconds = UnitConversion.convert(amount, from: definition.unit, to: "s")
            guard seconds <= InputParsing.maximumDuration else {
                throw HabitInputError.invalidAmount(amountText, reason: "one entry lasts at most 24 hours")
            }
            return try SessionTimeOptions.interval(duration: seconds.rounded(), at: at, end: end, env: env)
        }
        var instant = env.now
        do throws(InputError) {
            if let at { instant = try at.instant(in: env) } else if let end { instant = try end.instant(in: env) }
        } catch {
            throw InputError.inArgument(at != nil ? "--at" : "--end", error)
        }
        if instant > env.now {
            throw InputError.inArgument(at != nil ? "--at" : "--end", .inFuture((at ?? end)?.text ?? "now", now: env.calendar.iso8601(env.now)))
        }
        return InstantRange(instant, upTo: instant)
    }
}
