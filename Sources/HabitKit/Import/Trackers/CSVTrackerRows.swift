import Foundation

/// What the two CSV formats of other trackers share (``GenericCSVReader``, ``HabitBullReader``):
/// the file read whole into rows (``CSVText``), columns found by name, an amount, and the rows
/// gathered by habit until each habit's kind is known.
///
/// Unlike Loop's files and harsh's log, whose unreadable rows are left out and counted, a row
/// that cannot be read refuses the whole file, naming its line (exit 65, nothing stored): such a
/// file is usually one the person made or converted, and mending it beats losing days quietly.
enum CSVTrackerRows {
    /// The rows of the file at `path`: a regular file (else exit 66), read whole up to
    /// ``TrackerFile/textLimit``.
    static func rows(path: String) throws -> [CSVText.Row] {
        try rows(try OpenFile(path: path).readAll(limit: TrackerFile.textLimit, path: path), path: path)
    }

    static func rows(_ data: Data, path: String) throws(TrackerImportError) -> [CSVText.Row] {
        do {
            return try CSVText.rows(data)
        } catch {
            switch error {
            case .unclosedQuote(let line): throw refusal(path, line: line, "a quote opened here never closes")
            }
        }
    }

    /// The file refused at `line` for `reason`.
    static func refusal(_ path: String, line: Int, _ reason: String) -> TrackerImportError {
        .malformed(path, reason: "line \(line): \(reason)")
    }

    /// The columns a header names, by their names without case and surrounding spaces (the first
    /// of a name when it repeats).
    static func columns(_ header: CSVText.Row) -> [String: Int] {
        var out: [String: Int] = [:]
        for (i, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            if out[key] == nil { out[key] = i }
        }
        return out
    }

    /// Refuses a row with more fields than the header has columns (an unquoted comma in a note
    /// shifts every field after it), or too few to reach column `needed`.
    static func checkWidth(_ row: CSVText.Row, header: Int, needed: Int, path: String) throws(TrackerImportError) {
        if row.fields.count > header {
            throw refusal(path, line: row.line, "\(row.fields.count) fields, but the header has \(header) columns (a field holding a comma needs double quotes)")
        }
        if row.fields.count <= needed {
            throw refusal(path, line: row.line, "\(counting(row.fields.count, "field")), but the header has \(header) columns")
        }
    }

    /// The field of `row` in `column` without surrounding spaces; "" when the row is shorter.
    static func field(_ row: CSVText.Row, _ column: Int?) -> String {
        guard let column, column < row.fields.count else { return "" }
        return row.fields[column].trimmingCharacters(in: .whitespaces)
    }

    /// An amount as `habit log` takes one: digits with at most one decimal point (`3`, `2.5`,
    /// `.5`), from 0 up to (not including) 10^12. No sign, exponent, `inf` or `nan`.
    static func amount(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.contains(where: { (0x30...0x39).contains($0) }),
              bytes.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E }),
              bytes.filter({ $0 == 0x2E }).count <= 1,
              let value = Double(text), StoredNumbers.isHabitAmount(value) else { return nil }
        return value
    }

    static let amountRule = "a number from 0 up to 999,999,999,999, like 3 or 2.5"

    /// A day written `YYYY-MM-DD`, or why it is none: not that shape, or outside the dates habit keeps.
    static func day(_ text: String) -> Result<LocalDay, DayProblem> {
        guard let day = LocalDay(text) else { return .failure(.notADate) }
        return SupportedDates.contains(day) ? .success(day) : .failure(.outOfRange)
    }

    enum DayProblem: Error {
        case notADate, outOfRange

        func reason(_ text: String, shape: String) -> String {
            switch self {
            case .notADate: "\(ImportText.quoted(text)) is not a date \(shape)"
            case .outOfRange: "\(ImportText.quoted(text)) is outside the dates habit keeps (\(SupportedDates.summary))"
            }
        }
    }
}

/// The rows of a CSV tracker file gathered by habit, in the order the file first names them: a
/// habit's kind is known only once all its values are (``habits(sameDay:path:)``).
struct CSVHabitRows {
    struct Row {
        var line: Int
        var day: LocalDay
        var value: Double
        var note: String?
    }

    /// What two rows of a habit on the same day make.
    enum SameDay {
        /// Each row is an entry, as `habit log` would add it: amounts add up, a yes/no day is done
        /// when a row says so, the notes are joined with "; " (the generic CSV).
        case addUp
        /// The last row of the day is the day's word (HabitBull keeps one value a day; its
        /// exports repeat rows).
        case lastWins
    }

    private var order: [String] = []
    private var rows: [String: [Row]] = [:]

    mutating func add(_ name: String, _ row: Row) {
        if rows[name] == nil { order.append(name) }
        rows[name, default: []].append(row)
    }

    /// Each habit: yes/no when every value is 0 or 1, else a quantity counted in `count` without a
    /// target; every day. A value of 0 stores nothing (the day is part of its history, so a note
    /// on it has nothing to stay with); a yes/no check is 1.
    func habits(sameDay: SameDay, path: String) throws(TrackerImportError) -> [TrackerHabit] {
        try order.map { name throws(TrackerImportError) in
            let rows = rows[name] ?? []
            let yesNo = rows.allSatisfy { $0.value == 0 || $0.value == 1 }
            var habit = TrackerHabit(originalName: name, kind: yesNo ? .yesNo : .quantity, unit: yesNo ? nil : "count")
            var days = TrackerDays()
            switch sameDay {
            case .lastWins:
                for row in rows { days.set(row.day, row.value == 0 ? .nothing : .done(row.value, note: row.note, amount: nil)) }
            case .addUp:
                var byDay: [LocalDay: (value: Double, notes: [String])] = [:]
                for row in rows {
                    var day = byDay[row.day] ?? (0, [])
                    day.value = yesNo ? max(day.value, row.value) : day.value + row.value
                    guard StoredNumbers.isHabitAmount(day.value) else {
                        throw CSVTrackerRows.refusal(path, line: row.line, "the amounts of \(ImportText.quoted(name)) on \(row.day) add up to more than 999,999,999,999")
                    }
                    if let note = row.note { day.notes.append(note) }
                    byDay[row.day] = day
                }
                for (day, word) in byDay {
                    let note = TrackerDays.note(word.notes.joined(separator: "; "))
                    days.set(day, word.value == 0 ? .nothing : .done(word.value, note: note, amount: nil))
                }
            }
            days.finish(into: &habit)
            return habit
        }
    }
}
