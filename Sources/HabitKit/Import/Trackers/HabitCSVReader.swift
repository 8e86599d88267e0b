import Foundation

/// habit's own CSV export (`habit export --format csv`), read back by `habit import FILE.csv`
/// (Standards/import-export.md, "habit's own CSV, read back"): a header that starts with the
/// thirteen columns every release wrote (`kind,uuid,type,…,drinks`), then `habit`, `note` and
/// `metadata` (issue 49; a file written before has only the first thirteen), and a row a sample or
/// workout. The rows become interchange lines (``InterchangeLine``), stored by the interchange
/// import's rules: each object keeps its UUID, type and source, so importing a file into the store
/// it came from, or twice, adds nothing. An own habit's entries (type `dev.habit.habit.<id>`)
/// bring their habit back under its id and the `habit` column's name — a yes/no habit when every
/// entry is a check (`1 count`), else a quantity in the entries' unit, every day, no target, its
/// history from its first entry — which never replaces a definition the store has (the line's
/// `modified` is 1970). Any row that cannot be read refuses the file with its line.
public enum HabitCSVReader {
    /// The export's columns, in their order: what ``looksLikeExport(_:)`` tells the file by, and
    /// the header `habit export --format csv` writes.
    public static let columns = ["kind", "uuid", "type", "start", "end", "value", "unit", "source", "workout",
                                 "totalEnergyKcal", "totalDistanceMeters", "level", "drinks", "habit", "note", "metadata"]
    /// Every release wrote these first; `habit`, `note` and `metadata` came after (issue 49).
    static let firstColumns = 13
    static let noteColumn = 14, metadataColumn = 15

    /// What the `habit` column says of a sample: an own habit's current name (`names`: by id), the
    /// built-in whose data a row of habit's own sources is (a workout's energy is the workout's);
    /// nil for anything else.
    public static func habitName(of sample: Sample, names: [String: String]) -> String? {
        if sample.type.hasPrefix(HabitDefinition.loggedTypePrefix) {
            return names[String(sample.type.dropFirst(HabitDefinition.loggedTypePrefix.count))]
        }
        guard sample.source.isApp else { return nil }
        switch sample.type {
        case SampleType.mindfulSession: return Habit.meditate.rawValue
        case SampleType.alcoholicBeverages: return Habit.noalc.rawValue
        case SampleType.activeEnergyBurned where sample.workout != nil: return Habit.workout.rawValue
        default: return nil
        }
    }

    /// Whether `head` (the file's first bytes) starts with the export's header: its first thirteen
    /// columns as habit writes them (names without case or surrounding spaces).
    static func looksLikeExport(_ head: [UInt8]) -> Bool {
        guard let line = TextLines.lines(head).first(where: { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }),
              let header = try? CSVText.rows(Data(line.text.utf8)).first else { return false }
        return header.fields.prefix(firstColumns).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            == columns.prefix(firstColumns).map { $0.lowercased() }
    }

    /// The file at `path` read whole and checked (before any store is opened) into interchange
    /// lines: habits first, then the rows in the file's order. `calendar` puts an own habit's
    /// first entry in its day and gives every object the zone it is recorded in; `now` is when
    /// they were created here.
    public static func read(path: String, calendar: HabitCalendar, now: Date) throws -> [InterchangeLine] {
        try read(CSVTrackerRows.rows(path: path), path: path, calendar: calendar, now: now)
    }

    static func read(_ rows: [CSVText.Row], path: String, calendar: HabitCalendar, now: Date) throws(TrackerImportError) -> [InterchangeLine] {
        guard let header = rows.first else { throw .malformed(path, reason: "it is empty") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        // The first thirteen, then as many of the later columns as the release that wrote it had.
        guard names.count >= firstColumns, names.count <= columns.count,
              names == columns.prefix(names.count).map({ $0.lowercased() }) else {
            throw CSVTrackerRows.refusal(path, line: header.line, "the header is not habit's export's (\(columns.joined(separator: ",")))")
        }
        var habits: [String: HabitDefinition] = [:], order: [String] = []
        var objects: [InterchangeLine] = []
        for row in rows.dropFirst() {
            try CSVTrackerRows.checkWidth(row, header: names.count, needed: firstColumns - 1, path: path)
            do throws(InterchangeJSONFailure) {
                let parsed = try object(row, columns: names.count, calendar: calendar, now: now)
                objects.append(.data(parsed.object))
                guard let (id, entry) = parsed.entry else { continue }
                guard let name = parsed.habit else {
                    throw InterchangeJSONFailure(names.count > firstColumns
                        ? "an entry of an own habit (\(entry.type)) needs its name in the habit column"
                        : "an entry of an own habit (\(entry.type)), and no habit column to name it: export the store again with this habit")
                }
                let day = DayEntry.day(of: entry, in: calendar)
                let check = entry.value == 1 && entry.unit == "count"
                if var habit = habits[id] {
                    guard habit.name == name else {
                        throw InterchangeJSONFailure("\(ImportText.quoted(name)) names the habit of \(entry.type), which an earlier row calls \(ImportText.quoted(habit.name))")
                    }
                    habit.since = min(habit.since, day)
                    if !check, habit.kind == .yesNo { (habit.kind, habit.unit) = (.quantity, entry.unit ?? "count") }
                    habits[id] = habit
                } else {
                    order.append(id)
                    habits[id] = HabitDefinition(id: id, name: name, kind: check ? .yesNo : .quantity, unit: check ? nil : entry.unit ?? "count",
                                                 since: day, created: now, modified: Date(timeIntervalSince1970: 0))
                }
            } catch {
                throw CSVTrackerRows.refusal(path, line: row.line, error.reason)
            }
        }
        return order.compactMap { habits[$0].map { .data(.habit($0)) } } + objects
    }

    /// One row: its object, and for an own habit's entry the habit's id and the name the row gives it.
    private static func object(_ row: CSVText.Row, columns count: Int, calendar: HabitCalendar,
                               now: Date) throws(InterchangeJSONFailure) -> (object: InterchangeObject, entry: (String, Sample)?, habit: String?) {
        func field(_ name: String) -> String {
            guard let i = columns.firstIndex(of: name), i < count, i < row.fields.count else { return "" }
            return row.fields[i]
        }
        func optional(_ name: String, limit: Int = 256) throws(InterchangeJSONFailure) -> String? {
            let text = field(name)
            return text.isEmpty ? nil : try InterchangeField.text(text, name, limit: limit)
        }
        func number(_ name: String) throws(InterchangeJSONFailure) -> Double? {
            guard let text = try optional(name) else { return nil }
            guard let value = Double(text), value.isFinite else { throw InterchangeJSONFailure("\"\(name)\" is not a number: \(quoted(text))") }
            return value
        }
        let uuid = try InterchangeField.uuid(field("uuid"), "uuid")
        let type = try InterchangeField.text(field("type"), "type", limit: 256)
        let start = try InterchangeField.instant(field("start"), "start"), end = try InterchangeField.instant(field("end"), "end")
        guard start <= end else { throw InterchangeJSONFailure("\(uuid.storeText) ends before it starts") }
        let source = try InterchangeField.source(field("source"))
        let described = SourceDescription(name: source.bundleID.hasPrefix(SourceID.importPrefix) ? source.displayName : source.defaultName,
                                          version: nil)
        let zone = RecordedZone.resolve(calendar.timeZone.identifier, at: start.timeIntervalSince1970)
        var metadata = try self.metadata(field("metadata"), hasColumn: count > metadataColumn)
        if count <= metadataColumn {
            // A file written before the metadata column: what the row's own columns say.
            for key in ["level", "drinks"] { if let v = try optional(key) { metadata[key] = v } }
        }
        if count > noteColumn {
            // The note column, which a spreadsheet shows, wins over the metadata's.
            metadata[NoteRules.key] = try optional("note", limit: 64 << 10)
        }
        switch field("kind") {
        case "sample":
            var value: Double?
            if let text = try optional("value") {
                if let v = Double(text), v.isFinite { value = v } else { metadata["categoryValue"] = metadata["categoryValue"] ?? text }
            }
            if let problem = StoredNumbers.problem(value: value, type: type) { throw InterchangeJSONFailure("sample \(uuid.storeText): \(problem)") }
            let sample = Sample(uuid: uuid, type: type, start: start, end: end, value: value, unit: try optional("unit", limit: 64),
                                source: source, metadata: metadata, created: now, utcOffset: zone.offset, timeZoneID: zone.zoneID,
                                workout: try optional("workout").map { text throws(InterchangeJSONFailure) in try InterchangeField.uuid(text, "workout") })
            guard type.hasPrefix(HabitDefinition.loggedTypePrefix) else { return (.sample(sample, described), nil, nil) }
            let id = String(type.dropFirst(HabitDefinition.loggedTypePrefix.count))
            guard let habitID = UUID(text: id) else { throw InterchangeJSONFailure("\(quoted(type)) names no habit id") }
            // Only an own habit's name is read (a built-in's row names the built-in): by the name
            // rules, one that mixes scripts named in one script by the store (``HabitName/inOneScript(_:)``).
            var habit: String?
            if let text = try optional("habit", limit: 1024) {
                do throws(HabitInputError) { habit = try HabitName.validate(text) } catch .mixedScripts {
                    habit = text.precomposedStringWithCompatibilityMapping
                } catch { throw InterchangeJSONFailure("habit \(error.description)") }
            }
            return (.sample(sample, described), (habitID.storeText, sample), habit)
        case "workout":
            guard let duration = try number("value") else { throw InterchangeJSONFailure("workout \(uuid.storeText) has no duration (value)") }
            let energy = try number("totalEnergyKcal"), distance = try number("totalDistanceMeters")
            if let problem = StoredNumbers.problem(duration: duration, energyKcal: energy, distanceMeters: distance) {
                throw InterchangeJSONFailure("workout \(uuid.storeText): \(problem)")
            }
            return (.workout(Workout(uuid: uuid, activityType: type, start: start, end: end, duration: duration, totalEnergyKcal: energy,
                                     totalDistanceMeters: distance, source: source, metadata: metadata, created: now,
                                     utcOffset: zone.offset, timeZoneID: zone.zoneID), described, statistics: [], events: []), nil, nil)
        case let kind:
            throw InterchangeJSONFailure("\(quoted(kind)) is not a kind habit exports (sample or workout)")
        }
    }

    /// The metadata column: a JSON object of strings without control characters, or empty (none).
    private static func metadata(_ text: String, hasColumn: Bool) throws(InterchangeJSONFailure) -> [String: String] {
        guard hasColumn, !text.isEmpty else { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw InterchangeJSONFailure("\"metadata\" is not a JSON object")
        }
        var out: [String: String] = [:]
        for (key, value) in object {
            guard let string = value as? String else { throw InterchangeJSONFailure("\"metadata\" holds a value that is not text: \(quoted(key))") }
            out[try InterchangeField.text(key, "metadata", limit: 1024)] = try InterchangeField.text(string, "metadata", limit: 64 << 10, emptyAllowed: true)
        }
        return out
    }
}
