import Foundation
import Testing
@testable import HabitKit
@testable import habit

/// Issue 48, "One evaluation", through the views: `calendar` (text and JSON), `streak`, `today`,
/// `ui`, `habits` and `ask` read each day's state and each period's from the one evaluation
/// (Standards/habits.md, "Day states") and none decides them again. Today is Thursday 2026-11-26
/// in Berlin; its week runs Monday the 23rd to Sunday the 29th.
@Suite struct DayStateViewTests {
    static let now = AskTests.now
    static let before = AskTests.before

    @discardableResult
    static func run(_ habit: HabitProcess, _ arguments: [String], env: [String: String] = now) throws -> String {
        try AskTests.run(habit, arguments, env: env)
    }

    /// `calendar 2026-11 --json`: each day's object of habit `name`, by date.
    static func days(_ habit: HabitProcess, _ name: String) throws -> [String: [String: Any]] {
        var days: [String: [String: Any]] = [:]
        for day in HabitsFixture.objects(try habit.json(["calendar", "2026-11"], env: now)["days"]) {
            if let date = day["date"] as? String, let h = (day["habits"] as? [String: Any])?[name] as? [String: Any] { days[date] = h }
        }
        return days
    }

    /// `streak --json` or `today --json`: habit `name`'s `today`.
    static func today(_ habit: HabitProcess, _ command: String, _ name: String) throws -> String? {
        HabitsFixture.objects(try habit.json([command], env: now)["habits"]).first { $0["habit"] as? String == name }?["today"] as? String
    }

    /// gym, 3 days a week, added on the 10th: done on Tuesday the 24th and today.
    static func gym() throws -> HabitProcess {
        let habit = try HabitProcess()
        try run(habit, ["add", "gym", "--times", "3", "--per", "week"], env: before)
        for day in ["2026-11-24", "2026-11-26"] { try run(habit, ["log", "gym", "--date", day]) }
        return habit
    }

    /// Issue 48's second bullet: a week habit's done days are done (●), not missed (○) for a week
    /// not met yet; the week's state stands beside them (JSON `period`, the text after each week),
    /// and once the week is met, the days not done do not flip to ●.
    @Test func aWeekHabitsDoneDaysAreDoneAndItsWeekStandsBeside() throws {
        let habit = try Self.gym()
        defer { habit.cleanUp() }
        let days = try Self.days(habit, "gym")
        for date in ["2026-11-24", "2026-11-26"] {
            #expect(days[date]?["met"] as? Bool == true && days[date]?["state"] as? String == "done"
                    && days[date]?["period"] as? String == "pending", "\(date): \(String(describing: days[date]))")
        }
        #expect(days["2026-11-25"]?["met"] as? Bool == false && days["2026-11-25"]?["state"] as? String == "open")
        #expect(days["2026-11-27"]?["state"] as? String == "later" && days["2026-11-27"]?["period"] is NSNull)
        let grid = try Self.run(habit, ["calendar", "2026-11", "--habit", "gym"])
        let week = try #require(grid.split(separator: "\n").first { $0.hasPrefix("23") }, "\(grid)")
        #expect(week.contains("23·") && week.contains("24●") && week.contains("25·") && week.contains("26●"), "\(week)")
        #expect(week.hasSuffix("│ · pending"), "\(week)")
        let month = try Self.run(habit, ["calendar", "2026-11"])
        let row = try #require(month.split(separator: "\n").first { $0.hasPrefix("gym ") }.map { Array($0) }, "\(month)")
        #expect(String(row[(10 + 22)...(10 + 25)]) == "·●·●", "the 23rd to the 26th: \(String(row))")
        #expect(String(row).hasSuffix("  weeks ··○○··"), "each week's state after the days: \(String(row))")
        #expect(month.contains("a week/month habit's period, after its days: ● met ○ missed · pending – skipped"))

        // Monday too: the week is met beside every day, and Wednesday stays open.
        try Self.run(habit, ["log", "gym", "--date", "2026-11-23"])
        let met = try Self.days(habit, "gym")
        #expect(met["2026-11-25"]?["met"] as? Bool == false && met["2026-11-25"]?["state"] as? String == "open"
                && met["2026-11-25"]?["period"] as? String == "met", "\(String(describing: met["2026-11-25"]))")
        #expect(met["2026-11-23"]?["state"] as? String == "done" && met["2026-11-23"]?["period"] as? String == "met")
        let metWeek = try #require(try Self.run(habit, ["calendar", "2026-11", "--habit", "gym"]).split(separator: "\n")
            .first { $0.hasPrefix("23") })
        #expect(metWeek.contains("23●") && metWeek.contains("25·") && metWeek.hasSuffix("│ ● met"), "\(metWeek)")
        #expect(try Self.today(habit, "streak", "gym") == "done")
    }

    /// Issue 48's third bullet: coffee at most 2 a day, 3 cups today, no joker held — the calendar
    /// (text and JSON) says missed (○), as `streak` and `today` do; not "not yet" (·).
    @Test func anAtMostDayOverItsLimitTodayIsMissedInEveryView() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "coffee", "--unit", "cup", "--at-most", "2"])
        try Self.run(habit, ["log", "coffee", "3"])
        let today = try #require(try Self.days(habit, "coffee")["2026-11-26"])
        #expect(today["state"] as? String == "missed" && today["met"] as? Bool == false && today["joker"] as? Bool == false, "\(today)")
        #expect(try Self.run(habit, ["calendar", "2026-11", "--habit", "coffee"]).contains("26○3"))
        #expect(try Self.today(habit, "streak", "coffee") == "missed")
        #expect(try Self.today(habit, "today", "coffee") == "missed")
    }

    /// Issue 48's fourth bullet: the same 3 cups after 16 days within the limit (two jokers held):
    /// one answer, healed — `streak` (text and JSON), `today` (◆, "healed by a joker", JSON) and
    /// `calendar` (◆, JSON `healed`).
    @Test func aTodayHealedByAJokerIsHealedInEveryView() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "coffee", "--unit", "cup", "--at-most", "2"], env: Self.before)
        try Self.run(habit, ["log", "coffee", "3"])
        #expect(try Self.today(habit, "streak", "coffee") == "healed")
        #expect(try Self.today(habit, "today", "coffee") == "healed")
        let streak = try Self.run(habit, ["streak"])
        #expect(streak.split(separator: "\n").contains { $0.hasPrefix("coffee") && $0.hasSuffix("today missed, healed by a joker") }, "\(streak)")
        let today = try Self.run(habit, ["today"])
        #expect(today.split(separator: "\n").contains { $0.hasPrefix("◆ coffee") && $0.contains("healed by a joker") }, "\(today)")
        let day = try #require(try Self.days(habit, "coffee")["2026-11-26"])
        #expect(day["state"] as? String == "healed" && day["joker"] as? Bool == true, "\(day)")
        #expect(try Self.run(habit, ["calendar", "2026-11", "--habit", "coffee"]).contains("26◆3"))
    }

    /// Issue 48's sixth bullet: `habits --json` `since` is the habit's first day as the streak
    /// counts it — the earlier of the day it was added and its first entry (`log --date`).
    @Test func sinceIsTheFirstDayTheStreakCounts() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "floss"], env: Self.before)
        try Self.run(habit, ["add", "water", "--unit", "glass"], env: Self.before)
        try Self.run(habit, ["log", "floss", "--date", "2026-11-01"])
        let habits = HabitsFixture.objects(try habit.json(["habits"], env: Self.now)["habits"])
        let since = Dictionary(habits.compactMap { h in (h["name"] as? String).map { ($0, h["since"] as? String) } }) { a, _ in a }
        #expect(since["floss"] == "2026-11-01" && since["water"] == "2026-11-10", "\(since)")
        #expect(try Self.run(habit, ["habits"]).contains("since 2026-11-01"))
        let edited = try habit.json(["edit", "floss", "--tag", "pm"], env: Self.now)["habit"] as? [String: Any]
        #expect(edited?["since"] as? String == "2026-11-01")
    }

    /// Issue 48's seventh bullet: `ask` asks what the day's state leaves open — not a week habit's
    /// days once its week is met, nor a skipped day; and NoAlc's `n` (or a bare `y`) is refused,
    /// since it could mean "no drinks" or "not done": 0 is an alcohol-free day.
    @Test func askLeavesOutAMetWeekAndASkippedDayAndNoalcTakesDrinks() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "gym", "--times", "3", "--per", "week"], env: Self.before)
        try Self.run(habit, ["add", "floss"], env: Self.before)
        for day in ["2026-11-23", "2026-11-24", "2026-11-25"] { try Self.run(habit, ["log", "gym", "--date", day]) }
        try Self.run(habit, ["skip", "floss", "2026-11-24"])
        // The week before (16–22) is not met: Friday to Sunday are asked; this week is met: nothing.
        let gym = try AskTests.ask(habit, ["gym", "week", "--json"], input: String(repeating: "s\n", count: 7))
        #expect(gym.status == 0, "\(gym.stderr)")
        #expect(try AskTests.records(gym.stdout).map { $0["day"] as? String } == ["2026-11-20", "2026-11-21", "2026-11-22"], "\(gym.stdout)")
        let floss = try AskTests.ask(habit, ["floss", "week", "--json"], input: String(repeating: "y\n", count: 7))
        #expect(!(try AskTests.records(floss.stdout).contains { $0["day"] as? String == "2026-11-24" }), "\(floss.stdout)")

        for bare in ["n", "no", "y", "y 3", "yes 0"] {
            let refused = try AskTests.ask(habit, ["noalc", "--date", "2026-11-25"], input: bare + "\n")
            #expect(refused.status == 65 && refused.stderr.contains("noalc asks for drinks: answer 0 for an alcohol-free day"),
                    "\(bare): \(refused.stderr)")
        }
        #expect(try AskTests.ask(habit, ["noalc", "--date", "2026-11-25"], input: "0\n").stdout == "noalc 2026-11-25: 0 drinks (steady)\n")
        #expect(try AskTests.ask(habit, ["noalc", "--date", "2026-11-25"], input: "").stdout.hasPrefix("nothing to ask"))
    }

    /// Issue 48's second and third bullets in `habit ui` (tmux, 80×24): gym's done days are ● (not
    /// ○), the others ·, and the status line names the week's state; coffee over its limit today is ○.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func theScreenShowsEachDaysOwnStateAndTheWeekOnTheStatusLine() throws {
        let habit = try Self.gym()
        defer { habit.cleanUp() }
        try Self.run(habit, ["add", "coffee", "--unit", "cup", "--at-most", "2"])
        try Self.run(habit, ["log", "coffee", "3"])
        let pane = try TmuxPane(name: "ui-states", folder: habit.folder, command: UITests.command(habit), width: 80, height: 24)
        defer { pane.kill() }
        let screen = pane.screen(until: "meditate · Thu 26 Nov").split(separator: "\n").map { Array($0) }
        let numbers = try #require(screen.first { String($0).contains(" 23 24 25 26") }, "\(screen.map { String($0) })")
        let column = try #require(String(numbers).range(of: "23 24 25 26").map { String(numbers).distance(from: String(numbers).startIndex, to: $0.lowerBound) })
        func marks(_ name: String) throws -> String {
            let row = try #require(screen.first { String($0).hasPrefix(name + " ") }, "\(screen.map { String($0) })")
            return (0..<4).map { row.indices.contains(column + 3 * $0) ? String(row[column + 3 * $0]) : "?" }.joined()
        }
        #expect(try marks("gym") == "·●·●", "the 23rd to the 26th")
        #expect(try marks("coffee").hasSuffix("○"), "today over the limit: missed")
        #expect(screen.contains { String($0).contains("● done ○ missed ◆ joker – skipped · nothing yet  blank: not due") })
        pane.send("j", "j", "j", "j")  // workout, noalc, coffee, gym
        #expect(pane.screen(until: "gym · Thu 26 Nov").contains("gym · Thu 26 Nov · done · week pending"))
        pane.send("q")
        #expect(pane.screen(until: "EXIT=").contains("EXIT=0"))
    }
}
