import Foundation

/// What another habit tracker's file holds, read into habit's terms before anything is stored:
/// its habits (each with the frequency and target habit gives it), the days done, with their
/// amounts and notes, and the skipped days. Made by ``LoopCSVReader``, ``LoopBackupReader``,
/// ``HarshReader``, ``GenericCSVReader`` and ``HabitBullReader``; stored by `HabitStore.importTracker`.
public struct TrackerExport: Sendable, Equatable {
    public enum Tracker: String, Sendable, Equatable {
        case loopCSV = "Loop Habit Tracker CSV export"
        case loopBackup = "Loop Habit Tracker backup"
        case harsh = "harsh log"
        case csv = "CSV file"
        case habitBull = "HabitBull CSV export"

        /// The app that wrote the data (one identity for both of Loop's formats, so the CSV and
        /// the backup of the same habits meet the same habits here).
        var app: String {
            switch self {
            case .loopCSV, .loopBackup: "Loop Habit Tracker"
            case .harsh: "harsh"
            case .csv: "CSV"
            case .habitBull: "HabitBull"
            }
        }

        /// The last part of the source of its entries, `dev.habit.import.<name>`: `loop` for
        /// both of Loop's formats, else the app's name in lower case (`harsh`, `csv`, `habitbull`).
        var sourceName: String { app == "Loop Habit Tracker" ? "loop" : app.lowercased() }
    }

    public var tracker: Tracker
    public var habits: [TrackerHabit]
    /// Lines or rows that could not be read (at most a few, with where they are), and their count.
    public var rejected: [String]
    public var rejectedCount: Int
    /// Habits the file names but holds no data for, not created (the summary says which). No
    /// reader leaves one out since issue 49: a Loop habit without data is created without entries.
    public var leftOut: [String]

    public init(tracker: Tracker, habits: [TrackerHabit], rejected: [String] = [], rejectedCount: Int = 0, leftOut: [String] = []) {
        self.tracker = tracker
        self.habits = habits
        self.rejected = rejected
        self.rejectedCount = rejectedCount
        self.leftOut = leftOut
    }

    mutating func reject(_ what: String) {
        rejectedCount += 1
        if rejected.count < 5 { rejected.append(what) }
    }
}

/// One habit of another tracker.
public struct TrackerHabit: Sendable, Equatable {
    /// Its name there, as written.
    public var originalName: String
    public var kind: HabitDefinition.Kind
    public var unit: String?
    public var goal: HabitDefinition.Goal?
    public var per: HabitDefinition.Period
    public var times: Int
    public var archived: Bool
    /// False for a habit the tracker records without asking (harsh's frequency 0).
    public var asks: Bool
    /// Set when the tracker's frequency has no exact equivalent here: what it was, and what it became.
    public var approximation: String?
    /// Days done, one entry a day (the tracker's last word for that day).
    public var checks: [TrackerCheck]
    public var skips: [LocalDay]
    /// Notes of days not done (Loop keeps a note on any day): each kept for its day, as an entry
    /// without an amount (``TrackerDayNote``).
    public var dayNotes: [TrackerDayNote] = []
    /// A numerical habit whose target the file does not hold nor tell (Loop's export before
    /// mid-2025 without a `Scores.csv` that gives it): imported without one, the summary asks for it.
    public var targetUnknown = false
    /// The first day the tracker has any word for (done, not done, skipped).
    public var firstDay: LocalDay?
    /// The day the habit ends there (harsh's `Name: 1: 2026-01-03`): once it is past, the habit is archived.
    public var endDay: LocalDay?

    public init(originalName: String, kind: HabitDefinition.Kind, unit: String? = nil, goal: HabitDefinition.Goal? = nil,
                per: HabitDefinition.Period = .day, times: Int = 1, archived: Bool = false, asks: Bool = true, approximation: String? = nil,
                checks: [TrackerCheck] = [], skips: [LocalDay] = [], firstDay: LocalDay? = nil, endDay: LocalDay? = nil) {
        self.endDay = endDay
        self.originalName = originalName
        self.kind = kind
        self.unit = unit
        self.goal = goal
        self.per = per
        self.times = times
        self.archived = archived
        self.asks = asks
        self.approximation = approximation
        self.checks = checks
        self.skips = skips
        self.firstDay = firstDay
    }
}

/// A day a habit was done: 1 for a yes/no habit, else the amount in the habit's unit.
public struct TrackerCheck: Sendable, Equatable {
    public var day: LocalDay
    public var amount: Double
    public var note: String?
    /// An amount the tracker keeps beside a yes/no check (harsh's fifth field), kept in the metadata.
    public var trackerAmount: Double?

    public init(day: LocalDay, amount: Double, note: String? = nil, trackerAmount: Double? = nil) {
        self.day = day
        self.amount = amount
        self.note = note
        self.trackerAmount = trackerAmount
    }
}

/// A note the tracker keeps on a day not done: stored as an entry of the habit's without an
/// amount (so the day stays not done), its note the text.
public struct TrackerDayNote: Sendable, Equatable {
    public var day: LocalDay
    public var text: String

    public init(day: LocalDay, text: String) { (self.day, self.text) = (day, text) }
}

/// A tracker file habit cannot take (exit 65, nothing stored).
public enum TrackerImportError: HabitError, Equatable {
    case notATrackerFile(String, reason: String)
    case malformed(String, reason: String)
    /// A file that is none of the kinds `habit import` takes (`what`: what it is, when known).
    case unrecognised(String, what: String?)

    public var kind: ErrorKind { .dataError }

    public var description: String {
        switch self {
        case .notATrackerFile(let path, let reason):
            "\(ImportText.quoted(path)) is \(reason); habit import takes an Apple Health export.xml/.zip, a Loop Habit Tracker CSV export (.zip) or backup (.db), harsh's log file, "
                + "HabitBull's CSV export or a CSV with the header \(GenericCSVReader.shape)"
        case .unrecognised(let path, let what):
            "\(ImportText.quoted(path)) is \(what.map { $0 + ", " } ?? "")not an Apple Health export, a Loop Habit Tracker export or backup, "
                + "a harsh log, a HabitBull CSV export, a CSV with the header \(GenericCSVReader.shape) "
                + "or habit's own export (habit export --format ndjson or csv); nothing was imported"
        case .malformed(let path, let reason):
            "\(ImportText.quoted(path)): \(reason); nothing was imported"
        }
    }
}

/// The rules that turn another tracker's names and frequencies into habit's.
enum TrackerRules {
    /// A habit name (Standards/habits.md, "Names") for `name`: lower-cased and composed (NFKC),
    /// full-width forms folded, letters of every script kept with their accents and marks
    /// (`Красное мясо` → `красное-мясо`, `Café` → `café`), every other run of characters one '-';
    /// a name that would start with a digit gets `habit-` in front; at most 32 characters; nothing
    /// left → `habit`; letters of scripts a name may not mix with its main one left out, as
    /// ``HabitName/inOneScript(_:)`` does. It may still be a command word or a built-in's name.
    static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.widthInsensitive], locale: nil).lowercased().precomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        var dash = false
        var kept = false  // the last scalar looked at was kept (a mark may follow it)
        for scalar in folded.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
                if dash && !out.isEmpty { out.append("-") }
                dash = false
                out.append(scalar)
                kept = true
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if kept { out.append(scalar) } else { dash = true }
            default:
                dash = true
                kept = false
            }
        }
        var slug = String(out)
        if !UnicodeScript.isHighlyRestrictive(slug) { slug = HabitName.inOneScript(slug) }  // `flоss` → `fl-ss`
        if slug.isEmpty { slug = "habit" }
        if slug.unicodeScalars.first?.properties.generalCategory == .decimalNumber { slug = "habit-" + slug }
        slug = cut(slug, to: 32)
        return HabitName.isWellFormed(slug) ? slug : "habit"
    }

    /// Whether `name`'s letters are of more than one script (its habit here gets a name in one).
    static func mixesScripts(_ name: String) -> Bool {
        !UnicodeScript.isHighlyRestrictive(name.precomposedStringWithCompatibilityMapping)
    }

    /// The name a habit called `name` elsewhere gets here: its ``slug(_:)``, `-habit` after a
    /// command word or built-in's name (`meditate-habit`), then `-2`, `-3`, … while `taken`.
    static func habitName(_ name: String, taken: (String) -> Bool) -> String {
        let slug = slug(name)
        let base = HabitName.reserved.contains(slug) ? cut(slug, to: 26) + "-habit" : slug
        return freeName(base, taken: taken)
    }

    /// `name` cut to `limit` characters without a trailing '-'.
    static func cut(_ name: String, to limit: Int) -> String {
        var s = String(name.prefix(limit))
        while s.hasSuffix("-") { s.removeLast() }
        return s
    }

    /// The name `base` with `-2`, `-3`, … until `taken` says no.
    static func freeName(_ base: String, taken: (String) -> Bool) -> String {
        if !taken(base) { return base }
        var n = 2
        while true {
            let suffix = "-\(n)"
            let candidate = cut(base, to: 32 - suffix.count) + suffix
            if !taken(candidate) { return candidate }
            n += 1
        }
    }

    /// "`times` times in `days` days" in habit's terms: a day (1 in 1), a week (N in 7), a month
    /// (N in 28–31), and any other span of 2–365 days as it is: N days in any D. More times than
    /// days (or a span longer than a year) becomes the nearest rate a week or a month, and says so.
    static func frequency(times: Int, days: Int) -> (per: HabitDefinition.Period, times: Int, approximation: String?) {
        let said = "\(times) in \(days) days"
        guard times >= 1, days >= 1 else { return (.day, 1, "\(said) became every day") }
        if days == 1 {
            return (.day, 1, times == 1 ? nil : "\(said) became every day")
        }
        if days == 7 && times <= 7 { return (.week, times, nil) }
        if (28...31).contains(days) && times <= 31 { return (.month, times, nil) }
        if HabitDefinition.Period.windowLengths.contains(days) && times <= days { return (.days(days), times, nil) }
        let rate = Double(times) / Double(days)
        if days < 7 || rate * 7 >= 1 {
            let weekly = min(7, max(1, Int((rate * 7).rounded())))
            if weekly == 7 { return (.day, 1, "\(said) became every day") }
            return (.week, weekly, "\(said) became \(weekly) a week")
        }
        let monthly = min(31, max(1, Int((rate * 30).rounded())))
        return (.month, monthly, "\(said) became \(monthly) a month")
    }

    /// A unit for habit (1–16 letters) from another tracker's free text: the canonical spelling
    /// when habit knows it, else its letters, else nil (a plain count).
    static func unit(_ text: String) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return nil }
        if let u = try? HabitUnit.canonical(t) { return u }
        let letters = String(t.lowercased().unicodeScalars.filter { (97...122).contains($0.value) }.prefix(16).map(Character.init))
        return letters.isEmpty ? nil : letters
    }
}
