import Foundation

/// The reminder check's decision, without a store (Standards/reminders.md): which occurrences a
/// check handles, what counts as done for each, and what it makes of the answer. The store reads
/// the reminders, the pause and what was logged, asks these, and writes the outcome in its
/// transaction (each occurrence claimed once).
public enum ReminderCheck {
    /// The instants a check at `now` handles: `(now − grace, now]`; with catch-up, `(now − 24 h, now]`.
    public static func window(now: Date, graceMinutes: Int, catchUp: Bool) -> (after: Date, through: Date) {
        let lookBack: TimeInterval = catchUp ? 24 * 3600 : Double(graceMinutes) * 60
        return (now.addingTimeInterval(-lookBack), now)
    }

    /// The occurrences a check at `now` handles, reminder by reminder, each one's oldest first:
    /// none while all reminders are paused, none of a disabled reminder, and none before the
    /// reminder was created.
    public static func due(_ reminders: [Reminder], paused: Bool, now: Date, graceMinutes: Int, catchUp: Bool,
                           calendar: HabitCalendar) -> [HandledOccurrence] {
        guard !paused else { return [] }
        let window = window(now: now, graceMinutes: graceMinutes, catchUp: catchUp)
        return reminders.filter(\.enabled).flatMap { reminder in
            reminder.occurrences(after: window.after, through: window.through, calendar: calendar)
                .filter { $0.at >= reminder.created }
                .map { HandledOccurrence(reminder: reminder, occurrence: $0) }
        }
    }

    /// The habit day an occurrence asks about: the day a log made at the occurrence counts for —
    /// the habit day holding it (`calendar`'s day-start honoured), and for NoAlc the evening an
    /// entry made then is for (before 18:00: the evening before, ``EveningCutoff``).
    public static func day(of occurrence: Occurrence, for reminder: Reminder, calendar: HabitCalendar) -> LocalDay {
        reminder.activity == Habit.noalc.rawValue
            ? EveningCutoff.noAlcDay(enteredAt: occurrence.at, calendar: calendar)
            : calendar.day(containing: occurrence.at)
    }

    /// The one rule for every reminder, built-in or own (Standards/reminders.md,
    /// "One rule"): the occurrence's habit day `day` as the one evaluation (``HabitEvaluator``)
    /// finds it as of that day — `state` — is delivered only while it is pending. A day done (a
    /// week or month habit: its period as of that day met) is `done`; a day decided against (an
    /// at-most limit exceeded, a NoAlc `easy` or `wild` evening) `missed`; a day off the habit's
    /// weekday schedule `off-day`; any other skipped day (its own skip, `skip --all`) `skipped`.
    public static func decide(_ habit: HabitDefinition, on day: LocalDay, _ state: TodayState) -> ReminderDecision {
        switch state {
        case .pending: .deliver
        case .done: .suppress(.done)
        case .missed, .healed: .suppress(.missed)  // decided against (a joker may heal it): no log makes it met
        case .skipped: .suppress(habit.isScheduled(on: day) ? .skipped : .offDay)
        }
    }

    /// What becomes of one occurrence as things stand: `remind list` asks it for the next
    /// occurrence, the check for each due one (which are enabled, not paused and not handled).
    /// A disabled reminder, a pause, a habit not shown (archived: ``HabitDefinition/isShown``), an
    /// occurrence a log cancelled or a check handled, and a habit whose data habit may not read are
    /// said before the day is asked (`day`: ``decide(_:on:_:)``).
    public static func outlook(enabled: Bool, paused: Bool, shown: Bool = true, stored: OccurrenceState?, readable: Bool,
                               day: () throws -> ReminderDecision) rethrows -> ReminderDecision {
        if !enabled { return .suppress(.disabled) }
        if paused { return .suppress(.paused) }
        if !shown { return .suppress(.archived) }
        switch stored {
        case .cancelled?: return .suppress(.cancelled)
        case .delivered?, .suppressed?: return .suppress(.handled)
        case nil: break
        }
        if !readable { return .suppress(.noAccess) }
        return try day()
    }

    /// What a due occurrence becomes: suppressed unless the decision is to deliver it.
    public static func outcome(_ decision: ReminderDecision) -> OccurrenceState { decision == .deliver ? .delivered : .suppressed }
}

/// Why an occurrence will not be delivered: one word, the same in `remind list`, its JSON and the
/// check (Standards/reminders.md, "One rule").
public enum ReminderQuiet: String, Sendable, Codable, CaseIterable {
    /// The habit's day is met (a week or month habit: its period as of that day).
    case done
    /// The day is decided against: nothing logged now makes it met.
    case missed
    /// The day is skipped (the habit's own skip or `skip --all`).
    case skipped
    /// The day is off the habit's weekday schedule.
    case offDay = "off-day"
    /// The reminder is switched off (`remind pause ID`).
    case disabled
    /// Every reminder is paused (`remind pause`).
    case paused
    /// The habit is archived (`habit archive NAME`; `habit unarchive NAME` brings it back).
    case archived
    /// A log cancelled the occurrence.
    case cancelled
    /// A check delivered or suppressed it already.
    case handled
    /// habit may not read the habit's data (Standards/access.md): never called "not done".
    case noAccess = "no-access"
}

/// The one rule's answer for an occurrence (``ReminderCheck/outlook(enabled:paused:stored:readable:day:)``).
public enum ReminderDecision: Sendable, Equatable {
    case deliver
    case suppress(ReminderQuiet)

    /// Why it will not be delivered; nil when it will.
    public var quiet: ReminderQuiet? { if case .suppress(let q) = self { q } else { nil } }
}

/// What a reminder check decided for one occurrence.
public struct HandledOccurrence: Hashable, Sendable {
    public var reminder: Reminder
    public var occurrence: Occurrence
    /// Why it was suppressed (``ReminderCheck/outlook(enabled:paused:stored:readable:day:)``); nil when delivered.
    public var quiet: ReminderQuiet?
    /// The title and message it is delivered with, composed from its habit as it is now.
    public var words: ReminderWords

    public init(reminder: Reminder, occurrence: Occurrence, quiet: ReminderQuiet? = nil, words: ReminderWords? = nil) {
        (self.reminder, self.occurrence, self.quiet) = (reminder, occurrence, quiet)
        self.words = words ?? ReminderWords(reminder, habit: nil)
    }

    /// Why a suppressed occurrence was not delivered when it was not the habit's day:
    /// `no read access to alcohol data` (Standards/access.md).
    public var reason: String?
}

/// The outcome of one `habit remind check`.
public struct ReminderCheckResult: Sendable {
    /// Occurrences claimed for delivery (the caller delivers them after the commit).
    public var delivered: [HandledOccurrence] = []
    /// Occurrences the one rule suppressed (each with its ``HandledOccurrence/quiet``).
    public var suppressed: [HandledOccurrence] = []
}

/// A reminder's state as `habit remind list` shows it.
public struct ReminderStatus: Sendable {
    public var reminder: Reminder
    public var next: Occurrence?
    /// The next occurrence's stored state (`cancelled`, `delivered`, `suppressed`), if handled.
    public var nextState: OccurrenceState?
    /// The name of the habit it is for (a built-in's, or an own habit's as it is now called).
    public var habitName: String
    /// Its title and message as they would be delivered now.
    public var words: ReminderWords
    /// What becomes of the next occurrence as things stand (``ReminderCheck/outlook(enabled:paused:stored:readable:day:)``):
    /// delivered, or suppressed and why.
    public var decision: ReminderDecision

    /// Why the next occurrence will not be delivered; nil when it will (or there is none).
    public var quiet: ReminderQuiet? { next == nil ? nil : decision.quiet }
    /// The habit is already done for the next occurrence: the fire-time check will suppress it.
    public var doneAlready: Bool { quiet == .done }
    /// Whether the next occurrence will be delivered as things stand.
    public var willFire: Bool { next != nil && decision == .deliver }
}

/// The reminders as one read of the store found them: each with its next occurrence, and whether
/// all of them are paused.
public struct ReminderList: Sendable {
    public var statuses: [ReminderStatus]
    /// `habit remind pause` without an id: no reminder fires until `resume`.
    public var paused: Bool

    public var reminders: [Reminder] { statuses.map(\.reminder) }

    /// Reminder `id`'s status.
    public func status(_ id: Int64) throws(ReminderError) -> ReminderStatus {
        guard let status = statuses.first(where: { $0.reminder.id == id }) else { throw .notFound(id) }
        return status
    }
}

/// Reminder errors a person can cause.
public enum ReminderError: HabitError, Equatable {
    case notFound(Int64)

    public var kind: ErrorKind { .noInput }
    public var description: String {
        switch self {
        case .notFound(let id): "no reminder #\(id); see 'habit remind list'"
        }
    }
}
