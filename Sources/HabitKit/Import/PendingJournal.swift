import Foundation

/// One entry typed while the store could not be written (`habit log …`, `habit skip`), kept in
/// the pending journal until a command can write (Standards/access.md, "Nothing typed is lost").
///
/// It holds what was typed, as typed (the texts of `--at`, `--date`, …), with the instant it was
/// typed and its UUID: applied later, the texts are read again against `typed` (so "yesterday
/// 21:00" means the evening before it was typed), and the entry's first record gets `uuid`, so
/// applying an entry twice finds it stored and does nothing.
public struct PendingEntry: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case meditate, workout, alcohol, habit, skip
    }

    /// The format's version; a line of another version is not read.
    public var v = 1
    public var uuid: UUID
    /// When it was typed (the command's "now").
    public var typed: Date
    /// `TZ` when it was typed, if set (else the store's `timezone` setting decides when applied).
    public var zone: String?
    public var kind: Kind
    /// meditate, workout: the duration in seconds.
    public var seconds: Double?
    /// workout: the activity; its MET override.
    public var activity: String?
    public var met: Double?
    /// alcohol: the drinks or level as typed (`3`, `steady`).
    public var drinks: String?
    /// habit: its name; skip: the habit (nil: `--all`).
    public var habit: String?
    /// habit: the amount as typed (`20m`), nil for a yes/no habit.
    public var amount: String?
    public var at: String?
    public var end: String?
    /// alcohol, habit: `--date`; skip: the first day.
    public var date: String?
    /// skip: `--to`.
    public var to: String?
    public var note: String?
    /// `--source`, as typed (nil: the app's).
    public var source: String?

    public init(uuid: UUID, typed: Date, zone: String?, kind: Kind) {
        (self.uuid, self.typed, self.zone, self.kind) = (uuid, typed, zone, kind)
    }

    enum CodingKeys: String, CodingKey {
        case v, uuid, typed, zone, kind, seconds, activity, met, drinks, habit, amount, at, end, date, to, note, source
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        v = try c.decode(Int.self, forKey: .v)
        uuid = try c.decode(UUID.self, forKey: .uuid)
        let text = try c.decode(String.self, forKey: .typed)
        guard let instant = Self.instant(text) else {
            throw DecodingError.dataCorruptedError(forKey: .typed, in: c, debugDescription: "not an ISO 8601 instant")
        }
        typed = instant
        zone = try c.decodeIfPresent(String.self, forKey: .zone)
        kind = try c.decode(Kind.self, forKey: .kind)
        seconds = try c.decodeIfPresent(Double.self, forKey: .seconds)
        activity = try c.decodeIfPresent(String.self, forKey: .activity)
        met = try c.decodeIfPresent(Double.self, forKey: .met)
        drinks = try c.decodeIfPresent(String.self, forKey: .drinks)
        habit = try c.decodeIfPresent(String.self, forKey: .habit)
        amount = try c.decodeIfPresent(String.self, forKey: .amount)
        at = try c.decodeIfPresent(String.self, forKey: .at)
        end = try c.decodeIfPresent(String.self, forKey: .end)
        self.date = try c.decodeIfPresent(String.self, forKey: .date)
        to = try c.decodeIfPresent(String.self, forKey: .to)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        source = try c.decodeIfPresent(String.self, forKey: .source)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(v, forKey: .v)
        try c.encode(uuid.uuidString.lowercased(), forKey: .uuid)
        try c.encode(Self.text(typed), forKey: .typed)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(zone, forKey: .zone)
        try c.encodeIfPresent(seconds, forKey: .seconds)
        try c.encodeIfPresent(activity, forKey: .activity)
        try c.encodeIfPresent(met, forKey: .met)
        try c.encodeIfPresent(drinks, forKey: .drinks)
        try c.encodeIfPresent(habit, forKey: .habit)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(at, forKey: .at)
        try c.encodeIfPresent(end, forKey: .end)
        try c.encodeIfPresent(date, forKey: .date)
        try c.encodeIfPresent(to, forKey: .to)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encodeIfPresent(source, forKey: .source)
    }

    /// Whether the entry has what its kind needs, within bounds (a line that does not is never applied).
    public var isWellFormed: Bool {
        guard v == 1, SupportedDates.contains(typed) else { return false }
        let texts = [zone, activity, drinks, habit, amount, at, end, date, to, note, source]
        guard texts.allSatisfy({ ($0?.utf8.count ?? 0) <= PendingJournal.maximumText }) else { return false }
        if let met, !met.isFinite { return false }
        let duration = seconds.map { $0.isFinite && $0 > 0 && $0 <= InputParsing.maximumDuration } ?? false
        switch kind {
        case .meditate: return duration
        case .workout: return duration && activity != nil
        case .alcohol: return drinks != nil
        case .habit: return habit != nil
        case .skip: return date != nil
        }
    }

    /// `2026-11-25T17:15:03.123Z`: UTC, to the millisecond.
    static func text(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: date)
    }

    static func instant(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}

/// The pending journal's line format: one JSON object per line, each ended by a newline. Pure:
/// the file itself is ``PendingJournalFile``'s.
public enum PendingJournal {
    /// The longest text field a line may hold (bytes), and the longest line read.
    public static let maximumText = 4_096
    public static let maximumLine = 65_536

    /// The journal's line for `entry`, newline included.
    public static func line(_ entry: PendingEntry) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(entry)) + [0x0A]
    }

    /// What a journal's bytes hold.
    public struct Contents: Sendable, Equatable {
        /// The well-formed entries, in order, each UUID once (the first line wins).
        public var entries: [PendingEntry] = []
        /// Complete lines that are not a well-formed entry (kept aside, never applied).
        public var unreadable: [[UInt8]] = []
        /// The bytes after the last newline: a line still being written, or torn by a crash. Left
        /// in the journal for the next run.
        public var torn: [UInt8] = []
    }

    public static func read(_ bytes: [UInt8]) -> Contents {
        var contents = Contents()
        var seen = Set<UUID>()
        var start = 0
        let decoder = JSONDecoder()
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            let line = Array(bytes[start..<i])
            start = i + 1
            if line.isEmpty { continue }
            guard line.count <= maximumLine, let entry = try? decoder.decode(PendingEntry.self, from: Data(line)),
                  entry.isWellFormed else {
                contents.unreadable.append(line)
                continue
            }
            if seen.insert(entry.uuid).inserted { contents.entries.append(entry) }
        }
        contents.torn = Array(bytes[start...])
        return contents
    }
}

extension PendingEntry {
    /// One line for `habit doctor`: `log meditate 600 s --at 07:00, typed 2026-11-25T17:15:03.123Z (uuid …)`.
    public var summary: String {
        var words = [kind == .skip ? "skip" : "log \(kind.rawValue)"]
        if let activity { words.append(activity) }
        if let habit { words.append(habit) }
        if let seconds { words.append("\(Int(seconds)) s") }
        if let amount { words.append(amount) }
        if let drinks { words.append(drinks) }
        if kind == .skip, let date { words.append(date) }
        for (option, value) in [("--at", at), ("--end", end), ("--date", kind == .skip ? nil : date), ("--to", to), ("--source", source)] {
            if let value { words.append("\(option) \(value)") }
        }
        return words.joined(separator: " ") + ", typed \(Self.text(typed)) (uuid \(uuid.uuidString.lowercased()))"
    }
}

extension PendingJournal {
    /// What `habit doctor` says about the journal: one warning per pending entry (a write adds
    /// it), one for unreadable lines or a torn last line; nothing when there is no journal.
    public static func findings(_ contents: Contents, path: String) -> [Finding] {
        var findings = contents.entries.map {
            Finding(check: "pending entry", status: .warning, detail: $0.summary,
                    fix: "any command that writes adds it (e.g. habit log …) once the store can be written")
        }
        if !contents.unreadable.isEmpty {
            findings.append(Finding(check: "pending journal", status: .warning,
                                    detail: "\(counting(contents.unreadable.count, "line")) of \(path) are not entries; the next write sets them aside",
                                    fix: nil))
        }
        if !contents.torn.isEmpty {
            findings.append(Finding(check: "pending journal", status: .warning,
                                    detail: "the last line of \(path) is incomplete (a write that was cut off); it is left as it is", fix: nil))
        }
        return findings
    }
}
