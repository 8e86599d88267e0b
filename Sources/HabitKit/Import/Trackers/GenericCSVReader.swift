import Foundation

/// The CSV any tracker's data can be converted into (Standards/import-export.md, "A CSV of your
/// own"): a header naming the columns `habit` and `date`, optionally `value` and `note`, in any
/// order (names without case); then a row an entry — `Floss,2026-11-20`,
/// `Pushups,2026-11-20,25,"sore, but done"`. Dates are `YYYY-MM-DD`; a missing value is a day
/// done (1), `0` a day not done; rows of a habit on the same day add up, as entries logged by
/// hand do. Any row that cannot be read refuses the file with its line.
public enum GenericCSVReader {
    static let columnNames = ["habit", "date", "value", "note"]
    static let shape = "habit,date[,value][,note]"

    /// Whether `head` (the file's first bytes) starts with a header that names a `habit` column:
    /// such a file is read, or refused, by this reader.
    static func looksLikeCSV(_ head: [UInt8]) -> Bool {
        guard let line = TextLines.lines(head).first(where: { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }),
              let header = try? CSVText.rows(Data(line.text.utf8)).first else { return false }
        return CSVTrackerRows.columns(header)["habit"] != nil
    }

    public static func read(path: String) throws -> TrackerExport {
        try read(CSVTrackerRows.rows(path: path), path: path)
    }

    static func read(_ rows: [CSVText.Row], path: String) throws(TrackerImportError) -> TrackerExport {
        guard let header = rows.first else { throw .malformed(path, reason: "it is empty; a CSV to import starts with the header \(shape)") }
        let columns = try columns(header, path: path)
        guard let habitColumn = columns["habit"], let dateColumn = columns["date"] else {
            throw CSVTrackerRows.refusal(path, line: header.line,
                                         "the header names no \(columns["habit"] == nil ? "'habit'" : "'date'") column (a CSV to import has \(shape))")
        }
        let valueColumn = columns["value"], noteColumn = columns["note"]
        var habits = CSVHabitRows()
        for row in rows.dropFirst() {
            try CSVTrackerRows.checkWidth(row, header: header.fields.count, needed: max(habitColumn, dateColumn), path: path)
            let name = CSVTrackerRows.field(row, habitColumn)
            guard !name.isEmpty else { throw CSVTrackerRows.refusal(path, line: row.line, "no habit name") }
            let dateText = CSVTrackerRows.field(row, dateColumn)
            let day: LocalDay
            switch CSVTrackerRows.day(dateText) {
            case .success(let d): day = d
            case .failure(let problem): throw CSVTrackerRows.refusal(path, line: row.line, problem.reason(dateText, shape: "YYYY-MM-DD"))
            }
            let valueText = CSVTrackerRows.field(row, valueColumn)
            var value = 1.0
            if !valueText.isEmpty {
                guard let amount = CSVTrackerRows.amount(valueText) else {
                    throw CSVTrackerRows.refusal(path, line: row.line, "\(ImportText.quoted(valueText)) is not a value (\(CSVTrackerRows.amountRule); empty: done)")
                }
                value = amount
            }
            let note = noteColumn.flatMap { $0 < row.fields.count ? TrackerDays.note(row.fields[$0]) : nil }
            habits.add(name, .init(line: row.line, day: day, value: value, note: note))
        }
        return TrackerExport(tracker: .csv, habits: try habits.habits(sameDay: .addUp, path: path))
    }

    /// The header's columns by name: each one of ``columnNames``, none twice.
    private static func columns(_ header: CSVText.Row, path: String) throws(TrackerImportError) -> [String: Int] {
        var seen: Set<String> = []
        for (i, field) in header.fields.enumerated() {
            let name = field.trimmingCharacters(in: .whitespaces).lowercased()
            guard columnNames.contains(name) else {
                let what = name.isEmpty ? "column \(i + 1) has no name" : "\(ImportText.quoted(field)) is not a column habit reads"
                throw CSVTrackerRows.refusal(path, line: header.line, "\(what) (a CSV to import has \(shape))")
            }
            guard seen.insert(name).inserted else {
                throw CSVTrackerRows.refusal(path, line: header.line, "the column \(ImportText.quoted(name)) is named twice")
            }
        }
        return CSVTrackerRows.columns(header)
    }
}
