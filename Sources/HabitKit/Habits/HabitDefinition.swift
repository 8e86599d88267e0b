import Foundation

/// A habit as the store keeps it (Standards/habits.md): one of the three built-ins, or a habit of the
/// user's own — yes/no or a quantity, with a target per day, week or month, logged by `habit log
/// NAME` or read from imported data (`--from TYPE`).
///
/// Every habit is evaluated by the same code (``HabitEvaluator``); what differs is only how a
/// day's value and outcome are found (``HabitDayInput``).
public struct HabitDefinition: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case yesNo = "yes-no", quantity, builtin
    }

    /// The target of a quantity habit: reach it, or stay within it (a limit).
    public enum Goal: Sendable, Equatable, Hashable {
        case atLeast(Double)
        case atMost(Double)

        public var amount: Double {
            switch self {
            case .atLeast(let x), .atMost(let x): x
            }
        }

        public var isLimit: Bool { if case .atMost = self { true } else { false } }
    }

    /// What a target or `times` counts in: a day, a calendar week (from the `week-start` day) or
    /// month, or any D days — the D days ending with the day judged, a rolling window ("N days in
    /// any D", Loop's "N times in D days"; Standards/habits.md).
    public enum Period: Sendable, Hashable {
        case day, week, month
        /// D days ending with the day judged, D in ``windowLengths``.
        case days(Int)

        /// The calendar periods: what `habit stats` buckets by.
        public static let calendar: [Period] = [.day, .week, .month]
        /// The lengths a window of days may have: 1 is a day (`--per day`).
        public static let windowLengths = 2...365

        /// The period of a stored or sent `name` (`day`, `week`, `month`, `days`) and `days` (D,
        /// for `days` only); nil when they are not one.
        public init?(name: String, days: Int?) {
            switch (name, days) {
            case ("day", nil): self = .day
            case ("week", nil): self = .week
            case ("month", nil): self = .month
            case ("days", let d?) where Self.windowLengths.contains(d): self = .days(d)
            default: return nil
            }
        }

        /// `--per` as typed: `day`, `week`, `month` or `N-days` (`3-days`).
        public init(parsing text: String) throws(InputError) {
            let t = text.trimmedASCII.lowercased()
            if let calendar = Self.calendar.first(where: { $0.name == t }) {
                self = calendar
                return
            }
            guard t.hasSuffix("-days") else { throw .invalidPeriod(text) }
            let digits = t.dropLast(5)
            guard (1...3).contains(digits.utf8.count), digits.utf8.allSatisfy({ (48...57).contains($0) }),
                  let n = Int(digits), Self.windowLengths.contains(n) else { throw .invalidPeriod(text) }
            self = .days(n)
        }

        /// `day`, `week`, `month` or `days`: the name stored, sent and in JSON (`"per"`).
        public var name: String {
            switch self {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .days: "days"
            }
        }

        /// D of a window of days; nil for a day, week or month.
        public var days: Int? { if case .days(let d) = self { d } else { nil } }

        /// What `--per` takes for it: `day`, `week`, `month`, `3-days`.
        public var text: String { days.map { "\($0)-days" } ?? name }

        /// What a streak of this period counts: days (a day, and a window of days, is judged
        /// every day), weeks or months.
        public var streakUnit: String {
            switch self {
            case .day, .days: "day"
            case .week: "week"
            case .month: "month"
            }
        }

        /// "a day", "a week", "a month", "in any 3 days": after "3 days" or "≥ 8 glasses".
        public var inWords: String { days.map { "in any \($0) days" } ?? "a \(name)" }

        /// The most days done one period can ask for: 1, 7, 31, D (`habit add --times`, and what
        /// an import may bring: the harsh fuzzer holds the reader to it).
        public var maximumTimes: Int {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 31
            case .days(let d): d
            }
        }

        /// How many days Loop's score window spans: 1, 7, 30 (a month), D.
        public var length: Int {
            switch self {
            case .day: 1
            case .week: 7
            case .month: 30
            case .days(let d): d
            }
        }
    }

    /// Whose samples a `--from` habit counts.
    public enum SourceFilter: Sendable, Equatable, Hashable {
        /// habit's own sources (`dev.habit`, `dev.habit.*`).
        case app
        /// Every source.
        case all
        /// These sources, each a bundle id or a source's name.
        case named([String])
    }

    /// `meditate`, `workout`, `noalc` for the built-ins; a UUID (lower-case text) for own habits —
    /// stable across renames and between devices.
    public var id: String
    public var name: String
    public var kind: Kind
    /// The unit of a quantity habit's amounts (`glass`, `min`, `km`); nil for yes/no habits.
    public var unit: String?
    /// Nil for yes/no habits, whose target is ``times`` days per ``per``.
    public var goal: Goal?
    public var per: Period
    /// Days done per period a yes/no habit needs (1 for daily habits).
    public var times: Int
    /// The HealthKit type a `--from` habit reads; nil for habits logged with `habit log NAME`.
    public var fromType: String?
    public var sources: SourceFilter
    /// The day the habit was added (its history starts at the earlier of this and its first sample).
    public var since: LocalDay
    public var archived: Bool
    /// False for a habit that records but never asks (harsh's frequency `0`, `habit add NAME
    /// --never-asks`): it has no "not done" — a day without an entry counts as a skipped day — and
    /// `today`, `status` and reminders never call it due (Standards/habits.md, "Habits that never ask").
    public var asks: Bool
    /// The weekdays a daily habit is due on (`habit add NAME --on mon,wed,fri`); nil: every day.
    /// On the other days it is neither good nor missed, as on a skipped day without a skip entry
    /// (``isScheduled(on:)``; Standards/habits.md, "Weekday schedules"). Never a full week (that is nil).
    public var on: WeekdaySet?
    public var created: Date
    public var modified: Date
    /// The shell command that tells a command habit's days (`habit add NAME --command CMD`;
    /// Standards/automation.md), nil for every other habit. Per device: never exported, sent or
    /// imported (Standards/security.md, "Commands stay on their device").
    public var command: String?
    /// The habit's tags, sorted and each once (`habit add NAME --tag morning`; ``HabitTag``); none
    /// for the built-ins. They travel with the definition through export, import and sync.
    public var tags: [String]

    public init(id: String, name: String, kind: Kind, unit: String? = nil, goal: Goal? = nil, per: Period = .day,
                times: Int = 1, fromType: String? = nil, sources: SourceFilter = .app, since: LocalDay,
                archived: Bool = false, asks: Bool = true, on: WeekdaySet? = nil, created: Date, modified: Date,
                command: String? = nil, tags: [String] = []) {
        self.command = command
        self.tags = tags
        self.id = id
        self.name = name
        self.kind = kind
        self.unit = unit
        self.goal = goal
        self.per = per
        self.times = times
        self.fromType = fromType
        self.sources = sources
        self.since = since
        self.archived = archived
        self.asks = asks
        self.on = WeekdaySet.schedule(on)
        self.created = created
        self.modified = modified
    }

    /// Whether `day` is one of the habit's scheduled weekdays (every day without a schedule). The
    /// weekday is the local habit day's own (a calendar date: no instant, no time zone arithmetic).
    public func isScheduled(on day: LocalDay) -> Bool { on?.contains(isoWeekday: day.isoWeekday) ?? true }

    /// The built-in this definition describes, if it is one.
    public var builtin: Habit? { kind == .builtin ? Habit(rawValue: id) : nil }

    /// The HealthKit-shaped sample type under which `habit log NAME` stores this habit's entries.
    public var loggedType: String? {
        guard kind != .builtin, fromType == nil else { return nil }
        return Self.loggedTypePrefix + id
    }

    /// The type prefix of own habits' entries: `dev.habit.habit.<id>`.
    public static let loggedTypePrefix = "dev.habit.habit."

    /// `entry` with the habit's current name as its `habit` label: the label an entry was logged
    /// or imported with is the name at that time, and a renamed habit's entries show the new one
    /// (`names`: the current name of each own habit, by id). Entries of other types are unchanged.
    public static func labelled(_ entry: Sample, names: [String: String]) -> Sample {
        guard entry.type.hasPrefix(loggedTypePrefix),
              let name = names[String(entry.type.dropFirst(loggedTypePrefix.count))],
              entry.metadata["habit"] != name else { return entry }
        var labelled = entry
        labelled.metadata["habit"] = name
        return labelled
    }

    /// The `f` of the score: 1 for daily habits, `times ÷ 7` a week, `times ÷ 30` a month,
    /// `times ÷ D` in D days.
    public var frequency: Double { per == .day ? 1 : Double(times) / Double(per.length) }

    /// The definitions of the three built-ins, from the settings that shape them (and say which
    /// are archived). Their `since` is a placeholder: their history starts at their first data day.
    public static func builtins(settings: Settings, since: LocalDay, at instant: Date) -> [HabitDefinition] {
        Habit.allCases.map { habit in
            let archived = settings.archivedBuiltins.contains(habit)
            switch habit {
            case .meditate, .workout:
                return HabitDefinition(id: habit.rawValue, name: habit.rawValue, kind: .builtin, unit: "min",
                                       goal: .atLeast(Double(settings.minMinutes)), since: since, archived: archived,
                                       created: instant, modified: instant)
            case .noalc:
                return HabitDefinition(id: habit.rawValue, name: habit.rawValue, kind: .builtin, since: since, archived: archived,
                                       created: instant, modified: instant)
            }
        }
    }

    /// Whether the habit is shown: the one place every view (status, today, streak, calendar, ui,
    /// ask, habits, score, the status line and every "N left"), the reminder check and shell
    /// completion ask (Standards/one-truth.md). An archived habit — built-in or one's own — is
    /// not; its data is kept. ``HabitStore`` lists the shown habits with `StoreRequest.shownHabits(env:)`.
    public var isShown: Bool { !archived }
}

/// The rules for a habit's name (Standards/habits.md, "Names"): letters of any script (lower-case
/// where the script has case), digits, combining marks and `-`, starting with a letter, at most 32
/// characters; never a command word nor a built-in's name.
public enum HabitName {
    /// Every command and subcommand word of the executable, the built-ins and their aliases: a
    /// habit named like one would make `habit log NAME` or `habit NAME` ambiguous. The
    /// executable's tests check that every command word it has is in this list.
    public static let reserved: Set<String> = [
        "meditate", "workout", "noalc", "alcohol", "all",
        "log", "list", "streak", "calendar", "today", "timeline", "remind", "import", "export", "changes",
        "delete", "undo", "demo", "config", "doctor", "backup", "restore", "add", "habits", "edit", "archive",
        "unarchive", "remove", "skip", "unskip", "score", "stats", "status", "sync", "help", "version",
        "check", "cron", "install", "uninstall", "pause", "resume", "systemd", "get", "set", "unset",
        "access", "allow", "deny", "notes", "refresh", "ask", "ui", "overview",
    ]

    /// Checks `text` against the name rules; the name is kept in its compatibility-composed form
    /// (NFKC), so `é` typed as `e` and an accent is the same name as `é`, and full-width `ｆｌｏｓｓ`
    /// is `floss`. Its letters are of one script (``UnicodeScript/isHighlyRestrictive(_:)``).
    public static func validate(_ text: String) throws(HabitInputError) -> String {
        let name = text.precomposedStringWithCompatibilityMapping
        guard hasShape(name) else { throw .invalidName(text) }
        guard UnicodeScript.isHighlyRestrictive(name) else { throw .mixedScripts(text) }
        guard !reserved.contains(name) else { throw .reservedName(text) }
        return name
    }

    /// What a summary says after a name an import or sync renamed because it mixed scripts.
    public static let mixedScriptsNote = "(its letters were of more than one script)"

    /// `name` with the letters of every script but its main one (``UnicodeScript/main(of:)``, with
    /// the mixes UTS #39 allows beside it) left out, each run of them one `-`: `flоss` (a Cyrillic
    /// `о`) → `fl-ss`. What an import or sync names a habit whose name mixes scripts.
    public static func inOneScript(_ name: String) -> String {
        guard let main = UnicodeScript.main(of: name) else { return name }
        var kept: Set<UnicodeScript> = [main]
        var out = String.UnicodeScalarView(), dash = false, dropped = false
        for scalar in name.unicodeScalars {
            let script = UnicodeScript(scalar)
            let mark = scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark
            if script == .common ? !(mark && dropped) : UnicodeScript.allows(kept.union([script])) {
                if script != .common { kept.insert(script) }
                if dash, !out.isEmpty, out.last != "-" { out.append("-") }
                (dash, dropped) = (false, false)
                if scalar == "-", out.isEmpty || out.last == "-" { continue }
                out.append(scalar)
            } else {
                (dash, dropped) = (true, true)
            }
        }
        var result = String(out)
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    /// 1–32 characters (Characters, not bytes); the first a letter; then letters, decimal digits,
    /// combining marks (after a letter, digit or mark) and `-`; nothing that lower-casing changes;
    /// letters of one script. No space, punctuation, symbol, emoji, format or control character.
    static func isWellFormed(_ name: String) -> Bool {
        hasShape(name) && UnicodeScript.isHighlyRestrictive(name)
    }

    /// ``isWellFormed(_:)`` without the script rule.
    static func hasShape(_ name: String) -> Bool {
        guard (1...32).contains(name.count), name == name.lowercased() else { return false }
        var previous: Unicode.GeneralCategory?
        for scalar in name.unicodeScalars {
            let category = scalar.properties.generalCategory
            switch category {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                break
            case .decimalNumber:
                guard previous != nil else { return false }
            case .nonspacingMark, .spacingMark, .enclosingMark:
                guard let previous, previous != .dashPunctuation else { return false }
            default:
                guard previous != nil, scalar == "-" else { return false }
            }
            previous = category
        }
        return true
    }
}

/// Input about habits of one's own that habit cannot accept (exit 64, nothing stored).
public enum HabitInputError: HabitError, Equatable {
    /// `1 entry`, `3 entries`.

    case invalidName(String)
    /// A name whose letters are of more than one script (`flоss` with a Cyrillic `о`).
    case mixedScripts(String)
    case reservedName(String)
    case nameTaken(String)
    case unknownHabit(String, existing: [String])
    /// A name the habit had before `habit edit --name` (Standards/habits.md, "Names").
    case renamed(String, to: String)
    case bothTargets
    case invalidTarget(String, reason: String)
    case invalidTimes(String, reason: String)
    case timesOnQuantity
    case targetOnYesNo
    case unknownType(String)
    case fromHabitLogged(String, type: String)
    case amountOnYesNo(String)
    /// `habit log floss yesterday`: a day where the amount goes (the habit, the text, whether
    /// the habit takes an amount).
    case dayAsAmount(String, String, takesAmount: Bool)
    case amountMissing(String, unit: String)
    case invalidAmount(String, reason: String)
    case unitMismatch(String, habit: String, unit: String)
    case emptyRange(String, String)
    case builtinFixed(String, what: String)
    case sourcesWithoutFrom
    case invalidSources(String)
    case archived(String)
    /// A `--from` habit without `--at-least` / `--at-most`.
    case fromNeedsTarget(String)
    /// A `--unit` that does not measure what the `--from` type measures (the units that do).
    case unitDoesNotFit(String, type: String, units: [String])
    /// `habit edit` of what only a new habit can have: its kind, the data it reads.
    case cannotChange(String, what: String)
    /// `habit edit --unit` of a habit that has entries in its old unit.
    case unitInUse(String, entries: Int, unit: String)
    /// `--no-target` with `--at-least` or `--at-most`.
    case noTargetWithTarget
    /// `habit edit NAME` without anything to change.
    case nothingToChange(String)
    /// `habit remove NAME` without `--yes`: what would go with it.
    case removeNeedsYes(String, entries: Int, skips: Int, reminders: Int)
    /// A day range longer than habit takes at once.
    case tooManyDays(Int, limit: Int)
    /// `habit stats WORD`: neither a habit nor a data type.
    case unknownHabitOrType(String, existing: [String])
    /// `--from activity-summary` without `--field`, or with one that is no ring.
    case ringField(String?)
    /// `--field` without `--from activity-summary`.
    case fieldWithoutActivitySummary
    /// `--sources` on a habit that reads the Activity rings (one set a day, whoever wrote it).
    case sourcesOnRing
    /// `--asks` with `--never-asks`.
    case asksAndNeverAsks
    /// `remind add` for a habit that never asks.
    case neverAsksReminder(String)
    /// `--on` with `--times`, or a weekday schedule on a habit of a week, a month or N days (the
    /// habit's name on `habit edit` of one that keeps its schedule; nil for the options typed).
    case scheduleNotDaily(String?)
    /// `--on` with `--every-day`.
    case onAndEveryDay
    /// `--command` that is empty, too long or holds a NUL byte (the reason).
    case invalidCommand(reason: String)
    /// `--command` with `--from`: a habit reads imported data or asks its command, not both.
    case commandWithFrom
    /// `habit edit --command` with `--no-command`.
    case commandAndNoCommand
    /// `habit edit --command` of a habit on imported data.
    case commandOnFromHabit(String)
    /// A tag that is not written as one (``HabitTag``).
    case invalidTag(String)
    /// More tags on one habit than ``HabitTag/maximumPerHabit``.
    case tooManyTags(String)
    /// `--tag T` that no habit carries (the tags there are).
    case unknownTag(String, existing: [String])
    /// `habit edit --untag T` of a habit without that tag.
    case notTagged(String, tag: String)
    /// `--tag` with a habit named: one chooses the habits, or the other.
    case tagAndHabit

    public var kind: ErrorKind { .usage }

    public var description: String {
        switch self {
        case .invalidName(let t):
            "invalid habit name \(quoted: t): use 1–32 lower-case letters, digits and '-', starting with a letter (e.g. 'floss', 'cold-shower')"
        case .mixedScripts(let t):
            "invalid habit name \(quoted: t): its letters are of more than one script (\(UnicodeScript.names(of: t))), "
                + "so it could pass for another name; write it in one script"
        case .reservedName(let t):
            "\(quoted: t) cannot be a habit's name: it is a command word or a built-in habit; choose another (e.g. '\(t)-daily')"
        case .nameTaken(let t): "a habit named \(quoted: t) exists already; choose another name, or change it with 'habit edit \(t)'"
        case .renamed(let t, let now):
            "\(quoted: t) was renamed to \(quoted: now); use its new name (nothing was changed)"
        case .unknownHabit(let t, let existing):
            "unknown habit \(quoted: t); " + Self.known(t, among: existing, listed: "habits", none: "there is none yet")
                + " (add one with 'habit add NAME')"
        case .bothTargets: "--at-least and --at-most exclude each other: a habit has one target"
        case .invalidTarget(let t, let reason): "invalid target \(quoted: t): \(reason)"
        case .invalidTimes(let t, let reason): "invalid --times \(quoted: t): \(reason)"
        case .timesOnQuantity: "--times is for yes/no habits; a quantity habit takes --at-least or --at-most with --per"
        case .targetOnYesNo: "a target needs a quantity: give --unit (e.g. --unit glass --at-least 8), or use --times N --per week for a yes/no habit"
        case .unknownType(let t):
            "unknown data type \(quoted: t): use steps, sleep, mindful, active-energy, exercise, distance or a HealthKit identifier (HKQuantityTypeIdentifier… / HKCategoryTypeIdentifier…)"
        case .fromHabitLogged(let name, let type):
            "\(quoted: name) reads imported \(type) data; it cannot be logged (import the data with 'habit import')"
        case .amountOnYesNo(let name): "\(quoted: name) is a yes/no habit: log it without an amount ('habit log \(name)')"
        case .dayAsAmount(let name, let text, let takesAmount):
            "\(quoted: text) is a day, not an amount: to log \(name) for it, write 'habit log \(name)\(takesAmount ? " AMOUNT" : "") --date \(text.trimmedASCII.lowercased())'"
        case .amountMissing(let name, let unit): "\(quoted: name) counts \(unit): give an amount, e.g. 'habit log \(name) 1'"
        case .invalidAmount(let t, let reason): "invalid amount \(quoted: t): \(reason)"
        case .unitMismatch(let t, let habit, let unit): "amount \(quoted: t) does not fit \(quoted: habit), which counts \(unit)"
        case .emptyRange(let from, let to): "the range \(from) to \(to) is empty: --to is exclusive and must be after the first day"
        case .builtinFixed(let name, let what): "\(quoted: name) is built in: it cannot be \(what) (its settings: 'habit config list')"
        case .sourcesWithoutFrom: "--sources is for habits that read imported data (--from TYPE); own entries always come from habit"
        case .invalidSources(let t): "invalid --sources \(quoted: t): use app, all, or a comma-separated list of source names or bundle ids"
        case .archived(let name): "\(quoted: name) is archived; bring it back with 'habit unarchive \(name)'"
        case .fromNeedsTarget(let name):
            "\(quoted: name) reads imported data and needs a target: add --at-least X or --at-most X (e.g. --from steps --at-least 8000)"
        case .unitDoesNotFit(let t, let type, let units):
            "unit \(quoted: t) does not fit \(type) data; use one of \(units.joined(separator: ", "))"
        case .cannotChange(let name, let what):
            "\(quoted: name) keeps its \(what); to change that, remove it ('habit remove \(name) --yes') and add it again"
        case .unitInUse(let name, let entries, let unit):
            "\(quoted: name) has \(counting(entries, "entry", plural: "entries")) in \(HabitUnit.unitName(unit)): its unit cannot change under them; add a new habit instead"
        case .noTargetWithTarget: "--no-target removes the target: give it without --at-least or --at-most"
        case .nothingToChange(let name):
            "nothing to change: give --name, --unit, --at-least, --at-most, --no-target, --per, --times, --sources, --never-asks --asks, --on, --every-day, --tag or --untag (e.g. 'habit edit \(name) --at-least 10')"
        case .removeNeedsYes(let name, let entries, let skips, let reminders):
            "removing \(quoted: name) deletes it with \(counting(entries, "entry", plural: "entries")), \(counting(skips, "skip")) and "
                + "\(counting(reminders, "reminder")); add --yes to remove it (or keep its data: 'habit archive \(name)')"
        case .tooManyDays(let days, let limit): "the range has \(days) days; habit takes at most \(limit) days at once"
        case .ringField(let t):
            (t.map { "unknown ring \(quoted: $0): " } ?? "--from activity-summary needs --field: ")
                + "use --field move, exercise or stand (e.g. 'habit add move --from activity-summary --field move')"
        case .fieldWithoutActivitySummary: "--field names an Activity ring: it goes with --from activity-summary"
        case .sourcesOnRing:
            "--sources does not apply to an Activity-ring habit: a day has one set of rings, whichever device closed them"
        case .asksAndNeverAsks: "--asks and --never-asks exclude each other: a habit asks, or it only records"
        case .scheduleNotDaily(nil):
            "--on is for a habit done once on each of its days: it takes neither --times nor --per week, month or N-days"
        case .scheduleNotDaily(let name?):
            "\(quoted: name) is on a weekday schedule, which is for daily habits: give --every-day with --per, or leave --per out"
        case .onAndEveryDay: "--on and --every-day exclude each other: a habit is due on some weekdays, or every day"
        case .invalidCommand(let reason): "invalid --command: \(reason)"
        case .commandWithFrom: "--command and --from exclude each other: a habit reads imported data or runs its command"
        case .commandAndNoCommand: "--command and --no-command exclude each other"
        case .commandOnFromHabit(let t): "\(quoted: t) reads imported data (--from); only a habit logged with 'habit log' can have a --command"
        case .invalidTag(let t):
            "invalid tag \(quoted: t): use 1–32 letters, digits and '-', starting with a letter (e.g. 'morning', 'after-work')"
        case .tooManyTags(let name): "\(quoted: name) would carry more than \(HabitTag.maximumPerHabit) tags; remove one with --untag first"
        case .unknownTag(let t, let existing):
            "no habit has the tag \(quoted: t); "
                + Self.known(t, among: existing, listed: "tags", none: "no habit has a tag yet (add one with 'habit edit NAME --tag TAG')")
        case .notTagged(let name, let tag): "\(quoted: name) has no tag \(quoted: tag); its tags are shown by 'habit habits'"
        case .tagAndHabit: "--tag and a habit's name exclude each other: name one habit, or the tags of several"
        case .neverAsksReminder(let name):
            "\(quoted: name) never asks (it only records): it takes no reminder; to be reminded, 'habit edit \(name) --asks' first"
        case .unknownHabitOrType(let t, let existing):
            "\(quoted: t) is neither a habit nor a data type; the habits are: \(existing.joined(separator: ", ")); "
                + "the types: steps, sleep, mindful, active-energy, exercise, distance or a HealthKit identifier"
        }
    }

    /// What there is instead of `text`, a name that is not there: `did you mean 'x'? ` when one of
    /// `existing` (habit names, tags) is close to it, then `the <listed> are: a, b` — or `none` when
    /// there is nothing to list.
    private static func known(_ text: String, among existing: [String], listed: String, none: String) -> String {
        (closestMatch(text.lowercased(), in: existing).map { "did you mean \(quoted: $0)? " } ?? "")
            + (existing.isEmpty ? none : "the \(listed) are: \(existing.joined(separator: ", "))")
    }
}
