import Foundation

/// HabitBull's CSV export, as Loop Habit Tracker's importer reads it: the header
/// `HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText`, then a row a habit
/// and day. `CalendarDate` is `YYYY-MM-DD`, possibly with a time (`2018-05-31T00:00:00`, which is
/// left out), or `M/D/YYYY` — day first instead when a date of the file has a first part above
/// 12 (`25/5/2019`). `Value` is a number: 0 not done, 1 done, anything else an amount (the habit
/// is then a quantity). `CommentText` is the day's note. Descriptions and categories are not
/// imported; the export says nothing of frequencies, so every habit is every day. The last row of
/// a habit and day wins. `Value` −2150000000 (``noValue``) is a day not done, as Loop reads it.
/// Any other row that cannot be read refuses the file with its line.
public enum HabitBullReader {
    static let headerStart = ["habitname", "habitdescription", "habitcategory"]
    static let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText"
    /// The value HabitBull writes for a day it holds no number for (Loop's test file
    /// `habitbull2.csv` has three such rows). Loop reads a value that is no 32-bit integer as 0,
    /// "not done" (`HabitBullCSVImporter.parseInt`: "Replacing by zero"), and so does habit: the day
    /// is part of the habit's history, nothing is stored for it. Any other negative value still
    /// refuses the file.
    static let noValue = "-2150000000"

    /// Whether `head` (the file's first bytes) starts with HabitBull's header (its first three
    /// columns, as Loop tells the file).
    static func looksLikeExport(_ head: [UInt8]) -> Bool {
        guard let line = TextLines.lines(head).first, let row = try? CSVText.rows(Data(line.text.utf8)).first else { return false }
        return row.fields.prefix(3).map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == headerStart
    }

    public static func read(path: String) throws -> TrackerExport {
        try read(CSVTrackerRows.rows(path: path), path: path)
    }

    static func read(_ rows: [CSVText.Row], path: String) throws(TrackerImportError) -> TrackerExport {
        guard let header = rows.first else { throw .malformed(path, reason: "it is empty; HabitBull's export starts with \(Self.header)") }
        let columns = CSVTrackerRows.columns(header)
        var needed: [Int] = []
        for name in ["HabitName", "CalendarDate", "Value"] {
            guard let column = columns[name.lowercased()] else {
                throw CSVTrackerRows.refusal(path, line: header.line, "the header names no '\(name)' column (HabitBull writes \(Self.header))")
            }
            needed.append(column)
        }
        let (nameColumn, dateColumn, valueColumn, commentColumn) = (needed[0], needed[1], needed[2], columns["commenttext"])
        let body = rows.dropFirst()
        let dayFirst = try slashOrder(body, column: dateColumn, path: path)
        var habits = CSVHabitRows()
        for row in body {
            try CSVTrackerRows.checkWidth(row, header: header.fields.count, needed: needed.max() ?? 0, path: path)
            let name = CSVTrackerRows.field(row, nameColumn)
            guard !name.isEmpty else { throw CSVTrackerRows.refusal(path, line: row.line, "no habit name") }
            let dateText = CSVTrackerRows.field(row, dateColumn)
            let day: LocalDay
            switch self.day(dateText, dayFirst: dayFirst) {
            case .success(let d): day = d
            case .failure(let problem):
                throw CSVTrackerRows.refusal(path, line: row.line, problem.reason(dateText, shape: "(YYYY-MM-DD, M/D/YYYY or D/M/YYYY)"))
            }
            let valueText = CSVTrackerRows.field(row, valueColumn)
            guard let value = valueText.trimmingCharacters(in: .whitespaces) == noValue ? 0 : CSVTrackerRows.amount(valueText) else {
                throw CSVTrackerRows.refusal(path, line: row.line, "\(ImportText.quoted(valueText)) is not a value (\(CSVTrackerRows.amountRule))")
            }
            let note = commentColumn.flatMap { $0 < row.fields.count ? TrackerDays.note(row.fields[$0]) : nil }
            habits.add(name, .init(line: row.line, day: day, value: value, note: note))
        }
        return TrackerExport(tracker: .habitBull, habits: try habits.habits(sameDay: .lastWins, path: path))
    }

    /// The parts of a date written with slashes, `A/B/YYYY`, else nil.
    static func slashParts(_ text: String) -> (first: Int, second: Int, year: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
              parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
              let a = Int(parts[0]), let b = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return (a, b, y)
    }

    /// Whether the file's slashed dates are day first: only when one of them has a first part
    /// above 12; a file with both a first part and a second part above 12 is refused.
    static func slashOrder(_ rows: ArraySlice<CSVText.Row>, column: Int, path: String) throws(TrackerImportError) -> Bool {
        var dayFirst: (line: Int, text: String)?, monthFirst: (line: Int, text: String)?
        for row in rows {
            let text = CSVTrackerRows.field(row, column)
            guard let parts = slashParts(text) else { continue }
            // A date with both parts above 12 is no date either way (refused as such when read).
            if parts.first > 12, parts.second <= 12, dayFirst == nil { dayFirst = (row.line, text) }
            if parts.second > 12, parts.first <= 12, monthFirst == nil { monthFirst = (row.line, text) }
            if let d = dayFirst, let m = monthFirst {
                let later = max(d.line, m.line)
                throw CSVTrackerRows.refusal(path, line: later, "\(ImportText.quoted(later == d.line ? d.text : m.text)) puts the "
                    + "\(later == d.line ? "day" : "month") first, but line \(min(d.line, m.line)) puts the \(later == d.line ? "month" : "day") first")
            }
        }
        return dayFirst != nil
    }

    /// A `CalendarDate`: `YYYY-MM-DD` (a time after `T` or a space is left out) or slashed.
    static func day(_ text: String, dayFirst: Bool) -> Result<LocalDay, CSVTrackerRows.DayProblem> {
        if let parts = slashParts(text) {
            let (month, day) = dayFirst ? (parts.second, parts.first) : (parts.first, parts.second)
            guard let d = LocalDay(year: parts.year, month: month, day: day) else { return .failure(.notADate) }
            return SupportedDates.contains(d) ? .success(d) : .failure(.outOfRange)
        }
        var date = Substring(text)
        if let split = text.firstIndex(where: { $0 == "T" || $0 == " " }) {
            let time = text[text.index(after: split)...]
            guard !time.isEmpty, time.utf8.allSatisfy({ (0x30...0x3A).contains($0) || $0 == 0x2E }) else { return .failure(.notADate) }
            date = text[..<split]
        }
        return CSVTrackerRows.day(String(date))
    }
}
