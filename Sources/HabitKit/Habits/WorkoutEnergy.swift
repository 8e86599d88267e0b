import Foundation

/// A logged workout's active energy and what it was worked out from — the one rule of `habit log
/// workout`'s calories (README, "Workout calories"): the MET given (`--met`) or else the
/// activity's (``Activity/met``), the body mass of the `weight` setting (``Settings/weightKg``),
/// and `(MET − 1) × body mass kg × hours` (``Activity/activeKcal(met:bodyMassKg:seconds:)``).
///
/// The store writes what this says in the transaction that reads the setting; nothing here reads
/// a store (tests: `WorkoutEnergyTests`).
public struct WorkoutEnergy: Sendable, Equatable {
    /// The MET the energy was worked out with.
    public var met: Double
    /// The body mass it was worked out with, in kg.
    public var bodyMassKg: Double
    /// The active energy, kcal.
    public var kcal: Double
    /// The workout's metadata: `met` and `bodyMassKg` always, `compendiumCode` only when the
    /// activity's own MET was used (a MET given is no Compendium value), `note` when not empty.
    public var metadata: [String: String]

    /// `activity` for `seconds`, with `met` given on the command line (nil: the activity's), by a
    /// person of `settings`' weight, with `note`.
    public init(_ activity: Activity, seconds: TimeInterval, met given: Double?, settings: Settings, note: String?) {
        met = given ?? activity.met
        bodyMassKg = settings.weightKg
        kcal = Activity.activeKcal(met: met, bodyMassKg: bodyMassKg, seconds: seconds)
        metadata = ["met": String(met), "bodyMassKg": String(bodyMassKg)]
        if given == nil { metadata["compendiumCode"] = activity.compendiumCode }
        if let note, !note.isEmpty { metadata["note"] = note }
    }
}
