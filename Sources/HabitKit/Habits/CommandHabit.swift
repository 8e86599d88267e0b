import Foundation

/// The rules of habits that track themselves (Standards/automation.md, "Command habits") that
/// need no store and no process: which days a refresh evaluates, whether a day is settled, the
/// environment a command gets and what its exit and output mean. Pure: the executable runs the
/// command (``CommandExit`` is what it saw) and the store keeps the result.
public enum CommandHabit {
    /// The source of the entries a command habit's command records.
    public static let source = SourceID(unchecked: "dev.habit.command")
    /// How many days before today a refresh looks at most.
    public static let daysBack = 30
    /// The longest command text habit keeps (bytes).
    public static let maximumLength = 4096

    /// `--command` as typed: not empty (nor only spaces), no NUL byte, at most ``maximumLength`` bytes.
    /// Returns it as typed: the shell gets exactly this text.
    public static func validate(_ text: String) throws(HabitInputError) -> String {
        guard !text.trimmedASCII.isEmpty else { throw .invalidCommand(reason: "it is empty; give the shell command that tells the day, e.g. 'test -s ~/journal/$HABIT_DAY.md'") }
        guard !text.utf8.contains(0) else { throw .invalidCommand(reason: "it contains a NUL byte") }
        guard text.utf8.count <= maximumLength else { throw .invalidCommand(reason: "it is longer than \(maximumLength) bytes") }
        return text
    }

    /// The days a refresh evaluates, oldest first: today and every earlier day not `settled`, at
    /// most ``daysBack`` days before today and none before `since` (the habit's first day).
    public static func daysToEvaluate(today: LocalDay, since: LocalDay, settled: Set<LocalDay>) -> [LocalDay] {
        let first = max(since, today.adding(days: -daysBack))
        guard first <= today else { return [] }
        return DayRange(first, upTo: today.adding(days: 1)).filter { !settled.contains($0) }
    }

    /// Whether a result found at `ranAt` settles `day`: the day had ended (`ranAt` at or after
    /// the start of the next day). A settled day is never run again.
    public static func settles(_ day: LocalDay, ranAt: Date, calendar: HabitCalendar) -> Bool {
        ranAt >= calendar.instants(of: day).upperBound
    }

    /// What a command gets in its environment for `day`: `HABIT_DAY` (YYYY-MM-DD), and
    /// `HABIT_DAY_START` / `HABIT_DAY_END`, the day's half-open bounds in ISO 8601 with the
    /// zone's offset at each (from the day-start setting: a DST day is 23 or 25 hours long).
    public static func environment(for day: LocalDay, calendar: HabitCalendar) -> [String: String] {
        let bounds = calendar.instants(of: day)
        return ["HABIT_DAY": day.description,
                "HABIT_DAY_START": calendar.iso8601(bounds.lowerBound),
                "HABIT_DAY_END": calendar.iso8601(bounds.upperBound)]
    }

    /// What a command's result means for its day.
    public enum Outcome: Equatable, Sendable {
        /// A yes/no habit's day is done (exit 0): an entry of 1.
        case done
        /// A yes/no habit's day is not done (exit 1): no entry.
        case notDone
        /// A quantity habit's value for the day (exit 0, one number printed).
        case value(Double)
        /// Nothing recorded, and why (one line).
        case failure(String)

        public var failure: String? { if case .failure(let why) = self { why } else { nil } }
    }

    /// The result of a yes/no (`quantity` false) or quantity habit's command that ended with
    /// `exit` and printed `output` (`truncated`: it printed more than habit reads).
    /// Yes/no: exit 0 is done, exit 1 not done. Quantity: exit 0 and exactly one number (spaces
    /// and newlines around it allowed) below ``StoredNumbers/magnitude`` is that value. Anything
    /// else is a failure.
    public static func outcome(quantity: Bool, exit: CommandExit, output: [UInt8], truncated: Bool) -> Outcome {
        switch exit {
        case .couldNotStart(let why): return .failure("could not start: " + why)
        case .timedOut(let seconds): return .failure("was stopped after \(Self.seconds(seconds)) s (HABIT_COMMAND_TIMEOUT)")
        case .signalled(let signal): return .failure("was killed by signal \(signal)")
        case .exited(let code):
            if !quantity {
                switch code {
                case 0: return .done
                case 1: return .notDone
                default: return .failure("exited with status \(code) (0 is done, 1 is not done)")
                }
            }
            guard code == 0 else { return .failure("exited with status \(code)") }
            if truncated { return .failure("printed more than habit reads; it should print one number") }
            guard let value = number(in: output) else {
                return .failure("printed \(shown(output)), not one number")
            }
            // The bound every amount has (`habit log` refuses larger ones too; StoredNumbers).
            guard value < StoredNumbers.magnitude else {
                return .failure("printed \(shown(output)), a number too large (at most 999,999,999,999)")
            }
            return .value(value)
        }
    }

    /// The one number in `output`, ASCII whitespace around it allowed: digits with an optional
    /// fraction (`3`, `2.5`, `.5`), nothing else (no sign, exponent, hex, `nan`, a second number).
    public static func number(in output: [UInt8]) -> Double? {
        guard let text = trimmed(output) else { return nil }
        var digits = 0, dots = 0
        for b in text {
            if (48...57).contains(b) { digits += 1 } else if b == 46 { dots += 1 } else { return nil }
        }
        guard digits > 0, dots <= 1, text.last != 46, text.count <= 40 else { return nil }
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// Output as a failure quotes it: nothing, or its first 40 bytes without the whitespace
    /// around them, control characters escaped.
    static func shown(_ output: [UInt8]) -> String {
        guard let text = trimmed(output) else { return "nothing" }
        let head = String(decoding: text.prefix(40), as: UTF8.self)
        return "\"" + escapingControlCharacters(head) + (text.count > 40 ? "…" : "") + "\""
    }

    /// `output` without the ASCII whitespace around it; nil when nothing else is left.
    static func trimmed(_ output: [UInt8]) -> ArraySlice<UInt8>? {
        func isSpace(_ b: UInt8) -> Bool { b == 32 || (9...13).contains(b) }
        guard let first = output.firstIndex(where: { !isSpace($0) }), let last = output.lastIndex(where: { !isSpace($0) }) else { return nil }
        return output[first...last]
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() && abs(s) < 1e9 ? String(Int(s)) : String(s)
    }
}

/// How a command ended, as the executable saw it.
public enum CommandExit: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
    /// Killed (with its process group) after this many seconds.
    case timedOut(Double)
    case couldNotStart(String)
}

/// A command habit's result for one day, as `habit refresh` recorded it.
public struct CommandRun: Equatable, Sendable {
    public var habit: String
    public var day: LocalDay
    public var outcome: CommandHabit.Outcome
    /// The day had ended when the command ran: it is never run again.
    public var settled: Bool

    public init(habit: String, day: LocalDay, outcome: CommandHabit.Outcome, settled: Bool) {
        (self.habit, self.day, self.outcome, self.settled) = (habit, day, outcome, settled)
    }
}
