import ArgumentParser
import Foundation
import HabitKit

/// One word of `habit log workout [ACTIVITY] DURATION`: an activity or a duration.
enum WorkoutWord {
    /// `[hiit] 25m` → the activity (hiit unless given) and the duration.
    static func parse(_ words: [String]) throws(ValidationError) -> (Activity, DurationValue) {
        switch words.count {
        case 0:
            throw ValidationError("missing duration: habit log workout hiit 25m")
        case 1:
            // An activity alone is a forgotten duration, not a bad one.
            if let activity = try? Activity(parsing: words[0]), (try? DurationValue.parse(words[0], as: "<duration>")) == nil {
                throw ValidationError("missing duration: habit log workout \(activity.rawValue) 25m")
            }
            return (.hiit, try DurationValue.parse(words[0], as: "<duration>"))
        case 2:
            let activity: Activity
            do { activity = try Activity(parsing: words[0]) } catch {
                throw ArgumentRefusal(error: error).validationError(value: words[0], name: "<activity>")
            }
            return (activity, try DurationValue.parse(words[1], as: "<duration>"))
        default:
            throw ValidationError("give an optional activity and a duration, e.g. 'habit log workout hiit 25m' (got \(words.count) words)")
        }
    }
}

/// Drinks (a whole number, 0–9999) or a NoAlc level (`steady`, `easy`, `wild`).
struct DrinksValue: ArgumentValue {
    let level: NoAlcLevel
    let drinks: Int?

    init(parsing text: String) throws(InputError) { (level, drinks) = try InputParsing.noAlcLevel(text) }
}

/// `--met`: metabolic equivalents, above 1 and at most 25.
struct METValue: ArgumentValue {
    let value: Double

    init(parsing text: String) throws(InputError) {
        guard let v = Double(text.trimmingCharacters(in: .whitespaces)), v.isFinite, v > 1, v <= 25 else {
            throw .invalidMET(text)
        }
        value = v
    }
}

/// `--source`: a reverse-DNS bundle id.
struct SourceValue: ArgumentValue {
    let source: SourceID

    init(source: SourceID) { self.source = source }

    init(parsing text: String) throws(InputError) { source = try SourceID(text) }

    var defaultValueDescription: String { source.bundleID }
}

/// `--days` of a reminder: `daily`, `weekdays`, `mon-fri`, `mon,wed,fri`, `monday tuesday` ….
struct WeekdaysValue: ArgumentValue {
    let weekdays: WeekdaySet

    init(parsing text: String) throws(InputError) { weekdays = try WeekdaySet(parsing: text) }
}
