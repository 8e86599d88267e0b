import Foundation
import Testing
@testable import HabitKit

/// Issue 25, point 1 (Standards/access.md): for random sequences of grants, denials, logs and
/// imports, (a) the calendar marks still equal the days the streak counts, (b) no type denied for
/// reading appears in any output (overview, daily summary, calendar, log list, timeline, changes,
/// export), and (c) a write is refused exactly when the oracle's grants deny one of its types, and
/// an import leaves out exactly the records of types denied for writing.
@Suite struct AccessPropertyTests {
    static let zones = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe"]
    /// 30 days around the autumn changes of all three zones.
    static let first = Fixture.day("2025-10-01")
    static let days = 40
    static let cases = 6
    static let steps = 40

    /// The oracle's grants: a type with a denied direction, as `habit access` left it.
    struct Oracle {
        var read: [String: Bool] = [:]
        var write: [String: Bool] = [:]
        func mayRead(_ t: String) -> Bool { read[t] ?? true }
        func mayWrite(_ t: String) -> Bool { write[t] ?? true }
    }

    @Test(arguments: zones)
    func grantsDenialsLogsAndImportsKeepTheLaws(_ zone: String) throws {
        for seed in 0..<Self.cases {
            var rng = SeededRandom(seed: UInt64(seed) &* 7919 &+ UInt64(zone.utf8.count))
            try run(zone: zone, label: "\(zone) seed \(seed)", &rng)
        }
    }

    func run(zone: String, label: String, _ rng: inout SeededRandom) throws {
        let tz = Fixture.zone(zone)
        let calendar = HabitCalendar(timeZone: tz)
        let last = Self.first.adding(days: Self.days - 1)
        let now = calendar.firstInstant(last, LocalTime(hour: 22, minute: 0, second: 0)!)
        let env = HabitEnvironment(now: now, timeZone: tz, makeUUID: { Fixture.uuids.next() })
        let store = try HabitStore.inMemory()
        let floss = HabitDefinition(id: Fixture.uuids.next().storeText, name: "floss", kind: .yesNo, since: Self.first,
                                    created: now, modified: now)
        try store.addHabit(floss)
        let flossType = DataTypes.read(by: floss)
        let types = [SampleType.mindfulSession, DataTypes.workout, SampleType.activeEnergyBurned, SampleType.alcoholicBeverages, flossType]
        // Another store makes the lines imports bring: the same kinds of entries, from the app.
        let other = try HabitStore.inMemory()
        try other.addHabit(floss)
        var oracle = Oracle()

        func randomInstant() -> (LocalDay, Date) {
            let day = Self.first.adding(days: rng.int(0...(Self.days - 1)))
            let hour = [0, 1, 12, 22, 23][rng.int(0...4)]
            return (day, calendar.firstInstant(day, LocalTime(hour: hour, minute: rng.int(0...59), second: 0)!))
        }
        func randomEntry() -> (NewEntry, [String]) {
            let (day, start) = randomInstant()
            let range = InstantRange(start, upTo: start.addingTimeInterval(Double(rng.int(5...40)) * 60))
            switch rng.int(0...3) {
            case 0: return (.meditation(range, note: nil), [SampleType.mindfulSession])
            case 1: return (.workout(.hiit, range, met: nil, note: nil), [DataTypes.workout, SampleType.activeEnergyBurned])
            case 2: return (.alcohol(day: day, level: [.steady, .easy, .wild][rng.int(0...2)], drinks: nil), [SampleType.alcoholicBeverages])
            default: return (.habit(floss, amount: 1, range, note: nil), [flossType])
            }
        }

        for step in 0..<Self.steps {
            let what = "\(label) step \(step)"
            switch rng.int(0...9) {
            case 0...2:
                let type = types[rng.int(0...(types.count - 1))]
                let allow = rng.chance(0.4)
                let which = rng.int(0...2)  // read, write, both
                let (read, write) = (which != 1, which != 0)
                let grant = try store.setAccess(type, allow: allow, read: read, write: write, at: now)
                if read { oracle.read[type] = allow }
                if write { oracle.write[type] = allow }
                #expect(grant.read == oracle.mayRead(type) && grant.write == oracle.mayWrite(type), "\(what): the grant")
            case 3...7:
                let (entry, written) = randomEntry()
                let refused = written.first { !oracle.mayWrite($0) }
                do {
                    _ = try store.log(entry, env: env)
                    #expect(refused == nil, "\(what): a write of \(refused ?? "") was stored")
                } catch let AccessError.writeDenied(type, _) {
                    #expect(type == refused, "\(what): refused \(type), the oracle \(refused ?? "nothing")")
                }
            default:
                // An import: a few entries logged in the other store, as its export lines.
                var kinds: [[String]] = []
                for _ in 0..<rng.int(1...4) {
                    let (entry, written) = randomEntry()
                    _ = try other.log(entry, env: env)
                    kinds.append(written)
                }
                var lines: [InterchangeLine] = []
                try other.read(.interchangeLines(in: nil, type: nil, allSources: true, calendar: calendar) { lines.append($0) })
                let fresh = try lines.filter { line in
                    guard case .data(let object) = line else { return false }
                    switch object {
                    case .sample(let s, _): return !(try store.read(.hasEverHeld(s.uuid)))
                    case .workout(let w, _, _, _): return !(try store.read(.hasEverHeld(w.uuid)))
                    default: return false
                    }
                }
                // Left out: each workout when workouts are denied, each sample of a denied type or of such a workout.
                var workoutsLeftOut: Set<UUID> = []
                for case .data(.workout(let w, _, _, _)) in fresh where !oracle.mayWrite(DataTypes.workout) { workoutsLeftOut.insert(w.uuid) }
                var expectedNotKept = workoutsLeftOut.count
                for case .data(.sample(let s, _)) in fresh where !oracle.mayWrite(s.type) || s.workout.map(workoutsLeftOut.contains) == true {
                    expectedNotKept += 1
                }
                var queue = fresh  // as an export lists them: a workout's samples before it
                let summary = try store.importInterchange(dryRun: false) { queue.isEmpty ? nil : queue.removeFirst() }
                #expect(summary.notKept == expectedNotKept, "\(what): not kept \(summary.notKept), the oracle \(expectedNotKept)")
            }
            try checkLaws(store, env: env, oracle: oracle, floss: floss, types: types, what)
        }
    }

    func checkLaws(_ store: HabitStore, env: HabitEnvironment, oracle: Oracle, floss: HabitDefinition, types: [String], _ what: String) throws {
        let range = DayRange(Self.first, upTo: Self.first.adding(days: Self.days))
        let hidden = Set(types.filter { !oracle.mayRead($0) })
        try store.snapshot { store, _ in
            // (a) The calendar marks are the days the streak counts.
            let view = try store.read(.calendar(for: range, calendar: env.calendar))
            let overview = try store.read(.overview(range: range, env: env))
            let reports = Dictionary(uniqueKeysWithValues: overview.reports.map { ($0.definition.id, $0) })
            for (i, day) in view.days.enumerated() {
                #expect(day.meditate == (reports["meditate"]?.days[i].met ?? false), "\(what) \(day.summary.day): meditate")
                #expect(day.workout == (reports["workout"]?.days[i].met ?? false), "\(what) \(day.summary.day): workout")
            }
            // (b) Nothing of a type denied for reading, anywhere.
            for report in overview.reports {
                let readable = oracle.mayRead(DataTypes.read(by: report.definition))
                #expect(report.readable == readable, "\(what): \(report.definition.name) readable")
                if !readable {
                    #expect(report.days.allSatisfy { !$0.met && $0.value == 0 } && report.current == 0 && report.longest == 0,
                            "\(what): \(report.definition.name) shows data")
                }
            }
            for d in view.days {
                let s = d.summary
                if hidden.contains(SampleType.mindfulSession) { #expect(s.meditateMinutes == 0, "\(what): mindful in the calendar") }
                if hidden.contains(DataTypes.workout) { #expect(s.workouts == 0 && s.workoutMinutes == 0, "\(what): workouts in the calendar") }
                if hidden.contains(SampleType.activeEnergyBurned) { #expect(s.activeKcal == 0, "\(what): energy in the calendar") }
                if hidden.contains(SampleType.alcoholicBeverages) { #expect(s.alcoholTotal == nil, "\(what): alcohol in the calendar") }
            }
            func sampleTypes(_ entries: [Entry]) -> [String] {
                entries.flatMap { e -> [String] in
                    switch e {
                    case .sample(let s): [s.type]
                    case .workout(_, let samples): [DataTypes.workout] + samples.map(\.type)
                    }
                }
            }
            let listed = sampleTypes(try store.read(.entries(in: SupportedDates.instants)))
            #expect(hidden.isDisjoint(with: listed), "\(what): log list shows \(hidden.intersection(listed))")
            let timeline = try store.read(.timeline(days: range, calendar: env.calendar)).flatMap(\.items).flatMap { item -> [String] in
                switch item {
                case .entry(let e): sampleTypes([e])
                case .workout: [DataTypes.workout]
                default: []
                }
            }
            #expect(hidden.isDisjoint(with: timeline), "\(what): timeline shows \(hidden.intersection(timeline))")
            let changes = try store.read(.changes(since: 0))
            let changed = changes.samples.map(\.type) + changes.workouts.map { _ in DataTypes.workout }
                + changes.deleted.filter { $0.kind == .sample }.map(\.type)
            #expect(hidden.isDisjoint(with: changed), "\(what): changes show \(hidden.intersection(changed))")
            var exported: [String] = []
            try store.read(.interchangeLines(in: nil, type: nil, allSources: true, calendar: env.calendar) { line in
                guard case .data(let object) = line else { return }
                switch object {
                case .sample(let s, _): exported.append(s.type)
                case .workout: exported.append(DataTypes.workout)
                default: break
                }
            })
            #expect(hidden.isDisjoint(with: exported), "\(what): export shows \(hidden.intersection(exported))")
        }
    }
}
