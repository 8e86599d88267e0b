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

    @Test(arguments: [("8", HabitDefinition.Period.week), ("32", .month), ("2", .day), ("0", .week), ("-1", .week), ("1.5", .week)])
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
}
