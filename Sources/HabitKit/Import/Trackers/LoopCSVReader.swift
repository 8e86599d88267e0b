import Foundation
import ZIPFoundation

/// Loop Habit Tracker's CSV export (`Loop Habits CSV YYYY-MM-DD.zip`): `Habits.csv` lists the
/// habits (`Position, Name, Type, Question, Description, FrequencyNumerator,
/// FrequencyDenominator, Color, Unit, Target Type, Target Value, Archived?`; older versions have
/// fewer columns), and each habit's folder `NNN Name/` (NNN its position) holds `Checkmarks.csv`
/// (`Date, Value, Notes`) and `Scores.csv`. Each era of Loop wrote them its own way
/// (Standards/import-export.md, "Loop's CSV exports, era by era"): before mid-2025 `Habits.csv`
/// has no type, unit or target and `Checkmarks.csv` raw integers without a header or notes; a
/// habit is then numerical when a value is an amount (not -1 to 3), and its target is found
/// from its `Scores.csv` (``LoopScoreTarget``).
///
/// Values: `YES_MANUAL` is a day done; `YES_AUTO` is a day Loop infers from the frequency (not
/// done, so not stored); `NO` stores nothing (the day is part of the habit's history), `UNKNOWN`
/// is no word at all; `SKIP` is a skipped day. A note on a day not done is kept for the day. A numerical
/// habit's values are Loop's raw integers, thousandths of the unit (`5000` is 5 pages); Loop
/// writes raw values 0–3 by their names there too, so `SKIP` skips and `YES_MANUAL` is 0.002.
public enum LoopCSVReader {
    static func isLoopExport(_ file: OpenFile) -> Bool {
        guard let archive = try? file.zipArchive(as: file.reopenablePath) else { return false }
        return habitsEntry(archive) != nil
    }

    private static func habitsEntry(_ archive: Archive) -> ZIPFoundation.Entry? {
        archive.first { $0.type == .file && $0.path == "Habits.csv" }
    }

    public static func read(path: String) throws -> TrackerExport {
        let file = try OpenFile(path: path)
        let archive = try file.zipArchive(as: path)
        guard let habitsEntry = habitsEntry(archive) else {
            throw TrackerImportError.notATrackerFile(path, reason: "a zip without Loop's Habits.csv")
        }
        let table: [CSVText.Row]
        do {
            table = try CSVText.rows(try archive.contents(of: habitsEntry, limit: TrackerFile.textLimit, path: path))
        } catch let failure as CSVText.Failure {
            throw TrackerImportError.malformed(path, reason: "Habits.csv \(describe(failure))")
        }
        guard let header = table.first, let columns = Columns(header.fields) else {
            throw TrackerImportError.malformed(path, reason: "Habits.csv has no header with a Name column")
        }
        // Each habit's Checkmarks.csv and Scores.csv, by the position its folder starts with ("001 Meditate/").
        var checkmarks: [String: ZIPFoundation.Entry] = [:]
        var scoreFiles: [String: ZIPFoundation.Entry] = [:]
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let position = parts[0].split(separator: " ").first else { continue }
            if parts[1] == "Checkmarks.csv" { checkmarks[String(position)] = checkmarks[String(position)] ?? entry }
            if parts[1] == "Scores.csv" { scoreFiles[String(position)] = scoreFiles[String(position)] ?? entry }
        }
        // The root Checkmarks.csv: Date, then a column per habit in Habits.csv's order.
        let rootEntry = archive.first { $0.type == .file && $0.path == "Checkmarks.csv" }
        let root: [CSVText.Row] = try rootEntry.map { try rows(archive, $0, path: path) } ?? []
        let rootHeader = root.first.map { $0.fields.map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let rootHasHeader = root.first.map { TrackerDays.day($0.fields[0]) == nil } ?? false
        var export = TrackerExport(tracker: .loopCSV, habits: [])
        var index = 0
        for row in table.dropFirst() {
            let name = columns.text(row, columns.name)
            guard !name.isEmpty else {
                export.reject("Habits.csv line \(row.line): a habit without a name")
                continue
            }
            index += 1
            // Exports of early 2016 have no Position: the habits are in their order, the folders numbered so.
            let position = columns.position == nil ? String(format: "%03d", index) : columns.text(row, columns.position)
            // The habit's lines: (row, the value's field, the note's, where it is).
            var lines: [Line] = []
            if let entry = checkmarks[position] {
                let rows = try rows(archive, entry, path: path)
                // Exports before mid-2025 write no header: a first row that starts with a date is data (the newest
                // day; the oldest in early 2016 — a day's last word wins either way).
                let hasHeader = rows.first.map { TrackerDays.day($0.fields[0]) == nil } ?? false
                lines = rows.dropFirst(hasHeader ? 1 : 0).map {
                    Line(row: $0, field: 1, note: 2, place: "\(ImportText.escaped(entry.path)) line \($0.line)")
                }
            } else if let column = rootColumn(for: name, index: index, header: rootHeader, hasHeader: rootHasHeader) {
                lines = root.dropFirst(rootHasHeader ? 1 : 0).filter { column < $0.fields.count }.map {
                    Line(row: $0, field: column, note: nil, place: "Checkmarks.csv line \($0.line)")
                }
            }
            // Named in Habits.csv without a folder or a column (or with an empty file): a habit
            // without any days yet, imported all the same.
            let typed = columns.type != nil
            let numerical = typed ? columns.text(row, columns.type) == "NUMERICAL" : lines.contains { LoopValues.isAmount($0.value) }
            var habit = LoopHabitRow(
                name: name, numerical: numerical,
                numerator: Int(columns.text(row, columns.numerator)) ?? 1,
                denominator: Int(columns.text(row, columns.denominator)) ?? 1,
                unit: columns.text(row, columns.unit), atMost: columns.text(row, columns.targetType) == "AT_MOST",
                target: Double(columns.text(row, columns.targetValue)) ?? 0,
                archived: columns.text(row, columns.archived).lowercased() == "true"
            ).habit()
            var days = TrackerDays()
            for line in lines {
                read(line, habit: habit, into: &days, &export)
            }
            days.finish(into: &habit)
            if numerical && !typed {
                // Before mid-2025 the export holds no target: Loop's scores beside the days tell it, or the summary asks for it.
                // A Scores.csv that cannot be read (a quote never closed) tells no target; the days still come in.
                let scores = scoreFiles[position].flatMap { try? rows(archive, $0, path: path) }.map(LoopScoreFile.scores) ?? []
                habit.goal = LoopScoreTarget.goal(
                    values: Dictionary(habit.checks.map { ($0.day, $0.amount) }, uniquingKeysWith: { $1 }), skips: Set(habit.skips),
                    scores: scores, numerator: Int(columns.text(row, columns.numerator)) ?? 1,
                    denominator: Int(columns.text(row, columns.denominator)) ?? 1)
                habit.targetUnknown = habit.goal == nil
            }
            export.habits.append(habit)
        }
        return export
    }

    /// A row of a habit's days: its date in the first field, the value in `field`, a note in `note`.
    private struct Line {
        var row: CSVText.Row
        var field: Int
        var note: Int?
        var place: String

        var value: String { row.fields.count > field ? row.fields[field].trimmingCharacters(in: .whitespaces) : "" }
    }

    private static func rows(_ archive: Archive, _ entry: ZIPFoundation.Entry, path: String) throws -> [CSVText.Row] {
        do {
            return try CSVText.rows(try archive.contents(of: entry, limit: TrackerFile.textLimit, path: path))
        } catch let failure as CSVText.Failure {
            throw TrackerImportError.malformed(path, reason: "\(ImportText.quoted(entry.path)) \(describe(failure))")
        }
    }

    /// The root Checkmarks.csv's column of the `index`-th habit (from 1) called `name`: the column
    /// its header names (the `index`-th of that name when names repeat), else, without a header,
    /// the `index`-th after the date.
    private static func rootColumn(for name: String, index: Int, header: [String], hasHeader: Bool) -> Int? {
        guard !header.isEmpty else { return nil }
        guard hasHeader else { return index < header.count ? index : nil }
        if index < header.count && header[index] == name { return index }
        let named = header.indices.dropFirst().filter { header[$0] == name }
        return named.count == 1 ? named[0] : nil
    }

    /// One row of a habit's days: a word for its day; a note on a day not done is kept for the day.
    private static func read(_ line: Line, habit: TrackerHabit, into days: inout TrackerDays, _ export: inout TrackerExport) {
        guard let day = TrackerDays.day(line.row.fields[0]) else {
            export.reject("\(line.place): \(ImportText.quoted(line.row.fields[0])) is not a date from 1970 to 2100")
            return
        }
        let note = line.note.flatMap { line.row.fields.count > $0 ? TrackerDays.note(line.row.fields[$0]) : nil }
        guard let word = LoopValues.word(line.value, numerical: habit.kind == .quantity, note: note) else {
            export.reject("\(line.place): \(ImportText.quoted(line.value)) is not a Loop value")
            return
        }
        days.set(day, word, dayNote: note)
    }

    static func describe(_ failure: CSVText.Failure) -> String {
        switch failure {
        case .unclosedQuote(let line): "has a quote opened on line \(line) that never closes"
        }
    }

    /// Where the columns are in `Habits.csv` (by name: versions differ).
    private struct Columns {
        var name: Int
        var position: Int?, type: Int?, numerator: Int?, denominator: Int?, unit: Int?, targetType: Int?, targetValue: Int?, archived: Int?

        /// Names compare without case; exports before mid-2025 call the frequency `NumRepetitions,Interval`,
        /// and those of early 2016 have no `Position`.
        init?(_ header: [String]) {
            let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            func column(_ options: String...) -> Int? { options.lazy.compactMap { names.firstIndex(of: $0.lowercased()) }.first }
            guard let n = column("Name") else { return nil }
            name = n
            position = column("Position")
            type = column("Type")
            numerator = column("FrequencyNumerator", "NumRepetitions")
            denominator = column("FrequencyDenominator", "Interval")
            unit = column("Unit")
            targetType = column("Target Type")
            targetValue = column("Target Value")
            archived = column("Archived?")
        }

        func text(_ row: CSVText.Row, _ column: Int?) -> String {
            guard let column, column < row.fields.count else { return "" }
            return row.fields[column].trimmingCharacters(in: .whitespaces)
        }
    }
}

/// A habit of Loop's, as its CSV and its backup describe it.
struct LoopHabitRow {
    var name: String
    var numerical: Bool
    var numerator: Int
    var denominator: Int
    var unit: String
    var atMost: Bool
    var target: Double
    var archived: Bool

    /// habit's definition of it. A yes/no habit of N in D days is N a day/week/month, or N days
    /// in any D; a numerical habit's target is per D days (1: a day, 7: a week, 30: a month, else
    /// in any D days).
    func habit() -> TrackerHabit {
        guard numerical else {
            let (per, times, approximation) = TrackerRules.frequency(times: numerator, days: denominator)
            return TrackerHabit(originalName: name, kind: .yesNo, per: per, times: times, archived: archived,
                                approximation: approximation)
        }
        let (per, _, approximation) = TrackerRules.frequency(times: 1, days: denominator)
        let goal: HabitDefinition.Goal? = target.isFinite && target > 0 && target < StoredNumbers.magnitude ? (atMost ? .atMost(target) : .atLeast(target)) : nil
        return TrackerHabit(originalName: name, kind: .quantity, unit: TrackerRules.unit(unit) ?? "count", goal: goal, per: per,
                            archived: archived, approximation: approximation.map { "a target per " + $0 })
    }
}

/// Loop's entry values: `YES_MANUAL` 2, `YES_AUTO` 1, `NO` 0, `UNKNOWN` -1, `SKIP` 3; a numerical
/// habit's values are thousandths of its unit.
enum LoopValues {
    static func word(_ text: String, numerical: Bool, note: String?) -> TrackerDays.Word? {
        switch text {
        case "YES_MANUAL": return numerical ? .done(0.002, note: note, amount: nil) : .done(1, note: note, amount: nil)
        case "YES_AUTO", "NO": return .nothing
        case "UNKNOWN": return .unknown
        case "SKIP": return .skipped
        default:
            guard let raw = Int(text) else { return nil }
            return word(raw: raw, numerical: numerical, note: note)
        }
    }

    /// Whether `text` is a raw value only a numerical habit has: an integer other than -1 to 3.
    static func isAmount(_ text: String) -> Bool {
        guard let raw = Int(text) else { return false }
        return !(-1...3).contains(raw)
    }

    static func word(raw: Int, numerical: Bool, note: String?) -> TrackerDays.Word? {
        if !numerical {
            switch raw {
            case 2: return .done(1, note: note, amount: nil)
            case 3: return .skipped
            case 0, 1: return .nothing
            case -1: return .unknown
            default: return nil
            }
        }
        switch raw {
        case 3: return .skipped
        case ..<0: return raw == -1 ? .unknown : nil
        case 0: return .nothing
        case 1_000_000_000_000_000...: return nil
        default: return .done(Double(raw) / 1000, note: note, amount: nil)
        }
    }
}

/// A habit's `Scores.csv` in Loop's export: `Date,Score` (a header since mid-2025), a day a line,
/// newest first (oldest first in early 2016), the score to 4 decimals.
enum LoopScoreFile {
    /// The days and scores that can be read (a line that cannot is no score: the target is then
    /// not found, never guessed).
    static func scores(_ rows: [CSVText.Row]) -> [(LocalDay, Double)] {
        rows.compactMap { row in
            guard row.fields.count >= 2, let day = TrackerDays.day(row.fields[0]),
                  let score = Double(row.fields[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            return (day, score)
        }
    }
}
