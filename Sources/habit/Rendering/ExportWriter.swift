import Foundation
import HabitKit

/// Writes `habit export` to stdout or to an ``OutputFile``, buffered, in csv, json or ndjson.
///
/// JSON is the encoder's bytes: ndjson is one encoded ``InterchangeLineJSON`` a line (the
/// interchange format); json is the encoded ``ExportJSON`` envelope with the same objects, each
/// encoded on its own line, streamed between its brackets (so a large store is never held in memory).
final class ExportWriter {
    enum Format: String, CaseIterable { case csv, json, ndjson }

    private let format: Format
    private let file: OutputFile?
    /// Bytes, not `Data`: a csv row is appended a byte or a field at a time, which `Data` does
    /// through generic casts at each call.
    private var buffer: [UInt8] = []
    private var count = 0
    private let encoder: JSONEncoder
    /// Samples and workouts are written in the encoder's bytes without it (``JSONBytes``); other lines by the encoder.
    private var json = JSONBytes()
    private let envelope: (head: Data, tail: Data)
    /// Each own habit's name by its id: the csv's `habit` column.
    private let names: [String: String]

    /// csv's columns: the first thirteen as every release wrote them, then `habit`, `note` and
    /// `metadata` (issue 49) — columns are only ever added at the end.
    static let csvHeader = HabitCSVReader.columns.joined(separator: ",")

    /// `names`: each own habit's current name by its id (csv names the habit of each row).
    init(format: Format, file: OutputFile?, names: [String: String] = [:]) throws {
        self.format = format
        self.file = file
        self.names = names
        encoder = Output.makeEncoder()
        // `{"objects":[]}` split at its empty array: the head before "]", the tail from it.
        let empty = try encoder.encode(ExportJSON(objects: []))
        let split = empty.lastIndex(of: UInt8(ascii: "]")) ?? empty.endIndex
        envelope = (empty[..<split], empty[split...])
        switch format {
        case .csv: append((Self.csvHeader + "\n").utf8)
        case .json: append(envelope.head)
        case .ndjson: break
        }
    }

    /// One line: a csv row for samples and workouts (csv has no habits, skips or configuration), else a line.
    /// A NoAlc row's value is its level's stored count (0, 4, 6); `level` and `drinks` say what was logged.
    /// `habit` names the habit a row of habit's own sources was logged for (an own habit by its
    /// current name, a built-in by its name; empty for other sources' rows), `note` is its note,
    /// `metadata` all its metadata as the store keeps it (a JSON object of strings; empty: none) —
    /// what `habit import` needs to take the file back (``HabitCSVReader``).
    func write(_ item: InterchangeLine, calendar: HabitCalendar) throws {
        guard format == .csv else { return try self.object(item, calendar: calendar) }
        guard case .data(let object) = item else { return }
        switch object {
        case .sample(let s, _):
            try row(["sample", s.uuid.storeText, s.type, calendar.iso8601(s.start), calendar.iso8601(s.end),
                              s.value.map { String($0) } ?? s.metadata["categoryValue"] ?? "", s.unit ?? "", s.source.bundleID,
                              s.workout?.storeText ?? "", "", "", s.metadata["level"] ?? "", s.metadata["drinks"] ?? "",
                              HabitCSVReader.habitName(of: s, names: names) ?? "", s.metadata[NoteRules.key] ?? "",
                              MetadataCoding.encode(s.metadata) ?? ""])
        case .workout(let w, _, _, _):
            try row(["workout", w.uuid.storeText, w.activityType, calendar.iso8601(w.start), calendar.iso8601(w.end),
                              String(w.duration), "s", w.source.bundleID, "", w.totalEnergyKcal.map { String($0) } ?? "",
                              w.totalDistanceMeters.map { String($0) } ?? "", "", "",
                              w.source.isApp ? Habit.workout.rawValue : "", w.metadata[NoteRules.key] ?? "", MetadataCoding.encode(w.metadata) ?? ""])
        case .habit, .skip, .activitySummary:
            return
        }
    }

    /// Ends the document and, for a file, renames it into place.
    func finish() throws {
        if format == .json {
            append("\n".utf8)
            append(envelope.tail)
            append("\n".utf8)
        }
        try flush()
        try file?.commit()
    }

    private func object(_ item: InterchangeLine, calendar: HabitCalendar) throws {
        if format == .json { append((count == 0 ? "\n" : ",\n").utf8) }
        json.bytes.removeAll(keepingCapacity: true)
        if json.interchangeLine(item, calendar: calendar) {
            buffer.append(contentsOf: json.bytes)
        } else {
            append(try encoder.encode(InterchangeLineJSON(item, calendar: calendar)))
        }
        if format == .ndjson { buffer.append(UInt8(ascii: "\n")) }
        count += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// One csv row and its line end, straight into the buffer.
    private func row(_ fields: [String]) throws {
        CSV.append(fields, to: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        count += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// No `Data` made for a separator: the text's bytes go straight into the buffer.
    private func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    private func flush() throws {
        if let file {
            try file.write(Data(buffer))
        } else {
            do { try FileHandle.standardOutput.write(contentsOf: buffer) } catch {
                throw OutputFileError.standardOutputFailed(reason: (error as NSError).localizedDescription)
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// One CSV row (RFC 4180): a field with a comma, quote, line feed or carriage return is quoted,
/// its quotes doubled. Checked and escaped as UTF-8 bytes, not Characters: a "\r\n" is one
/// Character equal to neither "\r" nor "\n", and a quote followed by a combining mark is one
/// Character that is not `"` — both were written unquoted when the fields were walked by Character.
enum CSV {
    static func row(_ fields: [String]) -> String {
        var bytes: [UInt8] = []
        append(fields, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The row's bytes appended to `bytes` (no line end): what the export writes, without a String between.
    static func append(_ fields: [String], to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + fields.reduce(fields.count) { $0 + $1.utf8.count })
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            let utf8 = field.utf8
            guard utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) else {
                bytes.append(contentsOf: utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for b in utf8 {
                bytes.append(b)
                if b == UInt8(ascii: "\"") { bytes.append(b) }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
