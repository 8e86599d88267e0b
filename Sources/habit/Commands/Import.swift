import ArgumentParser
import Foundation
import HabitKit

/// `habit import PATH [--dry-run] [--json]`: an Apple Health export.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export, or move in from Loop Habit Tracker, harsh, HabitBull or a CSV (re-importing adds nothing).",
        discussion: """
            The file is recognised by its content: an Apple Health export.xml or export.zip; a Loop Habit \
            Tracker CSV export ('Loop Habits CSV YYYY-MM-DD.zip') or backup (.db); harsh's log file (its \
            'habits' file beside it gives the frequencies); HabitBull's CSV export; a CSV of your own with \
            the header habit,date[,value][,note] (dates YYYY-MM-DD; no value: done; every habit every day, \
            a quantity where the values are not all 0 or 1; a row that cannot be read refuses the file, naming \
            its line); habit's own interchange format ('habit export \
            --format ndjson': everything a store holds; only what this store has not had is added; with \
            --all-sources also its settings, reminders and saved anchor names). Another tracker's habits become habits of \
            your own with their frequency and target, its checks entries, its skips skips; Loop's \
            inferred days (YES_AUTO) are not stored as done. A name taken by another habit is not \
            merged into it: the habit gets the next free name and the summary says so — unless --merge \
            (join the habit of that name) or --map 'NAME=HABIT' (join HABIT) says so; then its entries join \
            that habit's, a day it has an entry for already is left alone, and its settings stay (the summary \
            says where the file's differ). Importing a newer export again adds only the new days.

            Records, workouts (with statistics and events) and their sources are kept as they are; imported \
            data is external and counts towards streaks only with --all-sources. ActivitySummary rows are \
            kept as the Activity rings, one a day (habit add move --from activity-summary --field move); Me \
            and other non-sample elements are skipped (counted in the summary). Records with a number that is \
            not finite, a control character or a date outside 1970–2100 are rejected (counted, with their \
            lines). A malformed or truncated file changes nothing; a large import commits in batches that \
            stay invisible until it ends, so logs and reminder checks go on meanwhile.
            """)

    @Argument(help: "export.xml or export.zip; a Loop Habit Tracker .zip or .db; harsh's log; a HabitBull or habit,date CSV") var path: String

    @Flag(name: .long, help: "Read everything and report what would be imported, changing nothing.")
    var dryRun = false

    @Flag(name: .long, help: ArgumentHelp("Another tracker's habit joins your habit of the name it would get (floss, not floss-2); "
                                          + "its entries are added, your habit's settings stay."))
    var merge = false

    @Option(name: .long, help: ArgumentHelp("The tracker's habit NAME joins your habit HABIT (made when there is none); repeatable.",
                                            valueName: "NAME=HABIT"))
    var map: [String] = []

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        // Read and checked whole before the store is opened: a file refused creates nothing (the
        // interchange file and the Apple Health export stream: a store they made goes again).
        let matching = try TrackerMatching(byName: merge, map: map)
        let kind = try TrackerFile.kind(of: path)
        if !matching.isNone, kind == .healthExport || kind == .interchange || kind == .habitCSV { throw TrackerMatchError.notATracker(path) }
        switch kind {
        case .healthExport: break
        case .loopCSV: return try importTracker(LoopCSVReader.read(path: path), matching)
        case .loopBackup: return try importTracker(LoopBackupReader.read(path: path), matching)
        case .harshLog: return try importTracker(HarshReader.read(path: path), matching)
        case .habitBullCSV: return try importTracker(HabitBullReader.read(path: path), matching)
        case .genericCSV: return try importTracker(GenericCSVReader.read(path: path), matching)
        case .interchange: return try importInterchange()
        case .habitCSV: return try importHabitCSV()
        }
        // Opened and checked (a regular file) before the store is opened for writing.
        let export = try ExportReader(path: path)
        let clock = ContinuousClock()
        let started = clock.now
        let bar = ProgressBar(enabled: !output.json && isatty(STDERR_FILENO) == 1, clock: clock)
        let summary = try streaming(onError: { bar.clear() }) { store, env in
            try store.importHealthExport(export, now: env.now, dryRun: dryRun) { bar.update($0) }
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

    /// Opens the store for `body`, which reads a file as it goes (a broken one is found only on
    /// the way): a store this import made is taken away again when `body` fails (a failed command
    /// creates nothing). A dry run on a missing store plans against an empty one in memory.
    private func streaming<T>(onError: () -> Void = {}, _ body: (HabitStore, HabitEnvironment) throws -> T) throws -> T {
        let location = self.store.location
        let folderExisted = FileManager.default.fileExists(atPath: (location.path as NSString).deletingLastPathComponent)
        let storeExisted = location.exists
        let (store, env) = dryRun && !storeExisted ? try self.store.reading() : try self.store.writing()
        do {
            return try body(store, env)
        } catch {
            onError()
            if !storeExisted {
                store.closeForExit()
                for suffix in ["", "-wal", "-shm", ".import-lock"] { unlink(location.path + suffix) }
                if !folderExisted { rmdir((location.path as NSString).deletingLastPathComponent) }
            }
            throw error
        }
    }

    /// habit's interchange format, stored in one transaction; a large file is read and checked on
    /// a second thread while the lines before are written. A bad line refuses the file: nothing
    /// is stored, and a store this import made is taken away again.
    private func importInterchange() throws {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        func objects(_ reader: LineReader) -> () throws -> InterchangeLine? {
            {
                while let line = try reader.next() {
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                    do throws(InterchangeJSONFailure) {
                        // The usual lines are read without the decoder (Standards/import-export.md).
                        if let object = try line.withUnsafeBufferPointer({ b throws(InterchangeJSONFailure) in try InterchangeLineJSON.quickObject(b) }) {
                            return .data(object)
                        }
                        let json: InterchangeLineJSON
                        do {
                            json = try decoder.decode(InterchangeLineJSON.self, from: Data(line))
                        } catch {
                            throw InterchangeJSONFailure("not an interchange object (\(InterchangeJSONFailure.describe(error)))")
                        }
                        return try json.line()
                    } catch {
                        throw InterchangeError.malformed(line: reader.lineNumber, reason: error.reason)
                    }
                }
                return nil
            }
        }
        let reader = try LineReader(path: path)  // opened and checked (a regular file) before the store
        let parallel = reader.size >= HabitStore.parallelImportFromBytes
        try printInterchange(try streaming { store, _ in try store.importInterchange(dryRun: dryRun, parallel: parallel, objects(reader)) })
    }

    /// habit's own CSV export (``HabitCSVReader``): read and checked whole before a store is opened
    /// or made, then stored as the interchange format's lines are (Standards/import-export.md).
    private func importHabitCSV() throws {
        let read = { (env: HabitEnvironment) in try HabitCSVReader.read(path: path, calendar: env.calendar, now: env.now) }
        let (store, _, lines) = dryRun && !store.exists ? try store.reading(read) : try store.writing(read)
        var next = lines.makeIterator()
        try printInterchange(try store.importInterchange(dryRun: dryRun) { next.next() })
    }

    private func printInterchange(_ summary: InterchangeSummary) throws {
        if output.json {
            try Output.printJSON(InterchangeImportJSON(summary))
            return
        }
        Output.print(InterchangeText.lines(summary).joined(separator: "\n"))
    }

    private func importTracker(_ export: TrackerExport, _ matching: TrackerMatching) throws {
        // A map that names no habit of the file is refused before the store is opened.
        _ = try matching.targets(in: export, path: path)
        // A dry run on a missing store plans against an empty one in memory: nothing is created.
        let (store, env) = dryRun && !store.exists ? try store.reading() : try store.writing()
        let summary = try store.importTracker(export, env: env, dryRun: dryRun, matching: matching, path: path)
        if output.json {
            try Output.printJSON(TrackerImportJSON(summary))
            return
        }
        Output.print(TrackerImportText.lines(summary).joined(separator: "\n"))
    }
}
