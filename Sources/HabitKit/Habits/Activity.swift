import Foundation

/// A workout activity that `habit log workout` knows, with its HealthKit type and MET value.
///
/// MET values come from the 2011 Compendium of Physical Activities (Ainsworth et al.); the
/// Compendium code is cited beside each value.
public enum Activity: String, CaseIterable, Sendable, Codable {
    case hiit, calisthenics, yoga, run, walk, cycle, strength

    /// The HealthKit workout activity type identifier.
    public var workoutActivityType: String {
        switch self {
        case .hiit: "HKWorkoutActivityTypeHighIntensityIntervalTraining"
        case .calisthenics: "HKWorkoutActivityTypeFunctionalStrengthTraining"
        case .yoga: "HKWorkoutActivityTypeYoga"
        case .run: "HKWorkoutActivityTypeRunning"
        case .walk: "HKWorkoutActivityTypeWalking"
        case .cycle: "HKWorkoutActivityTypeCycling"
        case .strength: "HKWorkoutActivityTypeTraditionalStrengthTraining"
        }
    }

    /// Metabolic equivalents (total, including the resting 1 MET).
    public var met: Double {
        switch self {
        case .hiit: 8.0          // 02040 circuit training, incl. kettlebells, minimal rest, vigorous
        case .calisthenics: 8.0  // 02020 calisthenics (push ups, sit ups, pull-ups, jumping jacks), vigorous
        case .yoga: 2.5          // 02150 yoga, Hatha
        case .run: 8.0           // 12150 running, general
        case .walk: 4.3          // 17200 walking, 3.5 mph, level, brisk, firm surface, for exercise
        case .cycle: 7.5         // 01015 bicycling, general
        case .strength: 3.5      // 02054 resistance (weight) training, multiple exercises, 8–15 reps
        }
    }

    /// Compendium of Physical Activities (2011) code of ``met``.
    public var compendiumCode: String {
        switch self {
        case .hiit: "02040"
        case .calisthenics: "02020"
        case .yoga: "02150"
        case .run: "12150"
        case .walk: "17200"
        case .cycle: "01015"
        case .strength: "02054"
        }
    }

    /// Parses an activity name (case-insensitive; a few common aliases), suggesting the closest on failure.
    /// Words people use for an activity habit does not name, and the one they most likely mean:
    /// suggested, never taken (`log workout jog 30m` → did you mean 'run'?, not 'yoga').
    static let meant: [String: Activity] = ["jog": .run, "jogging": .run, "hike": .walk, "hiking": .walk, "biking": .cycle,
                                            "spin": .cycle, "spinning": .cycle, "lifting": .strength, "weightlifting": .strength,
                                            "gym": .strength, "crossfit": .hiit, "tabata": .hiit, "cardio": .hiit, "pilates": .yoga,
                                            "stretching": .yoga, "pushups": .calisthenics, "push-ups": .calisthenics]

    public init(parsing text: String) throws(InputError) {
        let key = text.lowercased()
        let aliases: [String: Activity] = ["running": .run, "walking": .walk, "cycling": .cycle, "bike": .cycle,
                                           "weights": .strength, "hatha": .yoga]
        if let a = Activity(rawValue: key) ?? aliases[key] {
            self = a
        } else {
            throw .unknownActivity(text, suggestion: Self.meant[key]?.rawValue ?? closestMatch(key, in: Activity.allCases.map(\.rawValue)))
        }
    }

    /// Active energy in kcal: `(MET − 1) × body mass kg × hours` (active = total minus resting, as in HealthKit).
    public static func activeKcal(met: Double, bodyMassKg: Double, seconds: TimeInterval) -> Double {
        (met - 1) * bodyMassKg * seconds / 3600
    }
}
