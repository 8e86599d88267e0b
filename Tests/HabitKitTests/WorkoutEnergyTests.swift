import Foundation
import Testing
@testable import HabitKit

/// A logged workout's calories, without a store (README, "Workout calories"): the MET given or
/// the activity's, the body mass of the `weight` setting, `(MET − 1) × kg × hours`, and the
/// metadata that says which were used.
@Suite struct WorkoutEnergyTests {
    /// The settings with `weight` stored (nil: the default, 70 kg).
    static func settings(weight: String?) -> Settings { Settings(stored: weight.map { ["weight": $0] } ?? [:]) }

    @Test(arguments: [
        // activity, seconds, --met, weight setting, kcal, metadata
        (Activity.hiit, 1_500.0, nil, nil, 7 * 70 * 1_500 / 3_600, ["met": "8.0", "bodyMassKg": "70.0", "compendiumCode": "02040"]),
        (.yoga, 2_700, 3.0, nil, 105, ["met": "3.0", "bodyMassKg": "70.0"]),
        (.walk, 3_600, nil, "82.5", 272.25, ["met": "4.3", "bodyMassKg": "82.5", "compendiumCode": "17200"]),
        (.run, 1_800, 10.5, "60", 285, ["met": "10.5", "bodyMassKg": "60.0"]),
        (.strength, 0, nil, "400", 0, ["met": "3.5", "bodyMassKg": "400.0", "compendiumCode": "02054"]),
    ] as [(Activity, Double, Double?, String?, Double, [String: String])])
    func theMETGivenOrTheActivitysAndTheWeightSettingMakeTheCalories(_ activity: Activity, _ seconds: Double, _ met: Double?,
                                                                     _ weight: String?, _ kcal: Double, _ metadata: [String: String]) throws {
        let energy = WorkoutEnergy(activity, seconds: seconds, met: met, settings: Self.settings(weight: weight), note: nil)
        #expect(abs(energy.kcal - kcal) < 1e-9)
        #expect(energy.met == (met ?? activity.met))
        #expect(energy.bodyMassKg == (Self.settings(weight: weight)).weightKg)
        #expect(energy.metadata == metadata)
    }

    @Test(arguments: [(nil, nil), ("", nil), ("after work", "after work")] as [(String?, String?)])
    func aNoteIsKeptOnlyWhenItSaysSomething(_ note: String?, _ kept: String?) throws {
        let energy = WorkoutEnergy(.cycle, seconds: 600, met: nil, settings: Settings(), note: note)
        #expect(energy.metadata["note"] == kept)
    }
}
