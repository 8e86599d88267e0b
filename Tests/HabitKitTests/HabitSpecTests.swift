import Foundation
import Testing
@testable import HabitKit

/// The rules of `habit add` and `habit edit` (Standards/habits.md), in the one function both use.
@Suite struct HabitSpecTests {
    static let since = Fixture.day("2026-11-22")
    static let instant = Fixture.instant("2026-11-22T10:00:00+01:00")

    static func add(_ name: String, _ spec: HabitSpec) throws(HabitInputError) -> HabitDefinition {
        try spec.newHabit(named: name, id: "id-\(name)", since: since, at: instant)
    }

    @Test func kindsTargetsAndDefaultsFollowTheOptions() throws {
        let floss = try Self.add("floss", HabitSpec())
        #expect(floss.kind == .yesNo && floss.unit == nil && floss.goal == nil && floss.per == .day && floss.times == 1)
        #expect(floss.sources == .app && floss.since == Self.since && floss.created == Self.instant && floss.id == "id-floss")
        let reading = try Self.add("reading", HabitSpec(unit: "minutes", atLeast: "2.5h", per: .week))
        #expect(reading.kind == .quantity && reading.unit == "min" && reading.goal == .atLeast(150))
        #expect(try Self.add("coffee", HabitSpec(unit: "cup", atMost: "2")).goal == .atMost(2))
        #expect(try Self.add("tea", HabitSpec(unit: "cup")).goal == nil)
        let gym = try Self.add("gym", HabitSpec(per: .month, times: "31"))
        #expect(gym.kind == .yesNo && gym.times == 31)
        let sleep = try Self.add("sleep", HabitSpec(atLeast: "7h", from: "sleep"))
        #expect(sleep.unit == "min" && sleep.goal == .atLeast(420) && sleep.sources == .all)
        #expect(sleep.fromType == "HKCategoryTypeIdentifierSleepAnalysis")
        let walks = try Self.add("walks", HabitSpec(unit: "m", atLeast: "5000", from: "distance", sources: " Watch , com.garmin,Watch"))
        #expect(walks.unit == "m" && walks.sources == .named(["Watch", "com.garmin"]))
        #expect(try Self.add("stairs", HabitSpec(unit: "floors", atLeast: "10", from: "HKQuantityTypeIdentifierFlightsClimbed")).unit == "floors")
    }

    @Test(arguments: [
        (HabitSpec(unit: "g", atLeast: "1", atMost: "2"), HabitInputError.bothTargets),
        (HabitSpec(atLeast: "1"), .targetOnYesNo),
        (HabitSpec(unit: "g", per: .week, times: "2"), .timesOnQuantity),
        (HabitSpec(sources: "all"), .sourcesWithoutFrom),
        (HabitSpec(from: "steps"), .fromNeedsTarget("x")),
        (HabitSpec(atLeast: "1", from: "nope"), .unknownType("nope")),
        (HabitSpec(atLeast: "1", from: "steps", sources: "app,x"), .invalidSources("app,x")),
    ])
    func refusedCombinations(_ spec: HabitSpec, _ error: HabitInputError) {
        #expect(throws: error) { try Self.add("x", spec) }
    }

    @Test(arguments: [("8", HabitDefinition.Period.week), ("32", .month), ("2", .day), ("0", .week), ("-1", .week), ("1.5", .week),
                      ("4", .days(3)), ("366", .days(365)), ("0", .days(2))])
    func timesMustFitThePeriod(_ times: String, _ per: HabitDefinition.Period) {
        #expect(throws: HabitInputError.self) { try Self.add("x", HabitSpec(per: per, times: times)) }
    }

    @Test(arguments: ["-1", "0", "nan", "inf", "-inf", "1e400", "", "3kg"])
    func targetsArePositiveFiniteNumbers(_ target: String) {
        #expect(throws: HabitInputError.self) { try Self.add("x", HabitSpec(unit: "g", atLeast: target)) }
    }

    @Test func editKeepsWhatOnlyANewHabitCanHave() throws {
        let water = try Self.add("water", HabitSpec(unit: "glass", atLeast: "8"))
        let edited = try HabitSpec(atMost: "9", per: .week, newName: "drink").edited(water, entries: 3)
        #expect(edited.name == "drink" && edited.goal == .atMost(9) && edited.per == .week && edited.id == water.id)
        #expect(try HabitSpec(noTarget: true).edited(water, entries: 3).goal == nil)
        #expect(try HabitSpec(unit: "ml").edited(water, entries: 0).unit == "ml")
        #expect(throws: HabitInputError.unitInUse("water", entries: 3, unit: "glass")) { try HabitSpec(unit: "ml").edited(water, entries: 3) }
        #expect(throws: HabitInputError.nothingToChange("water")) { try HabitSpec().edited(water, entries: 0) }
        let floss = try Self.add("floss", HabitSpec())
        #expect(throws: HabitInputError.self) { try HabitSpec(unit: "glass").edited(floss, entries: 0) }
        #expect(throws: HabitInputError.self) { try HabitSpec(from: "steps").edited(floss, entries: 0) }
        #expect(throws: HabitInputError.timesOnQuantity) { try HabitSpec(times: "2").edited(water, entries: 0) }
        let gym = try Self.add("gym", HabitSpec(per: .week, times: "3"))
        #expect(throws: HabitInputError.self) { try HabitSpec(per: .day).edited(gym, entries: 0) }
        #expect(try HabitSpec(per: .day, times: "1").edited(gym, entries: 0).times == 1)
        let steps = try Self.add("steps", HabitSpec(atLeast: "8000", from: "steps"))
        #expect(throws: HabitInputError.fromNeedsTarget("steps")) { try HabitSpec(noTarget: true).edited(steps, entries: 0) }
        #expect(try HabitSpec(sources: "app").edited(steps, entries: 0).sources == .app)
        #expect(throws: HabitInputError.sourcesWithoutFrom) { try HabitSpec(sources: "app").edited(water, entries: 0) }
    }

    /// `--per`: `day`, `week`, `month`, or `N-days` with N from 2 to 365 (1 is a day: `--per day`);
    /// nothing else. The text round-trips.
    @Test(arguments: [("day", HabitDefinition.Period?.some(.day)), ("week", .week), ("Month", .month), (" 3-days ", .days(3)),
                      ("2-days", .days(2)), ("365-days", .days(365)), ("30-days", .days(30)), ("7-days", .days(7)),
                      ("1-days", nil), ("0-days", nil), ("366-days", nil), ("1000-days", nil), ("-3-days", nil), ("3days", nil),
                      ("3-day", nil), ("days", nil), ("3 days", nil), ("+3-days", nil), ("３-days", nil), ("year", nil), ("", nil)])
    func periodsAreADayAWeekAMonthOrNDays(_ text: String, _ period: HabitDefinition.Period?) {
        let parsed = try? HabitDefinition.Period(parsing: text)
        #expect(parsed == period)
        if let period {
            #expect((try? HabitDefinition.Period(parsing: period.text)) == period)
            #expect(HabitDefinition.Period(name: period.name, days: period.days) == period)
        } else {
            #expect(throws: InputError.invalidPeriod(text)) { try HabitDefinition.Period(parsing: text) }
        }
        #expect(HabitDefinition.Period(name: "days", days: 1) == nil && HabitDefinition.Period(name: "days", days: nil) == nil)
        #expect(HabitDefinition.Period(name: "week", days: 3) == nil && HabitDefinition.Period(name: "days", days: 366) == nil)
    }

    /// N days in any D: `--times` 1–D; a quantity's target counts over the D days; edit moves a
    /// habit to or from a window and keeps its times when they fit.
    @Test func nDaysInAnyDTakeTimesUpToD() throws {
        let walk = try Self.add("walk", HabitSpec(per: .days(3), times: "2"))
        #expect(walk.per == .days(3) && walk.times == 2 && walk.kind == .yesNo)
        #expect(try Self.add("read", HabitSpec(unit: "page", atLeast: "20", per: .days(5))).per == .days(5))
        #expect(try Self.add("yearly", HabitSpec(per: .days(365), times: "365")).times == 365)
        #expect(try HabitSpec(per: .week).edited(walk, entries: 4).per == .week)
        #expect(throws: HabitInputError.self) { try HabitSpec(per: .days(2), times: "3").edited(walk, entries: 0) }
        let gym = try Self.add("gym", HabitSpec(per: .week, times: "5"))
        #expect(throws: HabitInputError.self) { try HabitSpec(per: .days(4)).edited(gym, entries: 0) }
        let edited = try HabitSpec(per: .days(10)).edited(gym, entries: 0)
        #expect(edited.per == .days(10) && edited.times == 5)
    }
}
