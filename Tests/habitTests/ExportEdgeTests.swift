import Foundation
import Testing

/// What the timeline and the import summary show for the edges of real exports (issue 13, points
/// 4–6), on the hand-made exports of `Tests/Fixtures/health` (see its README).
@Suite struct ExportEdgeTests {
    static let health = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/health")
    static let env = ["HABIT_NOW": "2024-03-10T12:00:00+01:00", "TZ": "Europe/Madrid"]

    static func imported(_ file: String) throws -> HabitProcess {
        let habit = try HabitProcess()
        let r = try habit.run(["import", health.appendingPathComponent(file).path], env: env)
        #expect(r.status == 0, "\(r.stderr)")
        return habit
    }

    /// A new store (the caller cleans it up) that imported the fixture `name` twice: each count
    /// in `first` is expected in the first import's `--json` summary, each in `again` in the second's.
    static func importedTwice(_ name: String, env: [String: String], first: [String: Int], again: [String: Int],
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> HabitProcess {
        let habit = try HabitProcess()
        let file = health.appendingPathComponent(name).path
        do {
            for expected in [first, again] {
                let summary = try habit.json(["import", file], env: env)
                for (key, count) in expected.sorted(by: { $0.key < $1.key }) {
                    #expect(summary[key] as? Int == count, "\(key) in \(summary)", sourceLocation: sourceLocation)
                }
            }
            return habit
        } catch {
            habit.cleanUp()
            throw error
        }
    }

    static func timelineItems(_ habit: HabitProcess) throws -> [[String: Any]] {
        let json = try habit.json(["timeline", "--days", "4"], env: env)
        return (json["days"] as? [[String: Any]])?.flatMap { ($0["items"] as? [[String: Any]]) ?? [] } ?? []
    }

    /// Point 4: a night with only "in bed" samples reads as time in bed, not "0 s asleep".
    @Test func aNightWithOnlyInBedSamplesShowsTimeInBed() throws {
        let habit = try Self.imported("names-inbed-types.xml")
        defer { habit.cleanUp() }
        let text = try habit.run(["timeline", "--days", "4"], env: Self.env).stdout
        let night = try #require(text.split(separator: "\n").first { $0.contains("recovery") })
        #expect(night.contains("8 h 12 min in bed, no asleep data"), "\(night)")
        #expect(!night.contains("0 s asleep"))
        let item = try #require(try Self.timelineItems(habit).first { $0["kind"] as? String == "recovery" })
        #expect(item["asleepSeconds"] as? Double == 0)
        #expect(item["inBedSeconds"] as? Double == Double(8 * 3600 + 12 * 60))
    }

    /// Point 5: sources by their own names, and no "0.00 km" for a workout without distance.
    @Test func theTimelineNamesSourcesAsThePhoneDoesAndShowsNoZeroDistance() throws {
        let habit = try Self.imported("names-inbed-types.xml")
        defer { habit.cleanUp() }
        let text = try habit.run(["timeline", "--days", "4"], env: Self.env).stdout
        #expect(!text.contains("healthkit-import:"), "\(text)")
        let workouts = text.split(separator: "\n").filter { $0.contains("workout") }
        #expect(workouts.count == 3)
        #expect(workouts.allSatisfy { $0.hasSuffix("[Apple Watch de José]") || $0.hasSuffix("[Apple Watch de José]  4.20 km") }, "\(workouts)")
        #expect(!text.contains("0.00 km"))
        #expect(workouts.contains { $0.contains("workout   run ") && $0.hasSuffix("4.20 km") })  // as `log workout run` names it
        let items = try Self.timelineItems(habit).filter { $0["kind"] as? String == "workout" }
        #expect(items.count == 3)
        for item in items {
            #expect(item["sourceName"] as? String == "Apple Watch de José")
            #expect((item["workout"] as? [String: Any])?["source"] as? String == "healthkit-import:Apple Watch de José")  // the id stays
        }
        // `log list` tags entries of other sources the same way.
        let list = try habit.run(["log", "list", "--days", "4", "--all-sources"], env: Self.env)
        #expect(list.status == 0)
        #expect(list.stdout.contains("[Apple Watch de José]") && !list.stdout.contains("healthkit-import:"), "\(list.stdout)")
    }

    /// Point 6: a cut list of types says how many it left out, right under it; `--json` cuts nothing.
    @Test func theImportSummarySaysWhatItLeftOut() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let file = Self.health.appendingPathComponent("names-inbed-types.xml").path
        let dry = try habit.run(["import", file, "--dry-run"], env: Self.env)
        let lines = dry.stdout.split(separator: "\n").map(String.init)
        let typeLines = lines.filter { $0.contains("HKQuantityTypeIdentifier") || $0.contains("HKCategoryTypeIdentifier") }
        #expect(typeLines.count == 12)
        let more = try #require(lines.firstIndex { $0.contains("… and") })
        #expect(lines[more].contains("… and 3 more record types (6 records)"), "\(lines[more])")
        #expect(lines[more - 1].contains("HKQuantityTypeIdentifierRespiratoryRate"))  // right under the list
        #expect(lines[more + 1].contains("HKWorkoutActivityTypeYoga") || lines[more + 1].contains("HKWorkoutActivityType"))
        let json = try habit.json(["import", file, "--dry-run"], env: Self.env)
        #expect((json["samplesByType"] as? [String: Int])?.count == 15)
        #expect((json["samplesByType"] as? [String: Int])?.values.reduce(0, +) == 120)
    }

    /// Point 2: a workout without `WorkoutStatistics` gets its heart rate from the samples that
    /// start inside it, marked as derived; the export's statistics win where they exist.
    @Test func aWorkoutWithoutStatisticsGetsItsHeartRateFromTheSamplesInsideIt() throws {
        let env = ["HABIT_NOW": "2019-06-10T12:00:00+02:00", "TZ": "Europe/Berlin"]
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.health.appendingPathComponent("workout-heart-rate.xml").path], env: env).status == 0)
        let text = try habit.run(["timeline", "--days", "3"], env: env).stdout.split(separator: "\n")
        let run = try #require(text.first { $0.contains("workout   run ") })
        #expect(run.hasSuffix("♥ 142 bpm, max 171 (from 4 heart-rate samples)"), "\(run)")
        let cycling = try #require(text.first { $0.contains("workout   cycle ") })
        #expect(cycling.hasSuffix("♥ 131 bpm"), "\(cycling)")
        #expect(try #require(text.first { $0.contains("workout   yoga ") }).contains("♥") == false)
        let json = try habit.json(["timeline", "--days", "3"], env: env)
        let items = (json["days"] as? [[String: Any]])?.flatMap { ($0["items"] as? [[String: Any]]) ?? [] } ?? []
        func item(_ activity: String) -> [String: Any]? {
            items.first { ($0["workout"] as? [String: Any])?["activityType"] as? String == "HKWorkoutActivityType" + activity }
        }
        #expect(item("Running")?["averageHeartRate"] as? Double == 142)
        #expect(item("Running")?["maximumHeartRate"] as? Double == 171)
        #expect(item("Running")?["heartRateDerivedFrom"] as? Int == 4)
        #expect(item("Cycling")?["averageHeartRate"] as? Double == 131)
        #expect(item("Cycling")?["maximumHeartRate"] as? Double == 162)
        #expect(item("Cycling")?["heartRateDerivedFrom"] == nil)
        #expect(item("Yoga")?["averageHeartRate"] == nil)
    }

    /// Point 1: workouts that differ only in `creationDate` are distinct objects; an exact repeat
    /// is not; re-importing adds nothing, also on a store that holds the first one from before.
    @Test func repeatedWorkoutsThatDifferOnlyInCreationDateAreAllKept() throws {
        let env = ["HABIT_NOW": "2023-06-02T12:00:00+02:00", "TZ": "Europe/Berlin"]
        let habit = try Self.importedTwice("repeated-workouts.xml", env: env, first: ["workouts": 4, "duplicates": 1],
                                           again: ["workouts": 0, "duplicates": 5])
        defer { habit.cleanUp() }
        let export = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout
        let workouts = export.split(separator: "\n").filter { $0.contains("\"kind\":\"workout\"") }
        #expect(workouts.count == 4)
        #expect(workouts.filter { $0.contains("HKQuantityTypeIdentifierHeartRate") }.count == 3)  // each run has its statistics

        // A store that imported the first run before repeats were kept: the full file adds the
        // rest, and the first run keeps its identity.
        let older = try HabitProcess()
        defer { older.cleanUp() }
        #expect(try older.json(["import", Self.health.appendingPathComponent("repeated-workouts-first.xml").path], env: env)["workouts"] as? Int == 1)
        let before = try older.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout
        let file = Self.health.appendingPathComponent("repeated-workouts.xml").path
        #expect(try older.json(["import", file], env: env)["workouts"] as? Int == 3)
        #expect(try older.json(["import", file], env: env)["workouts"] as? Int == 0)
        let after = try older.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout
        #expect(after.contains(before.trimmingCharacters(in: .newlines)))
        #expect(Set(after.split(separator: "\n")) == Set(export.split(separator: "\n")))
    }

    /// Point 1 on a store the previous release wrote (schema v6, the old identity rule kept one run
    /// of the four): `repeated-workouts-v6-store.sqlite` is `repeated-workouts.xml` imported by the
    /// binary of commit 7c03bf5. It upgrades, the same file adds only the two runs the old rule
    /// collapsed, both old identities stay, and a second import adds nothing.
    @Test func aStoreImportedByThePreviousReleaseGetsOnlyTheCollapsedRepeats() throws {
        let env = ["HABIT_NOW": "2023-06-02T12:00:00+02:00", "TZ": "Europe/Berlin"]
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        try FileManager.default.copyItem(atPath: Self.health.appendingPathComponent("repeated-workouts-v6-store.sqlite").path,
                                         toPath: habit.db)
        let oldIdentities = ["0187dad4-ec80-8970-972e-811ff302c229", "0187e257-8800-89d8-8e19-221e95d5cad7"]
        let file = Self.health.appendingPathComponent("repeated-workouts.xml").path
        let first = try habit.json(["import", file], env: env)
        #expect(first["workouts"] as? Int == 2)
        #expect(try habit.json(["import", file], env: env)["workouts"] as? Int == 0)
        let export = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout
        let workouts = export.split(separator: "\n").filter { $0.contains("\"kind\":\"workout\"") }
        #expect(workouts.count == 4)
        for uuid in oldIdentities { #expect(workouts.contains { $0.contains(uuid) }, "\(uuid)") }
    }

    /// Point 3: records inside a correlation are stored once each, with their values and their
    /// own metadata; the correlation keeps its own metadata, also when it comes after them.
    @Test func recordsInsideACorrelationAreStoredOnceWithTheirValues() throws {
        let env = ["HABIT_NOW": "2022-02-01T12:00:00-05:00", "TZ": "America/New_York"]
        let habit = try Self.importedTwice("correlation-blood-pressure.xml", env: env,
                                           first: ["samples": 6, "duplicates": 2, "correlationChildren": 4], again: ["samples": 0])
        defer { habit.cleanUp() }
        let lines = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout.split(separator: "\n")
        let samples = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["sample"] as? [String: Any] }
        func values(_ type: String) -> [Double] {
            samples.compactMap { $0 }.filter { $0["type"] as? String == "HKQuantityTypeIdentifierBloodPressure" + type }
                .compactMap { $0["value"] as? Double }.sorted()
        }
        #expect(values("Systolic") == [118, 128])
        #expect(values("Diastolic") == [76, 82])
        let omronSystolic = samples.compactMap { $0 }.first { $0["value"] as? Double == 128 }
        #expect((omronSystolic?["metadata"] as? [String: String]) == ["HKMetadataKeyDeviceSerialNumber": "BP-7250"])
        let correlations = samples.compactMap { $0 }.filter { $0["type"] as? String == "HKCorrelationTypeIdentifierBloodPressure" }
        #expect(Set(correlations.compactMap { ($0["metadata"] as? [String: String])?.keys.first })
                == ["HKWasUserEntered", "HKMetadataKeyBloodPressureCuffSize"])
    }

    /// Point 7: the zone and offset are the sample's own where `HKTimeZone` says them, unknown
    /// otherwise — never the exporting phone's offset at export time.
    @Test func eachSampleKeepsItsOwnZoneOrNone() throws {
        let env = ["HABIT_NOW": "2024-01-15T12:00:00+01:00", "TZ": "Europe/Berlin"]
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.health.appendingPathComponent("zones.xml").path], env: env).status == 0)
        let lines = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let samples = objects.compactMap { $0["sample"] as? [String: Any] }
        func zone(_ type: String, value: Double? = nil) -> (String?, Any?)? {
            samples.first { $0["type"] as? String == type && (value == nil || $0["value"] as? Double == value) }
                .map { ($0["timeZone"] as? String, $0["utcOffset"]) }
        }
        let night = try #require(zone("HKCategoryTypeIdentifierSleepAnalysis"))
        #expect(night.0 == "Europe/Berlin" && night.1 as? Int == 7200)
        for steps in [800.0, 900] {
            let s = try #require(zone("HKQuantityTypeIdentifierStepCount", value: steps))
            #expect(s.0 == "" && s.1 is NSNull, "\(steps): \(s)")
        }
        #expect(samples.first { $0["value"] as? Double == 900 }.flatMap { $0["metadata"] as? [String: String] }?["HKTimeZone"] == "Mars/Olympus_Mons")
        let hike = try #require(objects.compactMap { $0["workout"] as? [String: Any] }.first)
        #expect(hike["timeZone"] as? String == "America/Los_Angeles" && hike["utcOffset"] as? Int == -8 * 3600)

        // An interchange line's offset is its zone's at the start, whatever the line says.
        let line = try #require(lines.first { $0.contains("Europe/Berlin") })
        let wrong = String(line).replacingOccurrences(of: "\"utcOffset\":7200", with: "\"utcOffset\":3600")
        #expect(wrong != String(line))
        let file = habit.folder.appendingPathComponent("wrong.ndjson")
        try (wrong + "\n").write(to: file, atomically: true, encoding: .utf8)
        let other = try HabitProcess()
        defer { other.cleanUp() }
        #expect(try other.run(["import", file.path], env: env).status == 0)
        let back = try other.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout
        #expect(back.trimmingCharacters(in: .newlines) == String(line))
    }

    /// Issue 49, point 2: an export of iOS 8 (dates `20141018163200+0100`, `source` where later
    /// exports write `sourceName`) is read, not refused: every record, the correlation and its
    /// records, the workout, each at its instant and with its source; importing again adds nothing.
    @Test func anIOS8ExportWithCompactDatesAndSourceIsReadAndTwiceAddsNothing() throws {
        let env = ["HABIT_NOW": "2014-10-20T12:00:00+01:00", "TZ": "Europe/London"]
        // 7 records at the top, the correlation and its 2 records (not at the top: both kept).
        let habit = try Self.importedTwice("ios8-compact-dates.xml", env: env,
                                           first: ["samples": 10, "workouts": 1, "duplicates": 0, "correlationChildren": 2, "rejected": 0],
                                           again: ["samples": 0, "workouts": 0])
        defer { habit.cleanUp() }
        let lines = try habit.run(["export", "--format", "ndjson", "--all-sources"], env: env).stdout.split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let samples = objects.compactMap { $0["sample"] as? [String: Any] }
        #expect(samples.count == 10)
        let steps = samples.filter { $0["type"] as? String == "HKQuantityTypeIdentifierStepCount" }
        #expect(steps.compactMap { $0["value"] as? Double }.sorted() == [412, 956, 1034])
        let first = try #require(steps.first { $0["value"] as? Double == 412 })
        #expect(first["sourceName"] as? String == "Anna’s iPhone")
        #expect(first["start"] as? String == "2014-10-18T16:32:00+01:00" && first["end"] as? String == "2014-10-18T16:38:00+01:00")
        #expect(Set(samples.compactMap { $0["sourceName"] as? String }) == ["Anna’s iPhone", "Health", "Sleep Cycle"])
        let run = try #require(objects.compactMap { $0["workout"] as? [String: Any] }.first)
        #expect(run["sourceName"] as? String == "Runkeeper" && run["start"] as? String == "2014-10-19T18:00:00+01:00")
    }
}
