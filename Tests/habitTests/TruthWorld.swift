import Foundation
import HabitKit

/// One random world of `OneTruthTests` (issue 48, "One truth"): a zone across a DST change, a
/// day-start, habits of every kind and the built-ins, and a plan of what is written on each day
/// and through which writer. Pure: it only describes; `TruthRun` carries it out with the `habit`
/// binary and `TruthModel` keeps what it actually wrote. To add a kind of habit, a writer or a
/// kind of write: a case here, its `habit` command in `TruthRun.perform`, and (if the oracle
/// should judge it) a line in `TruthModel`.
struct TruthWorld: CustomStringConvertible {
    /// The kinds of own habit a world draws from.
    enum Shape: String, CaseIterable {
        /// yes/no every day; the first habit of each world is this one, kept seven days in a row
        /// and then missed once, so that a joker is earned and spent in every world.
        case yesNo
        case atLeast, atMost
        /// yes/no on a weekday schedule (`--on`).
        case scheduled
        /// yes/no N days a week, a quantity at least (or at most) per week, N days a month.
        case timesWeek, quantityWeek, timesMonth
        /// N days in any D.
        case daysWindow
        /// records only (`--never-asks`).
        case neverAsks
        /// a command habit (`--command`): its command finds the day in a file.
        case command
    }

    struct Habit {
        /// The name it is added under (a rename changes the model's, not this).
        let name: String
        let shape: Shape
        /// What follows `habit add NAME`.
        var arguments: [String] = []
        /// The target: nil for yes/no.
        var goal: Double?
        var isLimit = false
        var per: HabitDefinition.Period = .day
        var times = 1
        /// ISO weekdays (1 Monday … 7 Sunday) of a weekday schedule.
        var on: Set<Int>?
        /// How likely something is written on a day.
        var diligence: Double
        /// A reminder at 21:00 (added on the first day).
        var remind = false

        var isYesNo: Bool { goal == nil }
        /// Judged day by day (§4's walk with jokers).
        var isDaily: Bool { per == .day }
    }

    /// Who writes an entry.
    enum Writer: String, CaseIterable {
        /// `habit log NAME [AMOUNT]`, now.
        case log
        /// `habit log NAME [AMOUNT] --date D`.
        case logDate
        /// `habit ask NAME --date D`, the answer on stdin.
        case ask
        /// `habit ui`, a key on today's cell, in tmux.
        case ui
        /// `habit log NAME` while the store is read-only: the pending journal, added by the next write.
        case pending
        /// A command habit's command finds the day in its file (`habit refresh`).
        case command
    }

    enum Action {
        /// An entry for an own habit on day `day` (an index from the first day).
        case entry(habit: Int, day: Int, amount: Double?, writer: Writer)
        /// A built-in's log: `habit log …` with these words (today, or `--date` in them).
        case builtin([String])
        /// `habit skip NAME D --to E` (nil habit: `skip --all --from D --to E`), half-open.
        case skip(habit: Int?, from: Int, to: Int)
        case unskip(habit: Int, day: Int)
        /// `habit ask NAME --date D` answered `n` (remembered, never counts) or `s` (a skip).
        case answer(habit: Int, day: Int, key: String)
        /// `habit edit NAME --name NEW`.
        case rename(habit: Int, to: String)
    }

    /// One write, at a minute of its day's local clock (beyond 1440: after midnight, still the
    /// habit day when the day-start is later).
    struct Step {
        var minute: Int
        var action: Action
    }

    /// The minutes of a day at which the views are read and reminders checked.
    static let viewMinute = 20 * 60, reminderTime = "21:00", checkMinute = 21 * 60 + 5
    /// The DST changes of 2025 the windows are laid across (the day the clocks change).
    static let changes: [String: [String]] = [
        "America/New_York": ["2025-03-09", "2025-11-02"],
        "Europe/Berlin": ["2025-03-30", "2025-10-26"],
        "Australia/Lord_Howe": ["2025-04-06", "2025-10-05"],
    ]
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]

    let seed: UInt64
    let zone: String
    /// `HH:MM`; "00:00" is the default and is not set.
    let dayStart: String
    /// The day the habits are added (day 0).
    let first: LocalDay
    let days: Int
    /// The days whose views are read and checked: the day of the DST change and a few more.
    let checkDays: Set<Int>
    /// The day `habit ui` is opened in tmux (rows read, one key written), if any.
    let uiDay: Int?
    var habits: [Habit]
    /// Each day's writes, in time order.
    var plan: [[Step]]

    func day(_ index: Int) -> LocalDay { first.adding(days: index) }

    var description: String {
        let shapes = habits.map { "\($0.name):\($0.shape.rawValue)\($0.arguments.isEmpty ? "" : " " + $0.arguments.joined(separator: " "))" }
        return "world seed \(seed) (\(zone), day-start \(dayStart), \(first) + \(days) days; \(shapes.joined(separator: ", ")))"
    }

    /// A world from `seed`: always the same for the same seed.
    /// `checks` days are checked, from the fourth day on (the first habit has then been kept a
    /// few days; its joker comes on the seventh).
    static func make(seed: UInt64, days: Int = 10, checks: Int = 4, ui: Bool = false) -> TruthWorld {
        var rng = SeededRandom(seed: seed &* 0x9E37_79B9 &+ 48)
        let zone = zones[Int(seed % UInt64(zones.count))]
        let change = LocalDay(changes[zone]![rng.int(0...1)])!
        // The change falls on one of the checked days.
        let checkable = Array(3..<days)
        let changeDay = checkable[rng.int(0...(checkable.count - 1))]
        let first = change.adding(days: -changeDay)
        var checkDays: Set<Int> = [changeDay, days - 1]
        while checkDays.count < min(checks, checkable.count) { checkDays.insert(checkable[rng.int(0...(checkable.count - 1))]) }
        let dayStart = ["00:00", "00:00", "04:00", "02:30"][rng.int(0...3)]
        var habits = [Habit(name: "floss", shape: .yesNo, diligence: 1, remind: true)]
        let names = ["water", "coffee", "yoga", "gym", "reading", "hikes", "walk", "sketch", "pushups", "stretch", "tea", "piano"]
        var pool = Shape.allCases.filter { $0 != .yesNo }.shuffled(using: &rng)
        pool.insert(.yesNo, at: rng.int(0...pool.count))
        for (i, shape) in pool.prefix(rng.int(4...5)).enumerated() {
            habits.append(makeHabit(shape, name: names[(i + Int(seed)) % names.count] + (shape == .yesNo ? "s" : ""), &rng))
        }
        var world = TruthWorld(seed: seed, zone: zone, dayStart: dayStart, first: first, days: days, checkDays: checkDays,
                               uiDay: ui ? checkDays.sorted()[rng.int(0...(checkDays.count - 1))] : nil, habits: habits, plan: [])
        world.plan = (0..<days).map { world.writes(on: $0, &rng) }
        return world
    }

    static func makeHabit(_ shape: Shape, name: String, _ rng: inout SeededRandom) -> Habit {
        var h = Habit(name: name, shape: shape, diligence: [0.5, 0.75, 0.9][rng.int(0...2)], remind: rng.chance(0.5))
        switch shape {
        case .yesNo: break
        case .atLeast:
            h.goal = Double(rng.int(2...8))
            h.arguments = ["--unit", "glass", "--at-least", number(h.goal!)]
        case .atMost:
            (h.goal, h.isLimit) = (Double(rng.int(1...3)), true)
            h.arguments = ["--unit", "cup", "--at-most", number(h.goal!)]
        case .scheduled:
            var days = Set((1...7).filter { _ in rng.chance(0.5) })
            if days.isEmpty || days.count == 7 { days = [1, 3, 5] }
            h.on = days
            let words = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            h.arguments = ["--on", days.sorted().map { words[$0 - 1] }.joined(separator: ",")]
        case .timesWeek:
            (h.per, h.times) = (.week, rng.int(1...5))
            h.arguments = ["--times", String(h.times), "--per", "week"]
        case .quantityWeek:
            (h.per, h.goal, h.isLimit) = (.week, Double(rng.int(4...12)) * 10, rng.chance(0.3))
            h.arguments = ["--unit", "min", h.isLimit ? "--at-most" : "--at-least", number(h.goal!), "--per", "week"]
        case .timesMonth:
            (h.per, h.times) = (.month, rng.int(3...12))
            h.arguments = ["--times", String(h.times), "--per", "month"]
        case .daysWindow:
            let length = rng.int(2...5)
            (h.per, h.times) = (.days(length), rng.int(1...length))
            h.arguments = ["--times", String(h.times), "--per", "\(length)-days"]
        case .neverAsks:
            h.arguments = ["--never-asks"]
            h.remind = false
        case .command:
            h.arguments = []  // the command is added by the run: it names a file of the run's folder
        }
        return h
    }

    static func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }

    /// An amount for one entry of `h`: 1 for yes/no (nil: no amount is typed); a multiple of 0.5
    /// that sometimes reaches the target or passes the limit, and sometimes does not.
    static func amount(_ h: Habit, _ rng: inout SeededRandom) -> Double? {
        guard let goal = h.goal else { return nil }
        let perDay = goal / Double(h.per.length)
        return Double(rng.int(1...max(2, Int(perDay * 2 * (h.isLimit ? 1.4 : 1.1))))) / 2
    }

    /// What is written on day `d`: each habit's entries through a writer, the built-ins', skips,
    /// answers and now and then a rename.
    func writes(on d: Int, _ rng: inout SeededRandom) -> [Step] {
        var steps: [Step] = []
        func at(_ low: Int, _ high: Int) -> Int { rng.int(low...high) }
        for (i, h) in habits.enumerated() {
            // The first habit: seven days in a row, then missed once (a joker earned and spent).
            if i == 0 {
                if d < 7 || d != 7 + Int(seed % 2) {
                    steps.append(Step(minute: at(6 * 60, 19 * 60), action: .entry(habit: 0, day: d, amount: nil, writer: d < 7 ? .log : .ask)))
                }
                continue
            }
            guard rng.chance(h.diligence) else { continue }
            let writer: Writer
            if h.shape == .command {
                writer = .command
            } else if d == uiDay && steps.allSatisfy({ if case .entry(_, _, _, .ui) = $0.action { false } else { true } }) {
                writer = .ui
            } else {
                let roll = rng.unit()
                writer = roll < 0.45 ? .log : roll < 0.65 ? .logDate : roll < 0.9 ? .ask : (rng.chance(0.5) ? .pending : .log)
            }
            let entries = h.isYesNo || writer == .ui || writer == .command ? 1 : rng.int(1...2)
            for _ in 0..<entries {
                let amount = writer == .ui ? (h.isYesNo ? nil : 1) : Self.amount(h, &rng)
                switch writer {
                case .logDate where d > 0 && rng.chance(0.6):
                    // Forgot yesterday: written today for the day before.
                    steps.append(Step(minute: at(7 * 60, 9 * 60), action: .entry(habit: i, day: d - 1, amount: amount, writer: .logDate)))
                case .ui:
                    steps.append(Step(minute: 19 * 60 + 45, action: .entry(habit: i, day: d, amount: amount, writer: .ui)))
                default:
                    steps.append(Step(minute: at(6 * 60, 19 * 60 + 30), action: .entry(habit: i, day: d, amount: amount, writer: writer)))
                }
            }
        }
        // Late at night, with a later day-start: still today's.
        if dayStart != "00:00" && rng.chance(0.4), let late = habits.indices.dropFirst().randomElement(using: &rng),
           ![.command, .neverAsks].contains(habits[late].shape) {
            steps.append(Step(minute: 24 * 60 + 75, action: .entry(habit: late, day: d, amount: Self.amount(habits[late], &rng), writer: .log)))
        }
        // The built-ins: meditation in the morning (more than 12 h before the reminder), a
        // workout, NoAlc for the day (steady, easy or wild).
        if rng.chance(0.6) { steps.append(Step(minute: at(6 * 60, 8 * 60 + 30), action: .builtin(["meditate", "\(rng.int(5...20))m"]))) }
        if rng.chance(0.3) { steps.append(Step(minute: at(12 * 60, 18 * 60), action: .builtin(["workout", "hiit", "\(rng.int(10...40))m"]))) }
        if rng.chance(0.45) {
            let drinks = [0, 0, 0, 1, 3, 7][rng.int(0...5)]
            steps.append(Step(minute: at(19 * 60, 19 * 60 + 40), action: .builtin(["alcohol", String(drinks), "--date", day(d).description])))
        }
        // Skips: now and then a habit's days (sometimes today, sometimes ahead), or every habit's.
        if rng.chance(0.25), let h = habits.indices.dropFirst().randomElement(using: &rng) {
            let from = d + rng.int(0...2)
            steps.append(Step(minute: 7 * 60, action: .skip(habit: h, from: from, to: from + rng.int(1...3))))
        }
        if rng.chance(0.07) { steps.append(Step(minute: 7 * 60, action: .skip(habit: nil, from: d, to: d + rng.int(1...2)))) }
        if rng.chance(0.1), let h = habits.indices.dropFirst().randomElement(using: &rng) {
            steps.append(Step(minute: 7 * 60 + 5, action: .unskip(habit: h, day: d)))
        }
        if rng.chance(0.12), let h = habits.indices.dropFirst().randomElement(using: &rng), habits[h].shape != .command,
           habits[h].shape != .neverAsks {
            steps.append(Step(minute: at(10 * 60, 19 * 60), action: .answer(habit: h, day: d, key: rng.chance(0.5) ? "n" : "s")))
        }
        // A rename in about a third of the worlds, once.
        if d == 2 + Int(seed % 5) && seed % 3 == 0, let h = habits.indices.dropFirst().randomElement(using: &rng) {
            steps.append(Step(minute: 6 * 60 + 30, action: .rename(habit: h, to: habits[h].name + "-new")))
        }
        return steps.sorted { $0.minute < $1.minute }
    }
}
