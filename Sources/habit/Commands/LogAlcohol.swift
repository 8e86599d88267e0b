import ArgumentParser
import HabitKit

/// `habit log alcohol DRINKS|steady|easy|wild [--date DAY]`.
struct LogAlcohol: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: LogGrammar.alcohol.name,
        abstract: "Log a NoAlc day: drinks (0–1 steady, 2–5 easy, 6+ wild) or a level.",
        discussion: "Without --date, an entry made before 18:00 is for yesterday (the evening it describes). The last entry for a day wins.",
        aliases: LogGrammar.alcohol.aliases)

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Drinks (a whole number) or a level: steady, easy, wild.", valueName: "drinks"))
    var words: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "The day: today, yesterday, -N (N days ago), YYYY-MM-DD.",
            transform: DayValue.parse)
    var date: DayValue?

    @OptionGroup var options: LogOptions

    func validate() throws { _ = try LogGrammar.drinks(words) }

    func run() throws {
        try Self.perform(try LogGrammar.drinks(words), date: date, source: options.source.source, store: options.store.location, json: options.output.json)
    }

    /// What `run` does, with the values parsed (also by ``FastLog``).
    static func perform(_ drinks: DrinksValue, date: DayValue?, source: SourceID, store location: StoreLocation, json: Bool) throws {
        try location.writeOrSave({ e in
            (e.drinks, e.date, e.source) = (drinks.text, date?.text, source.journalText)
        }, kind: .alcohol) {
            let request = LogRequest(.alcohol(drinks.level, drinks: drinks.drinks), when: .init(date: date), source: source)
            let (store, env, plan) = try location.writing { env in try LogPlanner.plan(request, env: env) }
            try LogReport.log(plan, store: store, env: env, json: json)
            store.closeForExit()  // the process ends next
        }
    }
}
