import Foundation
import Testing
@testable import HabitKit

/// The identity rules of tracker imports (``TrackerIdentity``) and what habit asks of a Loop
/// backup (``LoopBackupRules``), without a store: the same data always gives the same ids, so a
/// second import adds nothing (TrackerImportTests checks that through a store).
@Suite struct TrackerIdentityTests {
    @Test func aHabitsIdComesFromTheAppAndItsNameAndNamesakesAreTwoHabits() {
        let ids = TrackerIdentity.habitIDs(["Vegan", "Sport", "Vegan", "Vegan"], app: "Loop Habit Tracker")
        #expect(Set(ids).count == 4)
        #expect(ids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
        // The first of a name keeps the identity it has alone, whatever comes before it.
        #expect(ids[0] == TrackerIdentity.habitIDs(["Vegan"], app: "Loop Habit Tracker")[0])
        #expect(ids[1] == TrackerIdentity.habitIDs(["Sport"], app: "Loop Habit Tracker")[0])
        #expect(TrackerIdentity.habitIDs(["Sport", "Vegan"], app: "Loop Habit Tracker")[1] == ids[0])
        // The second of a name is the second wherever the first is.
        #expect(TrackerIdentity.habitIDs(["Vegan", "Vegan"], app: "Loop Habit Tracker")[1] == ids[2])
        // Both of Loop's formats share one app; harsh is another.
        #expect(TrackerExport.Tracker.loopCSV.app == TrackerExport.Tracker.loopBackup.app)
        #expect(TrackerIdentity.habitIDs(["Vegan"], app: "harsh")[0] != ids[0])
        // Names differ by case and spaces: two habits.
        #expect(Set(TrackerIdentity.habitIDs(["Floss", "floss ", "floss"], app: "harsh")).count == 3)
        // Pinned: an id must never change between versions (an import again would duplicate the habit).
        #expect(TrackerIdentity.habitIDs(["Meditate"], app: "Loop Habit Tracker")[0] == Self.meditateID)
        // The CSV formats (issue 27) are apps of their own, pinned as they were first given.
        #expect(TrackerIdentity.habitIDs(["Floss"], app: TrackerExport.Tracker.csv.app)[0] == "d17e21ef-90e3-8239-9902-d5af5c535699")
        #expect(TrackerIdentity.habitIDs(["Meditate"], app: TrackerExport.Tracker.habitBull.app)[0] == "0f394841-2d6a-85c2-a390-5e86fba89725")
    }

    /// What habit before this refactoring gave Loop's `Meditate` (`loop-csv/`), its check of
    /// 2026-11-22 (imported in UTC: at its noon) and its skip of 2026-11-18.
    static let meditateID = "f213278f-9ed1-86f1-9677-235cf14da888"

    @Test func theIdentitiesAreThoseEarlierImportsGave() {
        let env = Fixture.env("2026-11-22T20:00:00Z", "UTC")
        let day = Fixture.day("2026-11-22")
        // Checks now sit at the day's first instant (a day entry); where they sat before is the legacy instant.
        #expect(TrackerIdentity.checkInstant(of: day, calendar: env.calendar) == env.calendar.start(of: day))
        let at = TrackerIdentity.legacyCheckInstant(of: day, calendar: env.calendar)
        #expect(at.timeIntervalSince1970 == 1_795_348_800)
        #expect(TrackerIdentity.checkUUID(habitID: Self.meditateID, day: day, at: at).uuidString.lowercased()
                == "01a20320-a200-8031-9a25-315722ce8cc3")
        #expect(TrackerIdentity.skipUUID(habitID: Self.meditateID, day: Fixture.day("2026-11-18")).uuidString.lowercased()
                == "d3c3884c-d9b4-8961-82a4-bbb90ff38a84")
    }

    @Test func checksAndSkipsHaveStableUUIDsOfTheirHabitAndDay() {
        let env = Fixture.env("2026-10-26T12:00:00+01:00")  // Europe/Berlin
        let id = TrackerIdentity.habitIDs(["Meditate"], app: "Loop Habit Tracker")[0]
        // 2026-10-25 has 25 hours there: its check names the day, so it sits at its first instant
        // (an older release put it half-way, 12.5 h after its start: the legacy instant).
        let day = Fixture.day("2026-10-25")
        let at = TrackerIdentity.checkInstant(of: day, calendar: env.calendar)
        let instants = env.calendar.instants(of: day)
        #expect(at == instants.lowerBound)
        #expect(TrackerIdentity.legacyCheckInstant(of: day, calendar: env.calendar).timeIntervalSince(instants.lowerBound) == 12.5 * 3600)
        #expect(env.calendar.day(ofEntryAt: at, namesADay: true) == day)
        let check = TrackerIdentity.checkUUID(habitID: id, day: day, at: at)
        #expect(check == TrackerIdentity.checkUUID(habitID: id, day: day, at: at))
        #expect(check != TrackerIdentity.checkUUID(habitID: id, day: day.adding(days: 1), at: at))
        #expect(check != TrackerIdentity.checkUUID(habitID: TrackerIdentity.habitIDs(["Gym"], app: "harsh")[0], day: day, at: at))
        // Its first 48 bits are the entry's start in milliseconds, as every sample UUID habit makes.
        let ms = UInt64((at.timeIntervalSince1970 * 1000).rounded(.down))
        let bytes = withUnsafeBytes(of: check.uuid) { Array($0) }
        #expect(bytes.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } == ms)
        let skip = TrackerIdentity.skipUUID(habitID: id, day: day)
        #expect(skip == TrackerIdentity.skipUUID(habitID: id, day: day) && skip != check)
        #expect(skip != TrackerIdentity.skipUUID(habitID: id, day: day.adding(days: -1)))
        #expect(TrackerIdentity.source(.loopCSV) == TrackerIdentity.source(.loopBackup))
        #expect(TrackerIdentity.source(.harsh).bundleID == "dev.habit.import.harsh")
        #expect(TrackerIdentity.source(.loopCSV).bundleID == "dev.habit.import.loop")
        #expect(TrackerIdentity.source(.csv).bundleID == "dev.habit.import.csv")
        #expect(TrackerIdentity.source(.habitBull).bundleID == "dev.habit.import.habitbull")
    }

    @Test func anImportedHabitsDefinitionStartsAtItsFirstWordAndEndsArchived() throws {
        let today = Fixture.day("2026-11-22")
        let now = Fixture.instant("2026-11-22T20:00:00+01:00")
        var habit = TrackerHabit(originalName: "Old course", kind: .yesNo, per: .week, times: 2, firstDay: Fixture.day("2026-01-02"),
                                 endDay: Fixture.day("2026-01-03"))
        let d = try TrackerIdentity.definition(habit, id: "x", name: "old-course", today: today, at: now)
        #expect(d.since == Fixture.day("2026-01-02") && d.archived && d.asks && d.per == .week && d.times == 2)
        #expect(d.created == now && d.modified == now && d.sources == .app && d.fromType == nil)
        // An end day still ahead is not kept; no word at all starts today; a first day after today starts today.
        habit.endDay = today.adding(days: 3)
        habit.firstDay = nil
        habit.asks = false
        let ahead = try TrackerIdentity.definition(habit, id: "x", name: "old-course", today: today, at: now)
        #expect(!ahead.archived && ahead.since == today && !ahead.asks)
        habit.firstDay = today.adding(days: 9)
        #expect(try TrackerIdentity.definition(habit, id: "x", name: "old-course", today: today, at: now).since == today)
        #expect(throws: HabitInputError.reservedName("list")) {
            try TrackerIdentity.definition(habit, id: "x", name: "list", today: today, at: now)
        }
    }

    @Test func aLoopBackupsQueriesNameOnlyLoopsColumnsAndReadOldSchemas() {
        let current: Set<String> = ["id", "name", "type", "freq_num", "freq_den", "unit", "target_type", "target_value",
                                    "archived", "position"]
        #expect(LoopBackupRules.hasTables(habitColumns: current, repetitionColumns: ["habit", "timestamp", "value", "notes"]))
        #expect(!LoopBackupRules.hasTables(habitColumns: ["name"], repetitionColumns: ["habit", "timestamp"]))
        #expect(!LoopBackupRules.hasTables(habitColumns: current, repetitionColumns: ["habit"]))
        #expect(LoopBackupRules.habitsQuery(columns: current) == "SELECT id, name, type, freq_num, freq_den, unit, target_type, "
                + "target_value, archived FROM Habits ORDER BY position, id")
        // Schema 12 (2016): no type, unit or targets; no value or notes in Repetitions.
        #expect(LoopBackupRules.habitsQuery(columns: ["id", "name", "freq_num", "freq_den", "archived"])
                == "SELECT id, name, NULL, freq_num, freq_den, NULL, NULL, NULL, archived FROM Habits ORDER BY NULL, id")
        #expect(LoopBackupRules.repetitionsQuery(columns: ["habit", "timestamp"])
                == "SELECT habit, timestamp, 2, NULL FROM Repetitions ORDER BY timestamp, rowid")
        #expect(LoopBackupRules.repetitionsQuery(columns: ["habit", "timestamp", "value", "notes"])
                == "SELECT habit, timestamp, value, notes FROM Repetitions ORDER BY timestamp, rowid")
        // A column the file names that Loop has not is never put in a query.
        #expect(!LoopBackupRules.habitsQuery(columns: current.union(["x; DROP TABLE Habits"])).contains("DROP"))
    }
}
