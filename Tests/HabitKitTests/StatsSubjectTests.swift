import Foundation
import Testing
@testable import HabitKit

/// Which type, unit and sources `habit stats` reads for a subject (``StatsSource``), without a store.
struct StatsSubjectTests {
    static let epoch = Date(timeIntervalSince1970: 0)

    static func builtin(_ habit: Habit) throws -> HabitDefinition {
        try #require(HabitDefinition.builtins(settings: Settings(), since: LocalDay(ordinal: 0), at: epoch).first { $0.builtin == habit })
    }

    @Test(arguments: [(Habit.meditate, SampleType.mindfulSession, "min"), (.noalc, SampleType.alcoholicBeverages, "count"),
                      (.workout, "HKWorkoutTypeIdentifier", "min")])
    func builtInsReadTheirTypeFromTheAppUnlessAllSources(_ habit: Habit, _ type: String, _ unit: String) throws {
        let subject = StatsSubject.habit(try Self.builtin(habit))
        let app = StatsSource(subject, allSources: false)
        #expect((app.habit, app.type, app.unit, app.sources) == (habit.rawValue, type, unit, .app))
        #expect(app.everySource?.sources == .all)
        let all = StatsSource(subject, allSources: true)
        #expect((all.type, all.unit, all.sources) == (type, unit, .all))
        #expect(all.everySource == nil)
    }

    @Test func anOwnHabitReadsItsEntriesOnlyFromTheApp() {
        let water = HabitDefinition(id: "0d9c6f8e-0000-4000-8000-000000000001", name: "water", kind: .quantity, unit: "glass",
                                    goal: .atLeast(8), since: LocalDay(ordinal: 0), created: Self.epoch, modified: Self.epoch)
        let source = StatsSource(.habit(water), allSources: true)
        #expect(source.type == water.loggedType)
        #expect(source.unit == "glass")
        #expect(source.sources == .app)
        #expect(source.everySource == nil)  // its entries have no other sources
    }

    @Test func aYesNoFromHabitCountsDaysAndWidensToEverySource() throws {
        let steps = HabitDefinition(id: "0d9c6f8e-0000-4000-8000-000000000002", name: "walked", kind: .yesNo,
                                    fromType: "HKQuantityTypeIdentifierStepCount", sources: .named(["Watch"]),
                                    since: LocalDay(ordinal: 0), created: Self.epoch, modified: Self.epoch)
        let narrow = StatsSource(.habit(steps), allSources: false)
        #expect((narrow.type, narrow.unit, narrow.sources) == ("HKQuantityTypeIdentifierStepCount", "count", .named(["Watch"])))
        #expect(narrow.everySource?.sources == .all)
        #expect(StatsSource(.habit(steps), allSources: true).sources == .all)
    }

    @Test func aDataTypeReadsInItsDefaultUnit() throws {
        let steps = try HabitDataType(parsing: "steps")
        let source = StatsSource(.type(steps), allSources: false)
        #expect(source.habit == nil)
        #expect((source.type, source.unit, source.sources) == (steps.identifier, steps.defaultUnit, .app))
    }
}
