import Foundation
import Testing
@testable import HabitKit

/// The tie-break text of `habit sync` (Standards/sync.md, "Merge rules"), without a store: a habit
/// definition's and a reminder's version (``SyncMerge/Version``) is its fields as the store spells
/// them, in a fixed order — the same text on every device, and the same as before the rule left
/// `Store/`, so that a tie between versions written by two releases goes the same way everywhere.
@Suite struct SyncVersionTests {
    static let created = Date(timeIntervalSince1970: 1_759_298_400)

    /// The text as the sync wrote it from the stored columns before (``HabitRecord``): the oracle.
    static func storedText(_ d: HabitDefinition) -> String {
        let r = HabitRecord(d)
        var fields: [String] = [r.name, r.kind, r.unit ?? "", r.goal ?? "", r.target.map { String($0) } ?? "", r.per,
                                String(r.times), r.fromType ?? "", r.sources, r.since, String(r.archived),
                                String(r.created), String(r.asks)]
        if let days = r.days { fields.append(String(days)) }
        if let weekdays = r.weekdays { fields.append("on" + String(weekdays)) }
        if let tags = r.tags { fields.append("tags" + tags) }
        return fields.joined(separator: "\u{1F}")
    }

    @Test(arguments: [
        (HabitDefinition(id: "h1", name: "floss", kind: .yesNo, since: LocalDay(ordinal: 20_362), created: created, modified: created),
         ["floss", "yes-no", "", "", "", "day", "1", "", "app", "2025-10-01", "false", "1759298400.0", "true"]),
        (HabitDefinition(id: "h2", name: "water", kind: .quantity, unit: "glass", goal: .atLeast(8), per: .days(3), times: 2,
                         sources: .named(["Watch", "a/b"]), since: LocalDay(ordinal: 20_362), archived: true, asks: false,
                         on: WeekdaySet(mask: 5), created: created.addingTimeInterval(0.25), modified: created, tags: ["home", "x"]),
         ["water", "quantity", "glass", "atLeast", "8.0", "days", "2", "", #"["Watch","a\/b"]"#, "2025-10-01", "true",
          "1759298400.25", "false", "3", "on5", "tagshome,x"]),
        (HabitDefinition(id: "h3", name: "coffee", kind: .quantity, unit: "cup", goal: .atMost(2.5), per: .week,
                         fromType: "HKQuantityTypeIdentifierStepCount", sources: .all, since: LocalDay(ordinal: 20_000),
                         created: created, modified: created),
         ["coffee", "quantity", "cup", "atMost", "2.5", "week", "1", "HKQuantityTypeIdentifierStepCount", "all", "2024-10-04", "false",
          "1759298400.0", "true"]),
    ])
    func aHabitsVersionIsItsStoredFieldsInTheirOrder(_ habit: HabitDefinition, _ fields: [String]) {
        let version = SyncMerge.Version(habit: habit)
        #expect(version.text == fields.joined(separator: "\u{1F}"))
        #expect(version.text == Self.storedText(habit))
        #expect(version.modified == habit.modified.timeIntervalSince1970)
    }

    /// Random definitions of every shape: the rule's text is the stored columns' text.
    @Test func everyDefinitionsVersionIsTheTextOfItsStoredColumns() {
        var rng = SeededRandom(seed: 48)
        for round in 0..<500 {
            let goal: HabitDefinition.Goal? = [nil, .atLeast(Double(rng.int(0...20)) / 4), .atMost(Double(rng.int(0...9)))][rng.int(0...2)]
            let per: HabitDefinition.Period = [.day, .week, .month, .days(rng.int(2...365))][rng.int(0...3)]
            let sources: HabitDefinition.SourceFilter = [.app, .all, .named(["Watch", "é\"\\/", ""].filter { _ in rng.chance(0.5) })][rng.int(0...2)]
            let habit = HabitDefinition(id: "id\(round)", name: ["a", "water", "b\u{301}"][rng.int(0...2)],
                                        kind: [.yesNo, .quantity][rng.int(0...1)], unit: rng.chance(0.5) ? "min" : nil, goal: goal, per: per,
                                        times: rng.int(1...7), fromType: rng.chance(0.3) ? "HKQuantityTypeIdentifierStepCount" : nil,
                                        sources: sources, since: LocalDay(ordinal: rng.int(0...40_000)), archived: rng.chance(0.2),
                                        asks: rng.chance(0.8), on: rng.chance(0.3) ? WeekdaySet(mask: rng.int(1...126)) : nil,
                                        created: Date(timeIntervalSince1970: Double(rng.int(0...2_000_000_000)) + [0, 0.5, 0.001][rng.int(0...2)]),
                                        modified: Date(timeIntervalSince1970: Double(rng.int(0...2_000_000_000))),
                                        tags: rng.chance(0.3) ? ["a", "b-c"] : [])
            #expect(SyncMerge.Version(habit: habit).text == Self.storedText(habit), "round \(round)")
        }
    }

    @Test func aRemindersVersionIsItsStoredFieldsInTheirOrder() throws {
        let reminder = Reminder(title: "Floss", message: "floss is not done yet today", activity: "h1",
                                time: try #require(LocalTime(hour: 21, minute: 5)), weekdays: WeekdaySet(mask: 31), lookbackHours: 8,
                                enabled: false, created: Self.created, modified: Self.created.addingTimeInterval(60))
        let version = SyncMerge.Version(reminder: reminder)
        #expect(version.text == ["Floss", "floss is not done yet today", "h1", "21", "5", "31", "8", "false"].joined(separator: "\u{1F}"))
        #expect(version.modified == 1_759_298_460)
    }

    /// Two versions changed at the same instant: the larger text wins, whichever arrives.
    @Test func ofTwoHabitVersionsChangedAtOneInstantTheLargerTextWinsOnEveryDevice() {
        let a = HabitDefinition(id: "h", name: "walk", kind: .yesNo, since: LocalDay(ordinal: 20_000), created: Self.created, modified: Self.created)
        var b = a
        b.name = "walks"
        let (va, vb) = (SyncMerge.Version(habit: a), SyncMerge.Version(habit: b))
        #expect(SyncMerge.decide(vb, here: va) == .update)
        #expect(SyncMerge.decide(va, here: vb) == .keep)
    }
}
