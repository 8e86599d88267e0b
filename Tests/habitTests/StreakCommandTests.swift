import Foundation
import Testing
@testable import HabitKit

@Suite struct StreakCommandTests {
    @Test func streakJSONFollowsTheContractAndOtherSourcesOnlyCountWithAllSources() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        for day in ["2025-10-24", "2025-10-25"] {
            #expect(try habit.run(["log", "meditate", "10m", "--at", "\(day)T07:00"], env: env).status == 0)
        }
        #expect(try habit.run(["log", "meditate", "10m", "--at", "2025-10-26T07:00", "--source", "com.example.app"], env: env).status == 0)

        let mine = try habit.json(["streak"], env: env)
        #expect(mine["asOf"] as? String == "2025-10-26")
        #expect(mine["timeZone"] as? String == "Europe/Berlin")
        #expect(mine["allSources"] as? Bool == false)
        let meditate = try #require((mine["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == "meditate" })
        #expect(meditate["current"] as? Int == 2)
        #expect(meditate["today"] as? String == "pending")
        #expect(meditate["jokers"] as? Int == 0)

        let all = try habit.json(["streak", "--all-sources"], env: env)
        #expect(all["allSources"] as? Bool == true)
        #expect(all["otherSourceSamples"] as? Int == 1)
        let allMeditate = try #require((all["habits"] as? [[String: Any]])?.first { $0["habit"] as? String == "meditate" })
        #expect(allMeditate["current"] as? Int == 3)
        #expect(allMeditate["today"] as? String == "done")

        let text = try habit.run(["streak", "--all-sources"], env: env)
        #expect(text.stdout.contains("includes 1 entry from other sources"))
    }

    @Test func calendarJSONHasEveryDayOfTheMonthAndMarksWhatTheStreakCounts() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-31T20:00:00+01:00"]
        #expect(try habit.run(["log", "meditate", "12m", "--at", "2025-10-26T23:30"], env: env).status == 0)
        #expect(try habit.run(["log", "meditate", "1m", "--at", "2025-10-27T00:00"], env: env).status == 0)
        #expect(try habit.run(["log", "alcohol", "0", "--date", "2025-10-26"], env: env).status == 0)
        let cal = try habit.json(["calendar", "2025-10"], env: env)
        #expect(cal["month"] as? String == "2025-10")
        let days = try #require(cal["days"] as? [[String: Any]])
        #expect(days.count == 31)
        #expect(days.first?["date"] as? String == "2025-10-01")
        let d26 = try #require(days.first { $0["date"] as? String == "2025-10-26" })
        #expect(d26["meditateMinutes"] as? Double == 12)
        #expect(d26["meditate"] as? Bool == true)
        #expect(d26["noalc"] as? String == "steady")
        let d27 = try #require(days.first { $0["date"] as? String == "2025-10-27" })
        #expect(d27["meditateMinutes"] as? Double == 1)
        #expect(d27["meditate"] as? Bool == false)
        #expect(d27["noalc"] is NSNull)
    }

    @Test func plainOutputWhenPipedOrNoColor() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00", "NO_COLOR": "1"]
        #expect(try habit.run(["demo", "--days", "30"], env: env).status == 0)
        let out = try habit.run(["calendar"], env: env)
        #expect(out.status == 0)
        #expect(!out.stdout.contains("\u{1B}["))
        #expect(out.stdout.contains("October 2025"))
        #expect(out.stdout.contains("meditate"))
        let again = try habit.run(["demo"], env: env)
        #expect(again.status == 64)  // refuses a non-empty store
    }

    @Test func demoIsDeterministicForASeed() throws {
        let a = try HabitProcess(), b = try HabitProcess()
        defer { a.cleanUp(); b.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        #expect(try a.run(["demo", "--days", "60", "--seed", "3"], env: env).status == 0)
        #expect(try b.run(["demo", "--days", "60", "--seed", "3"], env: env).status == 0)
        let ca = try a.run(["calendar", "--json"], env: env).stdout
        #expect(ca == (try b.run(["calendar", "--json"], env: env).stdout))
        #expect(ca.contains("\"meditate\":true"))
    }

    @Test(arguments: [["calendar", "2025-13"], ["calendar", "--year", "20x5"], ["streak", "--habit", "meditat"]])
    func badArgumentsAreOneLineErrors(_ arguments: [String]) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(arguments)
        #expect(r.status == 64)
        #expect(r.stderr.split(separator: "\n").count == 1)
    }
}
