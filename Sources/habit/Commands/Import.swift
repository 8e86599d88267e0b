import ArgumentParser
import Foundation
import HabitKit

/// `habit import PATH [--dry-run] [--json]`: an Apple Health export.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export.xml or export.zip (streamed; re-importing adds nothing).",
        discussion: """
            Records, workouts (with statistics and events) and their sources are kept as they are; imported
            data is external and counts towards streaks only with --all-sources. ActivitySummary, Me and
            other non-sample elements are skipped (counted in the summary). Records with a number that is
            not finite, a control character or a date outside 1970–2100 are rejected (counted, with their
            lines). A malformed or truncated file changes nothing; a large import commits in batches that
            stay invisible until it ends, so logs and reminder checks go on meanwhile.
            """)

    @Argument(help: "export.xml or export.zip") var path: String

    @Flag(name: .long, help: "Read everything and report what would be imported, changing nothing.")
    var dryRun = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Opened and checked (a regular file) before the store is opened for writing.
        let export = try ExportReader(path: path)
        let (store, env) = try store.writing()
        let clock = ContinuousClock()
        let started = clock.now
        let bar = ProgressBar(enabled: !output.json && isatty(STDERR_FILENO) == 1, clock: clock)
        let summary: ImportSummary
        do {
            summary = try store.importHealthExport(export, now: env.now, dryRun: dryRun) { bar.update($0) }
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        let elapsed = started.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if output.json {
            try Output.printJSON(ImportJSON(summary, seconds: seconds))
            return
        }
        Output.print(ImportText.lines(summary, seconds: seconds).joined(separator: "\n"))
    }
}
