import Foundation
import Testing
@testable import HabitKit

@Suite struct HabitStoreTests {
    let env = Fixture.env("2025-10-26T10:00:00+01:00")

    @Test func createsTheFolder0700AndTheFile0600() throws {
        let (_, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fm = FileManager.default
        let dirMode = try fm.attributesOfItem(atPath: folder.appendingPathComponent("store").path)[.posixPermissions] as? Int
        let fileMode = try fm.attributesOfItem(atPath: folder.appendingPathComponent("store/habit.sqlite").path)[.posixPermissions] as? Int
        #expect(dirMode == 0o700)
        #expect(fileMode == 0o600)
    }

    /// The file header of a new store: 16 KiB pages (bytes 16–17) and WAL (bytes 18–19 = 2).
    @Test func aNewStoreIsWALWith16KiBPages() throws {
        let (_, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = try Data(contentsOf: folder.appendingPathComponent("store/habit.sqlite")).prefix(100)
        #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(Int(header[16]) << 8 | Int(header[17]) == 16384)
        #expect(header[18] == 2 && header[19] == 2)
    }

    /// What `habit log` does last: the connection closes at once, the WAL is checkpointed into the
    /// file and removed (as when the store is released), and the row is there for the next open.
    @Test func closingForExitCheckpointsAndRemovesTheWAL() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("store/habit.sqlite").path
        let interval = try SessionInterval.make(duration: 600, start: nil, end: nil, env: env, startText: nil, endText: nil)
        let logged = try #require(try store.logMeditation(interval, source: .app, note: nil, env: env).samples.first)
        #expect(FileManager.default.fileExists(atPath: file + "-wal"))
        store.closeForExit()
        #expect(!FileManager.default.fileExists(atPath: file + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: file + "-shm"))
        let reopened = try HabitStore.open(path: file)
        #expect(try reopened.read(.entries(in: env.calendar.instants(of: env.today))).map(\.uuid) == [logged.uuid])
    }

    @Test func logsAMindfulSessionThatEndsAtTheGivenInstant() throws {
        let store = try HabitStore.inMemory()
        let interval = try SessionInterval.make(duration: 600, start: nil, end: nil, env: env, startText: nil, endText: nil)
        let result = try store.logMeditation(interval, source: .app, note: "calm", env: env)
        let sample = try #require(result.samples.first)
        #expect(sample.type == SampleType.mindfulSession)
        #expect(sample.end == env.now)
        #expect(sample.start == env.now.addingTimeInterval(-600))
        #expect(sample.metadata["note"] == "calm")
        #expect(sample.utcOffset == 3600)
        #expect(sample.timeZoneID == "Europe/Berlin")
        let entries = try store.read(.entries(in: env.calendar.instants(of: env.today)))
        #expect(entries.map(\.uuid) == [sample.uuid])
    }

    @Test func aWorkoutOf30MinHIITAt70kgBurns245kcalLinkedToTheWorkout() throws {
        let store = try HabitStore.inMemory()
        let interval = InstantRange(env.now.addingTimeInterval(-1800), upTo: env.now)
        let result = try store.logWorkout(.hiit, interval, met: nil, source: .app, note: nil, env: env)
        let workout = try #require(result.workout)
        #expect(workout.activityType == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(workout.totalEnergyKcal == 245)
        #expect(workout.duration == 1800)
        let energy = try #require(result.samples.first)
        #expect(energy.type == SampleType.activeEnergyBurned)
        #expect(energy.value == 245)
        #expect(energy.unit == "kcal")
        #expect(energy.workout == workout.uuid)
        guard case .workout(_, let samples)? = try store.read(.entry(workout.uuid)) else {
            Issue.record("workout not stored"); return
        }
        #expect(samples.map(\.uuid) == [energy.uuid])
    }

    @Test func weightAndMETOverrideChangeTheCalories() throws {
        let store = try HabitStore.inMemory()
        try store.saveSetting(.weight, "80")
        let hour = InstantRange(env.now.addingTimeInterval(-3600), upTo: env.now)
        #expect(try store.logWorkout(.yoga, hour, met: nil, source: .app, note: nil, env: env).workout?.totalEnergyKcal == 120)
        #expect(try store.logWorkout(.hiit, hour, met: 10, source: .app, note: nil, env: env).workout?.totalEnergyKcal == 720)
    }

    @Test func deletingAWorkoutRemovesItsEnergySampleAndLeavesTwoTombstones() throws {
        let store = try HabitStore.inMemory()
        let interval = InstantRange(env.now.addingTimeInterval(-1800), upTo: env.now)
        let result = try store.logWorkout(.hiit, interval, met: nil, source: .app, note: nil, env: env)
        let before = try store.read(.currentAnchor)
        try store.delete(result.workout!.uuid)
        let counts = try store.read(.counts)
        #expect(counts.samples == 0 && counts.workouts == 0)
        let tombstones = try store.read(.tombstones(since: before))
        #expect(Set(tombstones.map(\.uuid)) == [result.workout!.uuid, result.samples[0].uuid])
        #expect(Set(tombstones.map(\.kind)) == [.workout, .sample])
        #expect(tombstones.allSatisfy { $0.anchor > before })
        #expect(try store.read(.currentAnchor) == before + 2)
    }

    @Test func aWorkoutsEnergySampleCannotBeDeletedAlone() throws {
        let store = try HabitStore.inMemory()
        let interval = InstantRange(env.now.addingTimeInterval(-1800), upTo: env.now)
        let result = try store.logWorkout(.hiit, interval, met: nil, source: .app, note: nil, env: env)
        #expect(throws: StoreError.self) { try store.delete(result.samples[0].uuid) }
        #expect(try store.read(.counts).samples == 1)
    }

    @Test func everyInsertAndDeletionTakesTheNextAnchor() throws {
        let store = try HabitStore.inMemory()
        #expect(try store.read(.currentAnchor) == 0)
        let interval = InstantRange(env.now.addingTimeInterval(-600), upTo: env.now)
        _ = try store.logMeditation(interval, source: .app, note: nil, env: env)
        #expect(try store.read(.currentAnchor) == 1)
        _ = try store.logWorkout(.hiit, interval, met: nil, source: .app, note: nil, env: env)
        #expect(try store.read(.currentAnchor) == 3)
        try store.undo()
        #expect(try store.read(.currentAnchor) == 5)
    }

    @Test func alcoholBeforeSixPMIsForYesterdayAtItsFirstInstantAndTheLastEntryWins() throws {
        let store = try HabitStore.inMemory()
        let day = EveningCutoff.noAlcDay(enteredAt: env.now, calendar: env.calendar)
        #expect(day == Fixture.day("2025-10-25"))
        let first = try store.logAlcohol(day: day, level: NoAlcLevel(drinks: 3), drinks: 3, source: .app, env: env)
        #expect(first.samples[0].value == 4)
        #expect(first.samples[0].start == Fixture.instant("2025-10-25T00:00:00+02:00"))
        let second = try store.logAlcohol(day: day, level: .steady, drinks: 0, source: try SourceID("dev.habit.watch"), env: env)
        #expect(second.replaced == [first.samples[0].uuid])
        let entries = try store.read(.entries(in: env.calendar.instants(of: day)))
        #expect(entries.map(\.uuid) == [second.samples[0].uuid])
    }

    @Test func anExternalAlcoholEntryReplacesNothing() throws {
        let store = try HabitStore.inMemory()
        let day = Fixture.day("2025-10-25")
        _ = try store.logAlcohol(day: day, level: .easy, drinks: nil, source: .app, env: env)
        let external = try store.logAlcohol(day: day, level: .wild, drinks: nil, source: try SourceID("com.example.app"), env: env)
        #expect(external.replaced.isEmpty)
        #expect(try store.read(.counts).samples == 2)
    }

    @Test(arguments: [("2025-10-26T17:59:00+01:00", "2025-10-25"), ("2025-10-26T18:00:00+01:00", "2025-10-26"),
                      ("2025-10-27T00:30:00+01:00", "2025-10-26")])
    func noAlcDayFlipsAtSixPM(_ now: String, _ day: String) {
        let env = Fixture.env(now)
        #expect(EveningCutoff.noAlcDay(enteredAt: env.now, calendar: env.calendar) == Fixture.day(day))
    }

    @Test func undoRemovesTheNewestAppEntryButNeverAnExternalOne() throws {
        let store = try HabitStore.inMemory()
        let interval = InstantRange(env.now.addingTimeInterval(-600), upTo: env.now)
        let mine = try store.logMeditation(interval, source: .app, note: nil, env: env)
        _ = try store.logMeditation(interval, source: try SourceID("com.example.app"), note: nil, env: env)
        #expect(try store.undo().entry.uuid == mine.samples[0].uuid)
        #expect(throws: StoreError.self) { try store.undo() }
        #expect(try store.read(.counts).samples == 1)
    }

    @Test func sessionsInTheFutureAreRejected() {
        #expect(throws: InputError.self) {
            try SessionInterval.make(duration: 600, start: env.now.addingTimeInterval(60), end: nil, env: env,
                                     startText: "10:01", endText: nil)
        }
        #expect(throws: InputError.self) {
            try SessionInterval.make(duration: 600, start: env.now.addingTimeInterval(-300), end: nil, env: env,
                                     startText: "09:55", endText: nil)
        }
    }

    @Test func settingsValidateAndFallBackToDefaults() throws {
        let store = try HabitStore.inMemory()
        #expect(try store.read(.settings).weightKg == 70)
        #expect(throws: InputError.self) { try store.saveSetting(.weight, "-3") }
        #expect(throws: InputError.self) { try store.saveSetting(.timezone, "Mars/Olympus") }
        #expect(throws: InputError.self) { try store.saveSetting(.minMinutes, "0") }
        try store.saveSetting(.timezone, "America/New_York")
        try store.saveSetting(.minMinutes, "5")
        let settings = try store.read(.settings)
        #expect(settings.timeZoneID == "America/New_York")
        #expect(settings.minMinutes == 5)
        try store.removeSetting(.minMinutes)
        #expect(try store.read(.settings).minMinutes == 2)
    }

    @Test func aFileThatIsNotADatabaseIsReportedAsSuch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("junk.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try HabitStore.open(path: path)
        } throws: { error in
            (error as? StoreError).map { if case .notAHabitStore = $0 { true } else { false } } ?? false
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: 0x41, count: 4096))
    }
}
