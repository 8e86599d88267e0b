import ArgumentParser
import HabitKit

/// `habit notes [HABIT] [--grep TEXT] [--from D] [--to D] [--all-sources] [--json]`: the notes
/// written on entries, newest first, grouped by day.
struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "List the notes written on entries, newest first.",
        discussion: """
            A note is what `habit log … --note` wrote, or a comment an import kept. --grep keeps the notes that \
            hold TEXT, ignoring letter case and accents; TEXT is matched as written, never as a pattern.
            """)

    @Argument(help: ArgumentHelp("Only this habit's notes (a built-in or one of your own).", valueName: "habit"),
              completion: HabitNameCompletion.any)
    var habit: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only notes that hold this text.", valueName: "text"))
    var grep: String?

    @OptionGroup var days: DaySpanOptions
    @OptionGroup var options: ReadOptions

    func validate() throws {
        if let grep, grep.isEmpty { throw UsageError.emptyValue("--grep") }
    }

    func run() throws {
        try options.store.snapshot { store, env in
            let definition = try habit.map { try store.read(.habit(named: $0, env: env)) }
            let search = grep.map(NoteSearch.init)
            let notes = try store.read(.notes(in: try days.range(env: env), entries: try days.entryRange(env: env), of: definition,
                                              allSources: options.allSources, calendar: env.calendar))
                .filter { note in search?.matches(note.text) ?? true }
            let calendar = env.calendar
            if options.output.json {
                try Output.printJSON(NotesJSON(notes: notes.map { NoteJSON($0, calendar: calendar) }))
                return
            }
            guard !notes.isEmpty else {
                Output.print(grep.map { "no notes hold \(quoted: $0)" } ?? "no notes")
                return
            }
            Output.print(NotesText.lines(notes, calendar: calendar, today: env.today).joined(separator: "\n"))
        }
    }
}
