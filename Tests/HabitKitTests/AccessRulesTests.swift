import Foundation
import Testing
@testable import HabitKit

/// The rules of access per data type without a store (Sources/HabitKit/Habits/Access.swift;
/// Standards/access.md).
@Suite struct AccessRulesTests {
    static let now = Date(timeIntervalSince1970: 1_760_000_000)
    static let floss = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-000000000001", name: "floss", kind: .yesNo,
                                       since: Fixture.day("2025-10-01"), created: now, modified: now)
    static let steps = HabitDefinition(id: "0f0f0f0f-0000-4000-8000-000000000002", name: "walk", kind: .quantity, unit: "count",
                                       goal: .atLeast(8000), fromType: "HKQuantityTypeIdentifierStepCount",
                                       since: Fixture.day("2025-10-01"), created: now, modified: now)

    struct Name: CustomTestStringConvertible {
        let text: String
        let type: String?
        var testDescription: String { text }
    }

    static let names: [Name] = [
        Name(text: "alcohol", type: SampleType.alcoholicBeverages),
        Name(text: " NoAlc ", type: SampleType.alcoholicBeverages),
        Name(text: "meditate", type: SampleType.mindfulSession),
        Name(text: "mindful", type: SampleType.mindfulSession),
        Name(text: "workout", type: DataTypes.workout),
        Name(text: "workouts", type: DataTypes.workout),
        Name(text: "active-energy", type: SampleType.activeEnergyBurned),
        Name(text: "steps", type: "HKQuantityTypeIdentifierStepCount"),
        Name(text: "activity-summary", type: DataTypes.activitySummary),
        Name(text: "floss", type: "dev.habit.habit.0f0f0f0f-0000-4000-8000-000000000001"),
        Name(text: "walk", type: "HKQuantityTypeIdentifierStepCount"),
        Name(text: "HKQuantityTypeIdentifierHeartRate", type: "HKQuantityTypeIdentifierHeartRate"),
        Name(text: "HKCategoryTypeIdentifierSleepAnalysis", type: "HKCategoryTypeIdentifierSleepAnalysis"),
        Name(text: "HKCorrelationTypeIdentifierBloodPressure", type: "HKCorrelationTypeIdentifierBloodPressure"),  // stored
        Name(text: "HKQuantityTypeIdentifier", type: nil),
        Name(text: "HKQuantityTypeIdentifierHeart Rate", type: nil),
        Name(text: "HKQuantityTypeIdentifierHeartRate%", type: nil),
        Name(text: "dev.habit.habit.unknown", type: nil),
        Name(text: "vodka", type: nil),
        Name(text: "", type: nil),
        Name(text: "' OR 1=1 --", type: nil),
    ]

    @Test(arguments: names)
    func aTypeIsNamedByShortNameHabitNameOrIdentifier(_ name: Name) {
        let resolved = try? DataTypes.resolve(name.text, habits: [Self.floss, Self.steps], stored: ["HKCorrelationTypeIdentifierBloodPressure"])
        #expect(resolved == name.type)
    }

    @Test func grantsAllowWhatTheyDoNotRestrictAndRingsShareOneType() {
        var grants = AccessGrants.everything
        #expect(grants.allowsEverything && grants.mayRead("anything") && grants.mayWrite("anything"))
        let denied = grants.changing(SampleType.alcoholicBeverages, allow: false, read: true, write: false)
        #expect(denied == AccessGrant(type: SampleType.alcoholicBeverages, read: false, write: true))
        grants = AccessGrants([denied, AccessGrant(type: DataTypes.activitySummary, read: true, write: false),
                               AccessGrant(type: SampleType.mindfulSession, read: true, write: true)])
        #expect(grants.restricted.count == 2, "a type allowed both ways is not restricted")
        #expect(!grants.mayRead(SampleType.alcoholicBeverages) && grants.mayWrite(SampleType.alcoholicBeverages))
        #expect(!grants.mayWrite(ActivityRing.move.typeIdentifier) && grants.mayRead(ActivityRing.stand.typeIdentifier))
        #expect(grants.unreadable == [SampleType.alcoholicBeverages])
        #expect(grants.firstNotWritable([SampleType.mindfulSession, DataTypes.activitySummary]) == DataTypes.activitySummary)
        let allowedAgain = grants.changing(SampleType.alcoholicBeverages, allow: true, read: true, write: true)
        #expect(allowedAgain.read && allowedAgain.write)
    }

    @Test func eachHabitReadsOneTypeAndEachEntryWritesItsTypes() {
        #expect(DataTypes.read(by: .noalc) == SampleType.alcoholicBeverages)
        #expect(DataTypes.read(by: Self.steps) == "HKQuantityTypeIdentifierStepCount")
        #expect(Self.floss.accessName == "floss" && Self.steps.accessName == "steps")
        let range = InstantRange(Self.now, upTo: Self.now.addingTimeInterval(600))
        #expect(DataTypes.written(by: .workout(.hiit, range, met: nil, note: nil)) == [DataTypes.workout, SampleType.activeEnergyBurned])
        #expect(DataTypes.written(by: .habit(Self.floss, amount: 1, range, note: nil)) == [DataTypes.read(by: Self.floss)])
        let error = AccessError.writeDenied(type: SampleType.alcoholicBeverages, name: "alcohol")
        #expect(error.kind == .permission && !error.description.contains("\n"))
    }
}
