import Foundation

/// Realistic, deterministic demo data: the same seed gives the same sessions, workouts and
/// NoAlc days (UUIDs come from the environment).
public struct DemoGenerator: Sendable {
    public var days: Int
    public var seed: UInt64

    public init(days: Int, seed: UInt64) {
        self.days = days
        self.seed = seed
    }

    /// What the generator made.
    public struct Batch: Sendable {
        public var samples: [Sample] = []
        public var workouts: [(Workout, Sample)] = []
    }

    /// Data for the `days` days before today (today included up to `env.now`).
    ///
    /// Weekdays: morning meditation most days, workouts three times a week, mostly steady evenings.
    /// Weekends: later, less regular, more `easy` evenings and the odd `wild` one. Some days are
    /// skipped outright; an external app adds its own sessions now and then.
    public func makeBatch(env: HabitEnvironment, settings: Settings) -> Batch {
        var rng = SeededRandom(seed: seed)
        let calendar = env.calendar
        var batch = Batch()
        let external = SourceID(unchecked: "com.example.mindful")
        let watch = SourceID(unchecked: "dev.habit.watch")
        let today = env.today
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let day = today.adding(days: -offset)
            // Nothing before the supported dates: a store must hold only what its own export
            // can bring back (`import` refuses instants before 1970).
            guard SupportedDates.contains(calendar.start(of: day)) else { continue }
            let weekend = day.isoWeekday >= 6
            let lazy = rng.chance(0.04)  // a skipped day: nothing at all
            func at(_ hour: Int, _ minute: Int) -> Date {
                calendar.firstInstant(day, LocalTime(hour: hour, minute: minute)!)
            }
            func add(_ type: String, start: Date, end: Date, value: Double?, unit: String?, source: SourceID) {
                guard end <= env.now else { return }
                batch.samples.append(Sample(uuid: env.makeUUID(), type: type, start: start, end: end, value: value, unit: unit,
                                            source: source, created: end, utcOffset: env.timeZone.secondsFromGMT(for: start),
                                            timeZoneID: env.timeZone.identifier))
            }
            if !lazy && rng.chance(weekend ? 0.85 : 0.95) {
                let start = at(weekend ? rng.int(8...10) : rng.int(6...7), rng.int(0...59))
                let minutes = Double(rng.int(weekend ? 5...30 : 8...20))
                add(SampleType.mindfulSession, start: start, end: start.addingTimeInterval(minutes * 60), value: nil, unit: nil,
                    source: rng.chance(0.2) ? watch : .app)
            }
            if rng.chance(0.12) {
                let start = at(rng.int(12...22), rng.int(0...59))
                add(SampleType.mindfulSession, start: start, end: start.addingTimeInterval(Double(rng.int(3...15)) * 60),
                    value: nil, unit: nil, source: external)
            }
            if !lazy && rng.chance(weekend ? 0.6 : 0.75) {
                let activity: Activity = [.hiit, .hiit, .yoga, .run, .strength][rng.int(0...4)]
                let start = at(weekend ? rng.int(9...11) : rng.int(17...19), rng.int(0...59))
                let minutes = Double(rng.int(20...50))
                let end = start.addingTimeInterval(minutes * 60)
                if end <= env.now {
                    let kcal = Activity.activeKcal(met: activity.met, bodyMassKg: settings.weightKg, seconds: minutes * 60)
                    let offset = env.timeZone.secondsFromGMT(for: start)
                    let workout = Workout(uuid: env.makeUUID(), activityType: activity.workoutActivityType, start: start, end: end,
                                          duration: minutes * 60, totalEnergyKcal: kcal, totalDistanceMeters: nil, source: .app,
                                          metadata: ["met": String(activity.met), "compendiumCode": activity.compendiumCode],
                                          created: end, utcOffset: offset, timeZoneID: env.timeZone.identifier)
                    let energy = Sample(uuid: env.makeUUID(), type: SampleType.activeEnergyBurned, start: start, end: end,
                                        value: kcal, unit: "kcal", source: .app, created: end, utcOffset: offset,
                                        timeZoneID: env.timeZone.identifier, workout: workout.uuid)
                    batch.workouts.append((workout, energy))
                }
            }
            if !lazy && day < today && rng.chance(0.93) {
                let roll = rng.unit()
                let level: NoAlcLevel = weekend
                    ? (roll < 0.55 ? .steady : roll < 0.92 ? .easy : .wild)
                    : (roll < 0.88 ? .steady : roll < 0.98 ? .easy : .wild)
                let noon = calendar.entryInstant(of: day)
                add(SampleType.alcoholicBeverages, start: noon, end: noon, value: level.storedValue, unit: "count", source: .app)
            }
        }
        return batch
    }
}

/// SplitMix64: small, fast and the same on every platform, so a seed reproduces a data set.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}
