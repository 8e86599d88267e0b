import Foundation
import HabitKit

/// One habit as `habit habits --json` lists it (Standards/habits.md): `{"name","kind","unit","target",
/// "per"[,"days"],"times","from","sources","since","archived","asks"[,"on"],"command","commandArmed","tags"}` (`asks`: false for a
/// habit that only records; `days`: D of N days in any D, `per` `days`, and only then; `on`: a weekday
/// schedule's days, `["mon","wed","fri"]`, only for one; `command`: a command habit's shell command on
/// this device, else null; `commandArmed`: whether that command is run — false while it is disarmed (a
/// restored backup's, Standards/automation.md "Armed") — null without a command; `tags`: the habit's tags,
/// sorted, `[]` for none).
struct HabitEntryJSON: Codable, Equatable {
    /// `{"atLeast":8}` or `{"atMost":2}`.
    struct Target: Codable, Equatable {
        var atLeast: Double?
        var atMost: Double?
    }

    /// `"app"`, `"all"` or the list of source names and bundle ids.
    enum Sources: Codable, Equatable {
        case app, all
        case named([String])

        init(_ filter: HabitDefinition.SourceFilter) {
            switch filter {
            case .app: self = .app
            case .all: self = .all
            case .named(let names): self = .named(names)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let names = try? container.decode([String].self) {
                self = .named(names)
            } else {
                self = try container.decode(String.self) == "all" ? .all : .app
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .app: try container.encode("app")
            case .all: try container.encode("all")
            case .named(let names): try container.encode(names)
            }
        }
    }

    let name: String
    /// `yes-no`, `quantity` or `builtin`.
    let kind: String
    @Nullable var unit: String?
    @Nullable var target: Target?
    /// `day`, `week`, `month` or `days`.
    let per: String
    /// D of a habit of N days in any D; left out for every other period.
    let days: Int?
    let times: Int
    /// The HealthKit type a habit on imported data reads.
    @Nullable var from: String?
    let sources: Sources
    let since: String
    let archived: Bool
    let asks: Bool
    /// The weekdays of a weekday schedule, `["mon","wed","fri"]`; left out for every day.
    let on: [String]?
    /// A command habit's command (this device's; Standards/automation.md), else null.
    @Nullable var command: String?
    /// Whether the command is armed (run): false for a restored backup's not armed since; null without one.
    @Nullable var commandArmed: Bool?
    /// The habit's tags, sorted; `[]` for none (and for the built-ins).
    let tags: [String]

    /// `disarmed`: the ids of the habits whose command is disarmed (``StoreRequest/disarmedCommandHabitIDs``).
    init(_ d: HabitDefinition, disarmed: Set<String> = []) {
        name = d.name
        kind = d.kind.rawValue
        unit = d.unit
        target = switch d.goal {
        case .atLeast(let x)?: Target(atLeast: x)
        case .atMost(let x)?: Target(atMost: x)
        case nil: nil
        }
        per = d.per.name
        days = d.per.days
        times = d.times
        from = d.fromType
        sources = Sources(d.sources)
        since = d.since.description
        archived = d.archived
        asks = d.asks
        on = d.on?.words
        command = d.command
        commandArmed = d.command.map { _ in !disarmed.contains(d.id) }
        tags = d.tags
    }
}

/// `habit habits --json`: `{"habits":[…]}`, built-ins first.
struct HabitsJSON: Codable, Equatable {
    let habits: [HabitEntryJSON]
}

/// `habit add|edit|archive --json`: `{"habit":{…}}`, the habit as stored now.
struct HabitChangeJSON: Codable, Equatable {
    let habit: HabitEntryJSON
}

/// `habit remove --json`: `{"habit","entries","skips","reminders"}` — what was deleted.
struct HabitRemovalJSON: Codable, Equatable {
    let habit: String
    let entries: Int
    let skips: Int
    let reminders: Int
}
