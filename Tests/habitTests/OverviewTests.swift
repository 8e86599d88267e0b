import Foundation
import Testing
@testable import HabitKit
@testable import habit

/// Issue 49, point 3: `habit overview`, harsh's `harsh log` — every habit × the last days that fit,
/// one mark a day from the one evaluation (the calendar's), and the row of each day's share done
/// (Standards/habits.md, "The overview"). Today is Thursday 2026-11-26 in Berlin.
@Suite struct OverviewTests {
    static let now = AskTests.now

    /// floss (daily), gym (3 a week), coffee (at most 2 cups) and yoga (mon, wed, fri), added on the
    /// 10th. floss done on the 24th and today, skipped on the 25th; gym done on the 24th; coffee 3
    /// cups on Monday the 23rd (over its limit, healed by the joker its first week earned).
    static func world() throws -> HabitProcess {
        let habit = try HabitProcess()
        try AskTests.run(habit, ["add", "floss"], env: AskTests.before)
        try AskTests.run(habit, ["add", "gym", "--times", "3", "--per", "week"], env: AskTests.before)
        try AskTests.run(habit, ["add", "coffee", "--unit", "cup", "--at-most", "2"], env: AskTests.before)
        try AskTests.run(habit, ["add", "yoga", "--on", "mon,wed,fri"], env: AskTests.before)
        for day in ["2026-11-24", "2026-11-26"] { try AskTests.run(habit, ["log", "floss", "--date", day]) }
        try AskTests.run(habit, ["log", "gym", "--date", "2026-11-24"])
        try AskTests.run(habit, ["log", "coffee", "3", "--date", "2026-11-23"])
        try AskTests.run(habit, ["skip", "floss", "2026-11-25"])
        return habit
    }

    /// `overview --json`'s `daily`, by date.
    static func daily(_ json: [String: Any]) -> [String: [String: Any]] {
        Dictionary(HabitsFixture.objects(json["daily"]).compactMap { d in (d["date"] as? String).map { ($0, d) } }) { a, _ in a }
    }

    /// `overview --json`'s habit `name`: its days' states, oldest first.
    static func states(_ json: [String: Any], _ name: String) -> [String] {
        let habit = HabitsFixture.objects(json["habits"]).first { $0["habit"] as? String == name }
        return HabitsFixture.objects(habit?["days"]).map { $0["state"] as? String ?? "?" }
    }

    /// The share of the habits due that day done: met and done count as done; missed, healed and
    /// pending as due, not done; a skipped day, a day off the weekdays, a week habit's day with
    /// nothing done and a day before the history are left out.
    @Test func eachDaysShareIsTheDoneOfTheHabitsDueThatDay() throws {
        let habit = try Self.world()
        defer { habit.cleanUp() }
        let json = try habit.json(["overview"], env: Self.now)
        #expect(json["first"] as? String == "2026-09-28" && json["asOf"] as? String == "2026-11-26", "60 days by default")
        #expect(json["timeZone"] as? String == "Europe/Berlin" && json["allSources"] as? Bool == false)
        // The shape, key by key (Standards/json.md): `otherSourceSamples` and `access` only when they say something.
        #expect(Set(json.keys) == ["first", "asOf", "timeZone", "allSources", "habits", "daily"])
        let floss = try #require(HabitsFixture.objects(json["habits"]).first { $0["habit"] as? String == "floss" })
        #expect(Set(floss.keys) == ["habit", "per", "days"] && floss["per"] as? String == "day")
        #expect(Set(HabitsFixture.objects(floss["days"]).first?.keys.map { $0 } ?? [])
                == ["date", "value", "met", "skipped", "joker", "state", "period"])
        #expect(Set(HabitsFixture.objects(json["daily"]).first?.keys.map { $0 } ?? []) == ["date", "due", "done", "share"])
        let daily = Self.daily(json)
        #expect(daily.count == 60)
        func share(_ date: String) -> String {
            let d = daily[date] ?? [:]
            return "\(d["done"] as? Int ?? -1)/\(d["due"] as? Int ?? -1) \(d["share"].map { "\($0)" } ?? "?")"
        }
        // Tuesday: floss met, gym done, coffee met (no cup), yoga off its weekdays.
        #expect(share("2026-11-24") == "3/3 1")
        // Wednesday: floss skipped, gym's day open (its week judges it), coffee met, yoga missed.
        #expect(share("2026-11-25") == "1/2 0.5")
        // Monday: floss and yoga missed, coffee over its limit and healed by a joker: due, not done.
        #expect(share("2026-11-23") == "0/3 0")
        // Before any habit was added: nothing due.
        #expect(share("2026-11-09") == "0/0 <null>")
        #expect(Self.states(json, "coffee").suffix(4) == ["healed", "met", "met", "met"])
        #expect(Self.states(json, "floss").count == 60)
    }

    /// The overview's marks are the calendar's states for the same days: `overview --json` against
    /// `calendar --json` for both months the days span, and the text's marks against those states.
    @Test func theMarksAreTheCalendarsStatesForTheSameDays() throws {
        let habit = try Self.world()
        defer { habit.cleanUp() }
        let overview = try habit.json(["overview", "--days", "40"], env: Self.now)
        var calendar: [String: [String: [String: Any]]] = [:]  // date → habit → day
        for month in ["2026-10", "2026-11"] {
            for day in HabitsFixture.objects(try habit.json(["calendar", month], env: Self.now)["days"]) {
                if let date = day["date"] as? String { calendar[date] = (day["habits"] as? [String: [String: Any]]) ?? [:] }
            }
        }
        let text = try AskTests.run(habit, ["overview", "--days", "40"]).split(separator: "\n").map(String.init)
        let habits = HabitsFixture.objects(overview["habits"])
        #expect(Set(habits.compactMap { $0["habit"] as? String }) == ["meditate", "workout", "noalc", "floss", "gym", "coffee", "yoga"])
        for h in habits {
            let name = try #require(h["habit"] as? String)
            let days = HabitsFixture.objects(h["days"])
            #expect(days.count == 40 && days.first?["date"] as? String == "2026-10-18" && days.last?["date"] as? String == "2026-11-26")
            var glyphs = ""
            for day in days {
                let date = try #require(day["date"] as? String)
                let shown = try #require(calendar[date]?[name], "\(name) \(date) is not in the calendar")
                for key in ["state", "period", "met", "skipped", "joker", "value"] {
                    #expect("\(day[key] ?? "-")" == "\(shown[key] ?? "-")", "\(name) \(date) \(key)")
                }
                glyphs += CalendarMark(try #require(DayState(rawValue: day["state"] as? String ?? ""))).glyph
            }
            let row = try #require(text.first { $0.hasPrefix(name + " ") }, "\(text)")
            #expect(String(row.dropFirst(9).prefix(40)) == glyphs, "\(name): \(row)")
        }
        let share = try #require(text.first { $0.hasPrefix("% done ") })
        // The 23rd to the 25th: none of 3, all of 3, half of 2.
        #expect(String(share.dropFirst(9).dropFirst(36).prefix(3)) == "▁█▅", "\(share)")
    }

    /// At 80 columns (COLUMNS, or piped without it): the name column and as many days as fit, a
    /// week habit's weeks after its days; the header names each month where it starts; every
    /// line fits; the legends say what the marks and the share row mean.
    @Test func atEightyColumnsAboutSixtyDaysFitWithTheHeaderAndTheLegends() throws {
        let habit = try Self.world()
        defer { habit.cleanUp() }
        for env in [Self.now.merging(["COLUMNS": "80"]) { $1 }, Self.now] {
            let lines = try AskTests.run(habit, ["overview"], env: env).split(separator: "\n").map(String.init)
            for line in lines { #expect(Width.of(line) <= 80, "\(Width.of(line)) columns: \(line)") }
            let floss = try #require(lines.first { $0.hasPrefix("floss ") }, "\(lines)")
            let days = Width.of(floss) - 9
            #expect(days >= 50 && days <= 71, "\(days) days: \(lines)")
            #expect(lines[0].hasSuffix("– 26 Nov 2026 (\(days) days)"), "\(lines[0])")
            #expect(try #require(lines.first { $0.hasPrefix("gym ") }).contains("  weeks "))
            #expect(lines[1].contains("Nov 2026"), "the month where it starts: \(lines[1])")
            let november = try #require(lines[1].range(of: "Nov 2026").map { lines[1].distance(from: lines[1].startIndex, to: $0.lowerBound) })
            let numbers = Array(lines[2])
            #expect(numbers.indices.contains(november) && numbers[november] == "1" && lines[2].contains(" 25"), "day 1 under its month: \(lines[2])")
            #expect(lines.contains("● done ○ missed ◆ joker – skipped · nothing yet  blank: not due"))
            #expect(lines.contains(OverviewText.shareLegend))
            #expect(lines.last == "today 2 of 2 done (100%) · yesterday 1 of 2 done (50%)", "\(lines.last ?? "")")
        }
        // The narrowest width habit lays out in: fewer days, the legends wrapped.
        let narrow = try AskTests.run(habit, ["overview"], env: Self.now.merging(["COLUMNS": "40"]) { $1 }).split(separator: "\n")
        for line in narrow { #expect(Width.of(line) <= 40, "\(Width.of(line)) columns: \(line)") }
        #expect(narrow.contains { $0.hasPrefix("floss ") } && narrow.contains { $0.hasPrefix("% done ") }, "\(narrow)")
    }

    /// Across a DST change (New York, Berlin and Lord Howe's half hour): one column and one JSON day
    /// per calendar day, and an entry at 23:30 on either side of the change on its own day.
    @Test(arguments: [("America/New_York", "2026-11-01", "-04:00", "-05:00"), ("Europe/Berlin", "2026-10-25", "+02:00", "+01:00"),
                      ("Australia/Lord_Howe", "2026-10-04", "+10:30", "+11:00")])
    func aDSTChangeIsOneDayLikeAnyOther(zone: String, change: String, before: String, after: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let day = try #require(LocalDay(change))
        func at(_ d: LocalDay, _ time: String, _ offset: String) -> [String: String] {
            ["HABIT_NOW": "\(d)T\(time)\(offset)", "TZ": zone]
        }
        try AskTests.run(habit, ["add", "floss"], env: at(day.adding(days: -8), "09:00:00", before))
        try AskTests.run(habit, ["log", "floss"], env: at(day.adding(days: -1), "23:30:00", before))
        try AskTests.run(habit, ["log", "floss"], env: at(day, "23:30:00", after))
        let now = at(day.adding(days: 2), "12:00:00", after)
        let json = try habit.json(["overview", "--days", "5"], env: now)
        #expect(json["timeZone"] as? String == zone)
        #expect(Self.states(json, "floss") == ["missed", "met", "met", "missed", "pending"], "\(json)")
        let dates = HabitsFixture.objects(json["daily"]).compactMap { $0["date"] as? String }
        #expect(dates == (-2...2).map { day.adding(days: $0).description })
        #expect(HabitsFixture.objects(json["daily"]).map { $0["done"] as? Int ?? -1 } == [0, 1, 1, 0, 0])
        let text = try AskTests.run(habit, ["overview", "--days", "5"], env: now).split(separator: "\n").map(String.init)
        #expect(text.contains("floss    ○●●○·"), "\(text)")
        #expect(text.contains("% done   ▁██▁▁"), "\(text)")
    }

    /// `--tag` shows the tagged habits only (the choice `calendar` makes); a habit whose data may not
    /// be read says so on its row, is named in JSON's `access` and left out of `habits` and the shares.
    @Test func aTagChoosesTheHabitsAndAnUnreadableHabitIsLeftOutOfTheShares() throws {
        let habit = try Self.world()
        defer { habit.cleanUp() }
        try AskTests.run(habit, ["edit", "floss", "--tag", "pm"])
        let tagged = try AskTests.run(habit, ["overview", "--days", "10", "--tag", "pm"]).split(separator: "\n").map(String.init)
        let rows = tagged.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(rows.contains("floss") && !rows.contains { ["meditate", "workout", "noalc", "coffee", "gym", "yoga"].contains($0) }, "\(tagged)")
        #expect(tagged.contains("% done   ▁▁▁▁▁▁▁█ █"), "\(tagged)")
        try AskTests.run(habit, ["log", "alcohol", "0", "--date", "2026-11-25"])
        try AskTests.run(habit, ["access", "deny", "alcohol", "--read"])
        let json = try habit.json(["overview", "--days", "3"], env: Self.now)
        #expect(json["access"] as? [String: String] == ["noalc": "denied"])
        #expect(!HabitsFixture.objects(json["habits"]).contains { $0["habit"] as? String == "noalc" })
        #expect(Self.daily(json)["2026-11-25"]?["due"] as? Int == 2, "noalc's day is not counted")
        let text = try AskTests.run(habit, ["overview", "--days", "3"])
        #expect(text.contains("noalc    no read access (habit access allow alcohol --read)"), "\(text)")
    }

    /// Bad input is one line on stderr, exit 64, and no store; on a missing store the overview is
    /// shown (every day empty) and creates nothing.
    @Test func badDaysAreRefusedAndAMissingStoreIsNotCreated() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        for days in ["0", "abc", "367", "-1", "1000", "2.5", "99999999999999999999"] {
            let result = try habit.run(["overview", "--days", days], env: Self.now)
            #expect(result.status == 64 && result.stdout.isEmpty, "\(days): \(result.status) \(result.stdout)")
            #expect(result.stderr.hasSuffix("give a whole number of days from 1 to 366 (see 'habit overview --help')\n")
                    && result.stderr.split(separator: "\n").count == 1, "\(days): \(result.stderr)")
        }
        for arguments in [["overview"], ["overview", "--json"], ["overview", "--days", "366"]] {
            let result = try habit.run(arguments, env: Self.now)
            #expect(result.status == 0 && result.stderr.isEmpty && !result.stdout.isEmpty, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// On a real terminal of 80 × 24 (tmux, no COLUMNS): the width comes from the terminal, every
    /// row fits on one line, and nothing scrolls off.
    @Test(.enabled(if: TmuxPane.available, "skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)"))
    func onAnEightyByTwentyFourTerminalEveryRowFits() throws {
        let habit = try Self.world()
        defer { habit.cleanUp() }
        let command = "cd '\(habit.folder.path)' && env -u NO_COLOR -u COLUMNS TERM=tmux-256color LANG=C.UTF-8 HABIT_DB='\(habit.db)' "
            + "HABIT_NOW=\(Self.now["HABIT_NOW"]!) TZ=Europe/Berlin HOME='\(habit.folder.path)' '\(HabitProcess.binary.path)' overview; "
            + "echo EXIT=$?; sleep 30"
        let pane = try TmuxPane(name: "overview", folder: habit.folder, command: command, width: 80, height: 24)
        defer { pane.kill() }
        _ = pane.screen(until: "EXIT=")
        // -J joins a line the terminal wrapped: a row wider than 80 would show here as one longer line.
        let lines = pane.run(["capture-pane", "-p", "-J", "-t", pane.session]).split(separator: "\n").map(String.init)
        #expect(lines.contains("EXIT=0"), "\(lines)")
        for line in lines { #expect(Width.of(line) <= 80, "\(Width.of(line)) columns: \(line)") }
        let names = lines.compactMap { $0.split(separator: " ").first.map(String.init) }
        for name in ["meditate", "workout", "noalc", "floss", "gym", "coffee", "yoga", "%"] { #expect(names.contains(name), "\(name): \(lines)") }
        let floss = try #require(lines.first { $0.hasPrefix("floss ") })
        #expect(Width.of(floss) - 9 >= 50, "about 60 days at 80 columns: \(floss)")
        #expect(floss.hasSuffix("●–●"), "the 24th, the 25th skipped, today: \(floss)")
        #expect(lines.count <= 24)
    }
}
