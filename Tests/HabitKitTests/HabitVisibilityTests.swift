import Foundation
import Testing
@testable import HabitKit

/// Whether a habit is shown (``HabitDefinition/isShown``), the one place views, reminders and
/// completion ask (Standards/one-truth.md): a built-in is archived like any habit (issue 49, point 1).
@Suite struct HabitVisibilityTests {
    static let env = Fixture.env("2025-10-26T12:00:00+01:00")

    static func noalc(_ day: String) -> NewEntry { .alcohol(day: Fixture.day(day), level: .steady, drinks: 0) }

    @Test func anArchivedBuiltInIsNotShownKeepsItsDataAndComesBack() throws {
        let store = try HabitStore.inMemory()
        _ = try store.log(Self.noalc("2025-10-24"), env: Self.env)
        _ = try store.log(Self.noalc("2025-10-25"), env: Self.env)
        let floss = OwnHabitStoreTests.define("floss")
        try store.addHabit(floss)
        #expect(try store.read(.shownHabits(env: Self.env)).map(\.name) == ["meditate", "workout", "noalc", "floss"])

        let archived = try store.updateHabit(named: "noalc", env: Self.env) { d, _ in d.archived = true }
        #expect(archived.archived && !archived.isShown)
        #expect(try store.read(.shownHabits(env: Self.env)).map(\.name) == ["meditate", "workout", "floss"])
        #expect(try store.read(.overview(env: Self.env)).reports.map(\.definition.name) == ["meditate", "workout", "floss"])
        let every = try store.read(.allHabits(env: Self.env, includingArchived: true))
        #expect(every.map(\.name) == ["meditate", "workout", "noalc", "floss"])
        #expect(every.filter(\.isShown).map(\.name) == ["meditate", "workout", "floss"])
        #expect(try store.read(.settings).archivedBuiltins == [.noalc])

        // Logged as an archived own habit is: refused; any other change of a built-in still is.
        #expect(throws: HabitInputError.archived("noalc")) { try store.log(Self.noalc("2025-10-26"), env: Self.env) }
        #expect(throws: HabitInputError.builtinFixed("noalc", what: "changed")) {
            try store.updateHabit(named: "noalc", env: Self.env) { d, _ in d.goal = .atLeast(1) }
        }

        // Its data stayed; back, its streak is as it was.
        try store.updateHabit(named: "noalc", env: Self.env) { d, _ in d.archived = false }
        let report = try store.read(.overview(env: Self.env)).reports.first { $0.definition.name == "noalc" }
        #expect(report?.current == 2)
    }

    @Test func theReminderRuleSaysArchivedBeforeAnythingOfTheDay() {
        let decision = ReminderCheck.outlook(enabled: true, paused: false, shown: false, stored: nil, readable: true) { .deliver }
        #expect(decision == .suppress(.archived))
        #expect(ReminderCheck.outlook(enabled: false, paused: false, shown: false, stored: nil, readable: true) { .deliver } == .suppress(.disabled))
        #expect(ReminderCheck.outlook(enabled: true, paused: false, shown: true, stored: nil, readable: true) { .deliver } == .deliver)
    }

    @Test func anArchivedBuiltInIsASettingThatSyncs() throws {
        let line = SyncLine.Setting(key: Settings.archivedKey(.noalc), value: "true", modified: Self.env.now, calendar: Self.env.calendar)
        #expect(try line.checked().key == "archived-noalc")
        let bad = SyncLine.Setting(key: Settings.archivedKey(.noalc), value: "yes", modified: Self.env.now, calendar: Self.env.calendar)
        #expect(throws: InterchangeJSONFailure.self) { try bad.checked() }
        #expect(Settings(stored: ["archived-noalc": "true", "archived-meditate": "false"]).archivedBuiltins == [.noalc])
    }
}
