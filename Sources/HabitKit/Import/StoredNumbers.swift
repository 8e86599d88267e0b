import Foundation

/// The bounds of every number that enters the store, whatever brings it — `log`, an Apple Health
/// export, an ndjson import, another device's sync line (Standards/security.md, "Numbers"). What
/// `habit log` refuses no other way in may store: a workout of 1e19 seconds once made every
/// listing trap when it printed it.
public enum StoredNumbers {
    /// Every amount, total and value stays below this in magnitude: 999,999,999,999 at most, as
    /// `habit log NAME AMOUNT` allows.
    public static let magnitude = 1e12
    /// The longest a workout may last: 366 days (multi-day events exist; centuries do not).
    public static let longestWorkout: TimeInterval = 366 * 86400

    /// A stored value, total or statistic: finite and below ``magnitude`` in magnitude.
    public static func isValue(_ x: Double) -> Bool { x.isFinite && abs(x) < magnitude }

    /// An amount of a habit of one's own: as `log` takes it, from 0 up to (not including) ``magnitude``.
    public static func isHabitAmount(_ x: Double) -> Bool { x.isFinite && x >= 0 && x < magnitude }

    /// A workout's duration in seconds: finite, from 0 to ``longestWorkout``.
    public static func isWorkoutDuration(_ seconds: Double) -> Bool { seconds.isFinite && seconds >= 0 && seconds <= longestWorkout }

    /// Why `value` of a sample of `type` may not be stored, or nil when it may.
    public static func problem(value: Double?, type: String) -> String? {
        guard let value else { return nil }
        if type.hasPrefix(HabitDefinition.loggedTypePrefix) {
            return isHabitAmount(value) ? nil : "value \(value) is not an amount habit takes (0 up to 999,999,999,999)"
        }
        return isValue(value) ? nil : "value \(value) is out of range (its magnitude must be below 10^12)"
    }

    /// Why a workout's figures may not be stored, or nil when they may.
    public static func problem(duration: Double, energyKcal: Double?, distanceMeters: Double?) -> String? {
        if !isWorkoutDuration(duration) { return "duration \(duration) s is out of range (0 to 366 days)" }
        if let e = energyKcal, !(isValue(e) && e >= 0) { return "energy \(e) kcal is out of range" }
        if let d = distanceMeters, !(isValue(d) && d >= 0) { return "distance \(d) m is out of range" }
        return nil
    }
}
