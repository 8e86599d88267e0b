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

    /// What counts as done for one occurrence: the question the store answers from its rows.
    public enum Done: Sendable, Equatable {
        /// A built-in, done when what the app's sources logged in `window` makes a good day
        /// (``isDone(_:_:settings:)``).
        case builtin(Habit, window: InstantRange)
        /// A habit of one's own (by id), done when `day` is met; a habit not in the store is not done.
        case ownHabit(id: String, day: LocalDay)
        /// Not done, whatever was logged.
        case no
    }

    /// At fire time: a built-in done in the occurrence's look-back window `[occurrence −
    /// look-back, occurrence]`; an own habit whose day (the habit day the occurrence falls in) is met.
    public static func done(_ reminder: Reminder, _ occurrence: Occurrence, calendar: HabitCalendar) -> Done {
        if let builtin = Habit(rawValue: reminder.activity) {
            let window = reminder.lookbackWindow(for: occurrence)
            return .builtin(builtin, window: closed(window.from, window.through))
        }
        return .ownHabit(id: reminder.activity, day: calendar.day(containing: occurrence.at))
    }

    /// As of `now`, for `remind list` (whether the fire-time check would find it done): a built-in
    /// in the part of the look-back window that has begun; an own habit only when the occurrence's
    /// day is today.
    public static func doneSoFar(_ reminder: Reminder, _ occurrence: Occurrence, now: Date, calendar: HabitCalendar) -> Done {
        if let builtin = Habit(rawValue: reminder.activity) {
            let window = reminder.lookbackWindow(for: occurrence)
            guard now >= window.from else { return .no }
            return .builtin(builtin, window: closed(window.from, min(now, window.through)))
        }
        let day = calendar.day(containing: occurrence.at)
        guard day == calendar.day(containing: now) else { return .no }
        return .ownHabit(id: reminder.activity, day: day)
    }

    /// The closed window `[from, through]` as a half-open range: up to the next representable
    /// instant after `through`.
    static func closed(_ from: Date, _ through: Date) -> InstantRange {
        InstantRange(from, upTo: Date(timeIntervalSince1970: through.timeIntervalSince1970.nextUp))
    }

    /// What the app's sources logged in a built-in's window.
    public struct Logged: Sendable, Equatable {
        /// NoAlc entries made in the window (counted by when they were made: the sample sits at
        /// the midnight of the day it is for).
        public var noalcEntries = 0
        /// Meditation seconds and workout seconds, sessions by their start (``SummaryTotals``).
        public var mindfulSeconds = 0.0
        public var workoutSeconds = 0.0

        public init(noalcEntries: Int = 0, mindfulSeconds: Double = 0, workoutSeconds: Double = 0) {
            (self.noalcEntries, self.mindfulSeconds, self.workoutSeconds) = (noalcEntries, mindfulSeconds, workoutSeconds)
        }
    }

    /// Whether a built-in counts as done: NoAlc when an entry was made; meditate and workout by the
    /// streaks' good-day rule (``HabitRules/outcome(_:_:settings:)``) on the window's minutes.
    public static func isDone(_ habit: Habit, _ logged: Logged, settings: Settings) -> Bool {
        if habit == .noalc { return logged.noalcEntries > 0 }
        var totals = DaySummary(day: LocalDay(ordinal: 0))
        totals.meditateMinutes = logged.mindfulSeconds / 60
        totals.workoutMinutes = logged.workoutSeconds / 60
        return HabitRules.outcome(habit, totals, settings: settings) == .good
    }

    /// What a due occurrence becomes: suppressed when the habit is done, else delivered.
    public static func outcome(done: Bool) -> OccurrenceState { done ? .suppressed : .delivered }
}

/// What a reminder check decided for one occurrence.
public struct HandledOccurrence: Hashable, Sendable {
    public var reminder: Reminder
    public var occurrence: Occurrence
    /// Why a suppressed occurrence was not delivered when it was not because the habit is done:
    /// `no read access to alcohol data` (Standards/access.md).
    public var reason: String?
}

/// The outcome of one `habit remind check`.
public struct ReminderCheckResult: Sendable {
    /// Occurrences claimed for delivery (the caller delivers them after the commit).
    public var delivered: [HandledOccurrence] = []
    /// Occurrences that found the activity already done within their look-back window.
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
    /// The next occurrence is not handled yet, but the habit is already done for it (in its
    /// look-back window so far; an own habit: its day is met): the fire-time check will suppress it.
    public var doneAlready: Bool = false

    /// Whether the next occurrence will be delivered as things stand.
    public var willFire: Bool { reminder.enabled && next != nil && nextState == nil && !doneAlready }
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
