import ArgumentParser
import Foundation
import HabitKit

/// `--at START` / `--end END`, for sessions.
struct SessionTimeOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional,
            help: "When it started: 07:30, 'yesterday 21:00', '-2 08:00', 2025-10-01T07:30 or ISO 8601 with offset.",
            transform: TimeValue.parse)
    var at: TimeValue?

    @Option(name: .long, parsing: .unconditional, help: "When it ended (default: now). Same forms as --at.",
            transform: TimeValue.parse)
    var end: TimeValue?

    func validate() throws { try LogGrammar.checkSessionTime(at: at, end: end) }

    /// `[start, end)` of a session lasting `duration`, in `env`; refuses times in the future.
    func interval(duration: TimeInterval, env: HabitEnvironment) throws(InputError) -> InstantRange {
        try Self.interval(duration: duration, at: at, end: end, env: env)
    }

    /// The same for options read elsewhere (`habit log NAME 25m --at 07:00`).
    static func interval(duration: TimeInterval, at: TimeValue?, end: TimeValue?, env: HabitEnvironment) throws(InputError) -> InstantRange {
        let start: Date?
        do throws(InputError) { start = try at?.instant(in: env) } catch { throw .inArgument("--at", error) }
        let endDate: Date?
        do throws(InputError) { endDate = try end?.instant(in: env) } catch { throw .inArgument("--end", error) }
        do {
            return try SessionInterval.make(duration: duration, start: start, end: endDate, env: env,
                                            startText: at?.text, endText: end?.text)
        } catch {
            throw .inArgument(at != nil ? "--at" : end != nil ? "--end" : "<duration>", error)
        }
    }
}
