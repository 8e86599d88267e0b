import ArgumentParser
import Foundation
import HabitKit

/// `habit log NAME [AMOUNT] [--at TIME | --end TIME | --date DAY] [--note TEXT]`: an entry of a
/// habit of one's own (what `habit log WORD …` runs when WORD is no built-in). An unknown name
/// lists the habits there are (exit 64); without a word it shows `habit log --help`.
struct LogHabit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: LogGrammar.habit.name,
        abstract: "Log one of your own habits: done (yes/no), or an amount in its unit.",
        usage: "habit log NAME [AMOUNT] [--at <at> | --end <end> | --date <date>] [--note <note>] [--db <path>] [--json]",
        discussion: """
            NAME is the habit (see 'habit habits'). AMOUNT is in the habit's unit — 3, 3glass, 25m for a \
            habit in minutes; a yes/no habit takes none. Without --at, --end or --date the entry is now.
            Examples: habit log floss; habit log water 3; habit log reading 25m --date yesterday
            """,
        shouldDisplay: false)

    @Argument(parsing: .allUnrecognized,
              help: ArgumentHelp("The habit's name, then the amount in its unit (none for a yes/no habit).", valueName: "name [amount]"))
    var words: [String] = []

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
            let request = try Self.request(name: name, amount: amountText, when: .init(at: at, end: end, date: date), note: note,
                                           store: store, env: env)
            try LogReport.log(try LogPlanner.plan(request, env: env), store: store, env: env, json: json)
            store.closeForExit()  // the process ends next
        }
    }

    /// The request `habit log NAME [AMOUNT] …` makes, its habit read from `store`: never a
    /// built-in (their own forms log them), an archived habit or one read from imported data.
    static func request(name: String, amount: String?, when: LogRequest.When, note: String?, writer: LogRequest.Writer = .typed,
                        store: HabitStore, env: HabitEnvironment) throws -> LogRequest {
        let definition = try store.read(.habit(named: name.lowercased(), env: env))
        guard definition.kind != .builtin else {
            throw ValidationError("log \(definition.name) with 'habit log \(definition.name == "noalc" ? "alcohol" : definition.name) …' (see 'habit log --help')")
        }
        if definition.archived { throw HabitInputError.archived(definition.name) }
        if let from = definition.fromType {
            throw HabitInputError.fromHabitLogged(definition.name, type: HabitDataType.stored(from).displayName)
        }
        return LogRequest(.habit(definition, amount: amount), when: when, note: note, writer: writer)
    }
}

extension LogRequest.When {
    /// `--at`, `--end` or `--date` as typed (the grammar lets at most one through; `--date` first,
    /// then `--at`, as the log has always read them), else now.
    init(at: TimeValue? = nil, end: TimeValue? = nil, date: DayValue? = nil) {
        if let date {
            self = .date(date.expression, text: date.text)
        } else if let at {
            self = .at(at.expression, text: at.text)
        } else if let end {
            self = .end(end.expression, text: end.text)
        } else {
            self = .now
        }
    }
}
