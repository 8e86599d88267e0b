import Foundation
import ZIPFoundation

/// Loop Habit Tracker's CSV export (`Loop Habits CSV YYYY-MM-DD.zip`): `Habits.csv` lists the
/// habits (`Position, Name, Type, Question, Description, FrequencyNumerator,
/// FrequencyDenominator, Color, Unit, Target Type, Target Value, Archived?`; older versions have
/// fewer columns), and each habit's folder `NNN Name/` (NNN its position) holds `Checkmarks.csv`
/// (`Date, Value, Notes`).
///
/// Values: `YES_MANUAL` is a day done; `YES_AUTO` is a day Loop infers from the frequency (not
/// done, so not stored); `NO` stores nothing (the day is part of the habit's history), `UNKNOWN`
/// is no word at all; `SKIP` is a skipped day. A numerical
/// habit's values are Loop's raw integers, thousandths of the unit (`5000` is 5 pages); Loop
/// writes raw values 0–3 by their names there too, so `SKIP` skips and `YES_MANUAL` is 0.002.
public enum LoopCSVReader {
    static func isLoopExport(_ file: OpenFile) -> Bool {
        do {
            return habitsEntry(try Archive(url: URL(fileURLWithPath: file.reopenablePath), accessMode: .read)) != nil
        } catch {
            return false
        }
    }

    private static func habitsEntry(_ archive: Archive) -> ZIPFoundation.Entry? {
        archive.first { $0.type == .file && $0.path == "Habits.csv" }
    }

    public static func read(path: String) throws -> TrackerExport {
        let file = try OpenFile(path: path)
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: file.reopenablePath), accessMode: .read)
        } catch {
            throw ImportError.damagedArchive(path, reason: "it is not a readable zip archive (\(error))")
        }
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
            throw TrackerImportError.malformed(path, reason: "Habits.csv has no header with Position and Name")
        }
        // Each habit's Checkmarks.csv, by the position its folder starts with ("001 Meditate/").
        var checkmarks: [String: ZIPFoundation.Entry] = [:]
        for entry in archive where entry.type == .file {
            let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == "Checkmarks.csv", let position = parts[0].split(separator: " ").first else { continue }
            checkmarks[String(position)] = checkmarks[String(position)] ?? entry
        }
        var export = TrackerExport(tracker: .loopCSV, habits: [])
        for row in table.dropFirst() {
            let position = columns.text(row, columns.position)
            let name = columns.text(row, columns.name)
            guard !name.isEmpty else {
                export.reject("Habits.csv line \(row.line): a habit without a name")
                continue
            }
            var habit = LoopHabitRow(
                name: name, numerical: columns.text(row, columns.type) == "NUMERICAL",
                numerator: Int(columns.text(row, columns.numerator)) ?? 1,
                denominator: Int(columns.text(row, columns.denominator)) ?? 1,
                unit: columns.text(row, columns.unit), atMost: columns.text(row, columns.targetType) == "AT_MOST",
                target: Double(columns.text(row, columns.targetValue)) ?? 0,
                archived: columns.text(row, columns.archived).lowercased() == "true"
            ).habit()
            if let entry = checkmarks[position] {
                let rows: [CSVText.Row]
                do {
                    rows = try CSVText.rows(try archive.contents(of: entry, limit: TrackerFile.textLimit, path: path))
                } catch let failure as CSVText.Failure {
                    throw TrackerImportError.malformed(path, reason: "\(ImportText.quoted(entry.path)) \(describe(failure))")
                }
                var days = TrackerDays()
                for check in rows.dropFirst() {
                    let place = "\(ImportText.escaped(entry.path)) line \(check.line)"
                    guard let day = TrackerDays.day(check.fields[0]) else {
                        export.reject("\(place): \(ImportText.quoted(check.fields[0])) is not a date from 1970 to 2100")
                        continue
                    }
                    let value = check.fields.count > 1 ? check.fields[1].trimmingCharacters(in: .whitespaces) : ""
                    let note = check.fields.count > 2 ? TrackerDays.note(check.fields[2]) : nil
                    guard let word = LoopValues.word(value, numerical: habit.kind == .quantity, note: note) else {
                        export.reject("\(place): \(ImportText.quoted(value)) is not a Loop value")
                        continue
                    }
                    days.set(day, word)
                }
                days.finish(into: &habit)
            }
            export.habits.append(habit)
        }
        return export
    }

    static func describe(_ failure: CSVText.Failure) -> String {
        switch failure {
        case .unclosedQuote(let line): "has a quote opened on line \(line) that never closes"
        }
    }

    /// Where the columns are in `Habits.csv` (by name: versions differ).
    private struct Columns {
        var position: Int, name: Int
        var type: Int?, numerator: Int?, denominator: Int?, unit: Int?, targetType: Int?, targetValue: Int?, archived: Int?

        init?(_ header: [String]) {
            let names = header.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let p = names.firstIndex(of: "Position"), let n = names.firstIndex(of: "Name") else { return nil }
            position = p
            name = n
            type = names.firstIndex(of: "Type")
            numerator = names.firstIndex(of: "FrequencyNumerator")
            denominator = names.firstIndex(of: "FrequencyDenominator")
            unit = names.firstIndex(of: "Unit")
            targetType = names.firstIndex(of: "Target Type")
            targetValue = names.firstIndex(of: "Target Value")
            archived = names.firstIndex(of: "Archived?")
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

    /// habit's definition of it. A yes/no habit of N in D days is N a day/week/month; a
    /// numerical habit's target is per D days (1: a day, 7: a week, 30: a month).
    func habit() -> TrackerHabit {
        guard numerical else {
            let (per, times, approximation) = TrackerRules.frequency(times: numerator, days: denominator)
            return TrackerHabit(originalName: name, kind: .yesNo, per: per, times: times, archived: archived,
                                approximation: approximation)
        }
        let (per, _, approximation) = TrackerRules.frequency(times: 1, days: denominator)
        let goal: HabitDefinition.Goal? = target.isFinite && target > 0 && target < 1e12 ? (atMost ? .atMost(target) : .atLeast(target)) : nil
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
