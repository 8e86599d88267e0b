import Foundation
import Testing
@testable import HabitKit

/// Maps an export given as text, without a store.
enum Mapped {
    static func read(_ xml: String, now: Date? = nil, chunk: Int? = nil) throws -> (objects: [ImportObject], counts: MappedCounts) {
        var objects: [ImportObject] = []
        let mapper = HealthMapper(now: now) { objects.append($0) }
        let scanner = XMLScanner(delegate: mapper)
        try withExtendedLifetime(mapper) {
            let bytes = Array(xml.utf8)
            try bytes.withUnsafeBytes { raw in
                let step = max(1, chunk ?? raw.count)
                var start = 0
                while start < raw.count {
                    let end = min(raw.count, start + step)
                    try scanner.feed(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                    start = end
                }
            }
            try scanner.finish()
            mapper.finish(bytes: scanner.bytesConsumed)
        }
        return (objects, mapper.counts)
    }

    /// `body` between a good record before (line 2) and after it.
    static func between(_ body: String) -> String {
        """
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2025-01-01 08:00:00 +0100" endDate="2025-01-01 08:05:00 +0100" value="100"/>
        \(body)
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Watch" unit="count" startDate="2025-01-02 08:00:00 +0100" endDate="2025-01-02 08:05:00 +0100" value="200"/>
        </HealthData>
        """
    }

    static func record(_ attributes: String, children: String = "") -> String {
        let open = " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" startDate=\"2025-01-01 09:00:00 +0100\" endDate=\"2025-01-01 09:00:00 +0100\" \(attributes)"
        return children.isEmpty ? open + "/>" : open + ">\n" + children + "\n </Record>"
    }

    static func workout(_ attributes: String, children: String = "") -> String {
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeRunning\" sourceName=\"Watch\" startDate=\"2025-01-01 10:00:00 +0100\" endDate=\"2025-01-01 10:30:00 +0100\" \(attributes)>\n"
            + children + "\n </Workout>"
    }
}

@Suite struct HealthMapperTests {
    struct Rejected: Sendable, CustomTestStringConvertible {
        let name: String
        let body: String
        let line: Int
        let mentions: String
        var testDescription: String { name }
    }

    static let stat = "  <WorkoutStatistics type=\"HKQuantityTypeIdentifierActiveEnergyBurned\" startDate=\"2025-01-01 10:00:00 +0100\" endDate=\"2025-01-01 10:30:00 +0100\" sum=\"250\" unit=\"kcal\" "

    /// #5 and #6: every value that cannot be stored faithfully rejects its object — counted, the
    /// line and reason kept — and the records around it are imported.
    static let rejected: [Rejected] = [
        Rejected(name: "value 1e400", body: Mapped.record("value=\"1e400\""), line: 3, mentions: "value '1e400' is not a finite number"),
        Rejected(name: "value inf", body: Mapped.record("value=\"inf\""), line: 3, mentions: "value 'inf'"),
        Rejected(name: "value -inf", body: Mapped.record("value=\"-inf\""), line: 3, mentions: "value '-inf'"),
        Rejected(name: "value -Infinity", body: Mapped.record("value=\"-Infinity\""), line: 3, mentions: "not a finite number"),
        Rejected(name: "value nan", body: Mapped.record("value=\"nan\""), line: 3, mentions: "value 'nan'"),
        Rejected(name: "value NaN", body: Mapped.record("value=\"NaN\""), line: 3, mentions: "not a finite number"),
        Rejected(name: "NUL in sourceName", body: Mapped.record("sourceVersion=\"1\"").replacingOccurrences(of: "sourceName=\"Watch\"", with: "sourceName=\"Wa&#0;tch\""),
                 line: 3, mentions: "sourceName 'Wa\\u{0}tch' holds a control character"),
        Rejected(name: "escape in type", body: Mapped.record("").replacingOccurrences(of: "HeartRate", with: "Heart\u{1B}Rate"), line: 3, mentions: "type"),
        Rejected(name: "tab in unit", body: Mapped.record("").replacingOccurrences(of: "count/min", with: "count\t/min"), line: 3, mentions: "unit 'count\\t/min'"),
        Rejected(name: "DEL in device", body: Mapped.record("device=\"<<HKDevice>>\u{7F}\"".replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")),
                 line: 3, mentions: "device"),
        Rejected(name: "newline in sourceVersion", body: Mapped.record("sourceVersion=\"17&#10;2\""), line: 3, mentions: "sourceVersion '17\\n2'"),
        Rejected(name: "control in a category value", body: Mapped.record("value=\"HKCategoryValue&#1;\""), line: 3, mentions: "value"),
        Rejected(name: "control in a metadata key", body: Mapped.record("value=\"70\"", children: "  <MetadataEntry key=\"HK&#0;\" value=\"1\"/>"),
                 line: 4, mentions: "metadata key 'HK\\u{0}'"),
        Rejected(name: "control in a metadata value", body: Mapped.record("value=\"70\"", children: "  <MetadataEntry key=\"HKTimeZone\" value=\"Europe/\u{1}Berlin\"/>"),
                 line: 4, mentions: "metadata value"),
        Rejected(name: "start before 1970", body: Mapped.record("").replacingOccurrences(of: "startDate=\"2025-01-01 09:00:00 +0100\"", with: "startDate=\"1969-12-31 23:59:59 +0000\""),
                 line: 3, mentions: "startDate '1969-12-31 23:59:59 +0000' is outside 1970-01-01 to 2100-12-31"),
        Rejected(name: "year 0001", body: Mapped.record("").replacingOccurrences(of: "2025-01-01 09:00:00 +0100", with: "0001-01-01 00:00:00 +0000"),
                 line: 3, mentions: "startDate '0001-01-01"),
        Rejected(name: "just before 1970 by its offset", body: Mapped.record("").replacingOccurrences(of: "2025-01-01 09:00:00 +0100", with: "1970-01-01 00:30:00 +0100"),
                 line: 3, mentions: "outside"),
        Rejected(name: "end in 2101", body: Mapped.record("").replacingOccurrences(of: "endDate=\"2025-01-01 09:00:00 +0100\"", with: "endDate=\"2101-01-01 00:00:00 +0000\""),
                 line: 3, mentions: "endDate '2101-01-01 00:00:00 +0000'"),
        Rejected(name: "creation in 9999", body: Mapped.record("creationDate=\"9999-12-31 23:59:59 +0000\""), line: 3, mentions: "creationDate"),
        Rejected(name: "workout duration 1e400", body: Mapped.workout("duration=\"1e400\" durationUnit=\"min\""), line: 3, mentions: "duration '1e400'"),
        Rejected(name: "workout duration overflowing its unit", body: Mapped.workout("duration=\"1e308\" durationUnit=\"hr\""), line: 3, mentions: "duration"),
        Rejected(name: "workout distance inf", body: Mapped.workout("totalDistance=\"inf\" totalDistanceUnit=\"km\""), line: 3, mentions: "totalDistance 'inf'"),
        Rejected(name: "workout energy nan", body: Mapped.workout("totalEnergyBurned=\"nan\""), line: 3, mentions: "totalEnergyBurned 'nan'"),
        Rejected(name: "statistics sum nan", body: Mapped.workout("", children: stat.replacingOccurrences(of: "sum=\"250\"", with: "sum=\"nan\"") + "/>"),
                 line: 4, mentions: "statistics sum 'nan'"),
        Rejected(name: "statistics average inf", body: Mapped.workout("", children: stat + "average=\"inf\"/>"), line: 4, mentions: "statistics average"),
        Rejected(name: "statistics sum overflowing its unit", body: Mapped.workout("", children: stat.replacingOccurrences(of: "sum=\"250\" unit=\"kcal\"", with: "sum=\"1e308\" unit=\"cal\"")
                     .replacingOccurrences(of: "ActiveEnergyBurned", with: "DistanceWalkingRunning").replacingOccurrences(of: "cal\"", with: "mi\"") + "/>"),
                 line: 4, mentions: "statistics sum '1e308' is too large"),
        Rejected(name: "statistics date in 1960", body: Mapped.workout("", children: stat.replacingOccurrences(of: "startDate=\"2025-01-01 10:00:00 +0100\"", with: "startDate=\"1960-01-01 10:00:00 +0100\"") + "/>"),
                 line: 4, mentions: "statistics startDate"),
        Rejected(name: "statistics unit with a control character", body: Mapped.workout("", children: stat.replacingOccurrences(of: "kcal", with: "kc&#x7F;al") + "/>"),
                 line: 4, mentions: "statistics unit"),
        Rejected(name: "event duration inf", body: Mapped.workout("", children: "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2025-01-01 10:10:00 +0100\" duration=\"inf\"/>"),
                 line: 4, mentions: "event duration 'inf'"),
        Rejected(name: "event date in 2200", body: Mapped.workout("", children: "  <WorkoutEvent type=\"HKWorkoutEventTypePause\" date=\"2200-01-01 10:10:00 +0100\"/>"),
                 line: 4, mentions: "event date"),
        Rejected(name: "correlation with a NUL", body: """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff&#0;" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:00:00 +0100">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:00:00 +0100" value="120"/>
             </Correlation>
            """, line: 3, mentions: "sourceName"),
    ]

    /// A correlation's records are objects of their own, however the input is cut; the
    /// correlation keeps its metadata from before and after them, and each record its own.
    @Test(arguments: [nil, 1, 7, 64])
    func recordsInsideACorrelationAreObjectsOfTheirOwn(chunk: Int?) throws {
        let xml = Mapped.between("""
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:00:00 +0100">
              <MetadataEntry key="before" value="1"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:00:00 +0100" value="120">
               <MetadataEntry key="own" value="yes"/>
              </Record>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:00:00 +0100" value="80"/>
              <MetadataEntry key="after" value="2"/>
             </Correlation>
            """)
        let (objects, counts) = try Mapped.read(xml, chunk: chunk)
        let rows = objects.compactMap { object -> ImportObject.SampleRow? in
            if case .sample(let row) = object { return row }
            return nil
        }
        #expect(rows.map(\.type) == ["HKQuantityTypeIdentifierStepCount", "HKQuantityTypeIdentifierBloodPressureSystolic",
                                     "HKQuantityTypeIdentifierBloodPressureDiastolic", "HKCorrelationTypeIdentifierBloodPressure",
                                     "HKQuantityTypeIdentifierStepCount"])
        #expect(rows.map(\.value) == [100, 120, 80, nil, 200])
        #expect(rows[1].header.metadata == #"{"own":"yes"}"#)
        #expect(rows[2].header.metadata == nil)
        #expect(rows[3].header.metadata == #"{"after":"2","before":"1"}"#)
        #expect(counts.correlationChildren == 2)
        #expect(Set(rows.map(\.header.uuid)).count == 5)
    }

    @Test(arguments: rejected)
    func valuesThatCannotBeStoredRejectTheirObjectAndTheImportGoesOn(_ r: Rejected) throws {
        for chunk in [nil, 7] {
            let (objects, counts) = try Mapped.read(Mapped.between(r.body), chunk: chunk)
            #expect(objects.count == 2)
            #expect(counts.rejected == 1)
            let rejection = try #require(counts.rejections.first)
            #expect(rejection.line == r.line)
            #expect(rejection.reason.contains(r.mentions), "\(rejection.reason)")
            #expect(!rejection.reason.contains("\n") && !rejection.reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    /// The bounds themselves: 1970-01-01T00:00Z and the last second of 2100 are kept.
    @Test(arguments: ["1970-01-01 00:00:00 +0000", "1970-01-01 01:00:00 +0100", "2100-12-31 23:59:59 +0000", "2101-01-01 00:59:59 +0100"])
    func theBoundsOfTheAcceptedYearsAreKept(_ date: String) throws {
        let body = Mapped.record("").replacingOccurrences(of: "2025-01-01 09:00:00 +0100", with: date)
        let (objects, counts) = try Mapped.read(Mapped.between(body))
        #expect(objects.count == 3)
        #expect(counts.rejected == 0)
    }

    @Test func theLatestInstantIsTheStartOf2101() {
        #expect(Timestamp.parse("2101-01-01T00:00:00Z")?.instant?.timeIntervalSince1970 == HealthMapper.latest)
        #expect(Timestamp.parse("1970-01-01T00:00:00Z")?.instant?.timeIntervalSince1970 == HealthMapper.earliest)
    }

    /// Text that is not stored may hold anything: only stored attributes are checked.
    @Test func controlCharactersInAttributesThatAreNotStoredAreIgnored() throws {
        let body = Mapped.workout("durationUnit=\"m&#9;in\" note=\"a&#0;b\"") + "\n" + Mapped.record("value=\"70\" comment=\"x\u{1}\"")
        let (objects, counts) = try Mapped.read(Mapped.between(body))
        #expect(objects.count == 4)
        #expect(counts.rejected == 0)
    }

    /// Every rejected object is counted; the first five are kept as examples, in file order.
    @Test func onlyTheFirstFiveRejectionsAreKeptButAllAreCounted() throws {
        let body = (0..<8).map { Mapped.record("value=\"inf\"").replacingOccurrences(of: "09:00:00", with: "09:0\($0):00") }.joined(separator: "\n")
        let (objects, counts) = try Mapped.read(Mapped.between(body))
        #expect(objects.count == 2)
        #expect(counts.rejected == 8)
        #expect(counts.rejections.map(\.line) == [3, 4, 5, 6, 7])
        #expect(counts.rejections.allSatisfy { $0.element == "Record" })
    }

    /// Records starting after "now" are kept and counted; "now" comes from the caller, never the clock.
    @Test func recordsThatStartAfterNowAreKeptAndCounted() throws {
        let xml = Mapped.between(Mapped.record("value=\"70\"").replacingOccurrences(of: "2025-01-01 09:00:00 +0100", with: "2025-06-01 09:00:00 +0200"))
        let now = try #require(Timestamp.parse("2025-03-01T12:00:00+01:00")?.instant)
        let (objects, counts) = try Mapped.read(xml, now: now)
        #expect(objects.count == 3)
        #expect(counts.futureDated == 1)
        let exactlyNow = try #require(Timestamp.parse("2025-06-01T09:00:00+02:00")?.instant)
        #expect(try Mapped.read(xml, now: exactlyNow).counts.futureDated == 0)
        #expect(try Mapped.read(xml).counts.futureDated == 0)
    }

    /// Issue 14: `ExportDate` is the export's header, not data left out; `Me` and the other
    /// elements habit does not keep are counted by name.
    @Test func theExportDateIsNotCountedAmongTheElementsNotKept() throws {
        let xml = Mapped.between("""
             <ExportDate value="2025-01-03 10:00:00 +0100"/>
             <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
             <ClinicalRecord type="HKClinicalTypeIdentifierAllergyRecord" sourceName="Clinic" fhirVersion="4.0.1"/>
            """)
        let (objects, counts) = try Mapped.read(xml)
        #expect(objects.count == 2)
        #expect(counts.skipped == ["Me": 1, "ClinicalRecord": 1])
    }

    /// A workout's route is not kept and says so: counted once as "WorkoutRoute" (not its points),
    /// while the workout itself is read as always.
    @Test func aWorkoutRouteIsCountedAmongTheElementsNotKept() throws {
        let workout = """
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" creationDate="2025-01-01 10:00:00 +0100" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:30:00 +0100">
            """
        let (without, noCounts) = try Mapped.read(Mapped.between(workout + "\n </Workout>"))
        #expect(noCounts.skipped.isEmpty)
        let xml = Mapped.between(workout + """

              <WorkoutRoute sourceName="Watch" creationDate="2025-01-01 10:00:00 +0100" startDate="2025-01-01 09:00:00 +0100" endDate="2025-01-01 09:30:00 +0100">
               <MetadataEntry key="HKMetadataKeySyncVersion" value="2"/>
               <FileReference path="/workout-routes/route_2025-01-01_9.30am.gpx"/>
               <Location date="2025-01-01 09:00:00 +0100" latitude="52.5" longitude="13.4"/>
               <Location date="2025-01-01 09:01:00 +0100" latitude="52.6" longitude="13.4"/>
              </WorkoutRoute>
             </Workout>
            """)
        let (objects, counts) = try Mapped.read(xml)
        #expect(objects.count == without.count)
        #expect(counts.skipped == ["WorkoutRoute": 1])
    }

    /// A file that is not well formed, or a date that does not parse, still stops the import.
    @Test func aDateThatDoesNotParseStillStopsTheImport() throws {
        let body = Mapped.record("").replacingOccurrences(of: "startDate=\"2025-01-01 09:00:00 +0100\"", with: "startDate=\"2025-13-01 09:00:00 +0100\"")
        #expect(throws: ImportError.self) { _ = try Mapped.read(Mapped.between(body)) }
    }

    /// Issue 49, point 2: iOS 8's shape — `20141018163200+0100` dates, `source` for `sourceName` —
    /// maps to the object the same record makes in the later shape: same identity, instants and
    /// source. `sourceName` wins when both are there; a compact date out of range or cut short
    /// still stops the import.
    @Test func aRecordInIOS8sShapeIsTheSameObjectAsInTheLaterShape() throws {
        func header(_ record: String) throws -> ImportObject.Header? {
            let (objects, _) = try Mapped.read("<HealthData>\n\(record)\n</HealthData>")
            guard objects.count == 1, case .sample(let row) = objects[0] else { return nil }
            return row.header
        }
        let later = try #require(try header(#"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna’s iPhone" unit="count" creationDate="2014-10-18 16:32:00 +0100" startDate="2014-10-18 16:32:00 +0100" endDate="2014-10-18 16:38:00 -0330" value="412"/>"#))
        let old = try #require(try header(#"<Record type="HKQuantityTypeIdentifierStepCount" source="Anna’s iPhone" unit="count" startDate="20141018163200+0100" endDate="20141018163800-0330" value="412"/>"#))
        #expect(old.uuid == later.uuid && old.start == later.start && old.end == later.end && old.sourceName == later.sourceName)
        #expect(old.start == 1_413_646_320)
        let both = try #require(try header(#"<Record type="HKQuantityTypeIdentifierStepCount" source="Other" sourceName="Anna’s iPhone" unit="count" startDate="20141018163200+0100" endDate="20141018163800-0330" value="412"/>"#))
        #expect(both.sourceName == "Anna’s iPhone")
        for bad in ["20141318163200+0100", "20141018246000+0100", "2014101816320+01000", "20141018163200 0100", "20141018163200+1900", "201410181632+0100"] {
            #expect(throws: ImportError.self, "\(bad)") {
                _ = try header(#"<Record type="HKQuantityTypeIdentifierStepCount" source="A" unit="count" startDate="\#(bad)" endDate="20141018163800+0100" value="1"/>"#)
            }
        }
    }

    /// What the mapper makes for each kind of object, field by field (the writer stores these).
    @Test func objectsCarryTheirValuesMetadataAndTimeZone() throws {
        let xml = Mapped.between("""
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Alex&apos;s Watch" sourceVersion="10.2" device="&lt;&lt;HKDevice: 0x1&gt;&gt;" unit="" creationDate="2025-01-01 07:00:00 +0100" startDate="2025-01-01 01:00:00 +0100" endDate="2025-01-01 06:00:00 +0100" value="HKCategoryValueSleepAnalysisAsleepCore">
              <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
              <MetadataEntry key="b" value="say &quot;hi&quot;\\"/>
              <MetadataEntry key="a" value="first"/>
              <MetadataEntry key="a" value="second"/>
             </Record>
            """ + "\n" + Mapped.workout("duration=\"0.5\" durationUnit=\"hr\" totalDistance=\"5\" totalDistanceUnit=\"km\"", children: """
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2025-01-01 10:00:00 +0100" endDate="2025-01-01 10:30:00 +0100" sum="1046" unit="kJ"/>
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2025-01-01 10:10:00 +0100" duration="2" durationUnit="min"/>
            """))
        let (objects, counts) = try Mapped.read(xml)
        #expect(objects.count == 4)
        #expect(counts.rejected == 0)
        guard case .sample(let sleep) = objects[1], case .workout(let run) = objects[2] else {
            Issue.record("expected a sample and a workout, got \(objects)")
            return
        }
        #expect(sleep.type == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(sleep.value == nil)
        #expect(sleep.unit == "")
        #expect(sleep.header.sourceName == "Alex's Watch")
        #expect(sleep.header.sourceVersion == "10.2")
        #expect(sleep.header.device == "<<HKDevice>>")  // the address is dropped while reading (DeviceDescription)
        #expect(sleep.header.timeZone == "Europe/Berlin")
        #expect(sleep.header.offset == 3600)
        #expect(sleep.header.created == Timestamp.parse("2025-01-01 07:00:00 +0100")?.instant?.timeIntervalSince1970)
        #expect(sleep.header.metadata == HealthMapper.json([("HKTimeZone", "Europe/Berlin"), ("b", "say \"hi\"\\"), ("a", "first"), ("a", "second"),
                                                           ("categoryValue", "HKCategoryValueSleepAnalysisAsleepCore")]))
        #expect(sleep.header.metadata == #"{"HKTimeZone":"Europe/Berlin","a":"second","b":"say \"hi\"\\","categoryValue":"HKCategoryValueSleepAnalysisAsleepCore"}"#)
        #expect(run.activityType == "HKWorkoutActivityTypeRunning")
        #expect(run.duration == 1800)
        #expect(run.distanceMeters == 5000)
        #expect(run.energyKcal == 1046 / 4.184)
        #expect(run.header.metadata == #"{"HKIndoorWorkout":"0"}"#)
        // The statistic and the event are the library's own values, their instants read as the workout's.
        let instant = { (text: String) in Timestamp.parse(text)?.instant }
        #expect(run.statistics == [WorkoutStatistic(type: "HKQuantityTypeIdentifierActiveEnergyBurned", start: instant("2025-01-01 10:00:00 +0100"),
                                                    end: instant("2025-01-01 10:30:00 +0100"), sum: 1046, unit: "kJ")])
        #expect(run.events == [WorkoutEvent(type: "HKWorkoutEventTypePause", date: instant("2025-01-01 10:10:00 +0100"), duration: 2, durationUnit: "min")])
        #expect(run.header.timeZone == "")
    }

    /// Metadata keys beyond ASCII sort and compare as Swift strings do, as before.
    @Test func metadataWithKeysBeyondASCIIIsWrittenAsBefore() throws {
        let children = ["é", "e\u{301}", "z", "ä", "a"].enumerated().map { "  <MetadataEntry key=\"\($0.element)\" value=\"\($0.offset)\"/>" }.joined(separator: "\n")
        let (objects, _) = try Mapped.read(Mapped.between(Mapped.record("value=\"1\"", children: children)))
        guard case .sample(let row) = objects[1] else { Issue.record("expected a sample"); return }
        #expect(row.header.metadata == HealthMapper.json([("é", "0"), ("e\u{301}", "1"), ("z", "2"), ("ä", "3"), ("a", "4")]))
    }
}

@Suite struct StableHashTests {
    /// The UUID text made directly is the one the UUID type formats: identities cannot drift.
    @Test func theUUIDStringIsTheUUIDsLowercaseForm() {
        var generator = SystemRandomNumberGenerator()
        for n in 0..<2_000 {
            var hash = StableHash()
            hash.add("R")
            hash.add(String(UInt64.random(in: 0...UInt64.max, using: &generator), radix: 36))
            hash.add(Int64(n) * 997)
            let ms = Int64.random(in: -1_000_000...5_000_000_000_000, using: &generator)
            #expect(hash.uuidString(startMilliseconds: ms) == hash.uuid(startMilliseconds: ms).lowercaseString)
            #expect(hash.uuidString(startMilliseconds: ms) == hash.uuid(startMilliseconds: ms).uuidString.lowercased())
        }
    }

    @Test func addingBytesIsAddingTheString() {
        for text in ["", "a", "HKQuantityTypeIdentifierHeartRate", "Alex’s Apple Watch", "☺︎ e\u{301}"] {
            var a = StableHash(), b = StableHash()
            a.add(text)
            var copy = text
            copy.withUTF8 { b.add($0) }
            #expect(a.uuidString(startMilliseconds: 1) == b.uuidString(startMilliseconds: 1))
        }
    }
}

@Suite struct DecimalParsingTests {
    static func same(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let fast = bytes.withUnsafeBufferPointer { DecimalParsing.double($0) }
        guard let fast else { return true }  // left to Double(String)
        guard let reference = Double(text) else { return false }
        return fast.bitPattern == reference.bitPattern
    }

    /// Whatever the fast path accepts, it reads to the very same Double as `Double(String)`.
    @Test func theFastPathAgreesWithDoubleBitForBit() {
        var generator = SystemRandomNumberGenerator()
        let fixed = ["0", "-0", "0.0", "-0.0", "007", "1.5", "18.038", "0.1", "0.3", "123456789012345678", "9007199254740993",
                     "9007199254740992", "0.0000000000000000000001", "1.0000000000000000000001", "99999999999999999999", "-12.75"]
        for text in fixed { #expect(Self.same(text), "\(text)") }
        for _ in 0..<20_000 {
            let integer = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator))
            let text = (Bool.random(using: &generator) ? "-" : "") + integer + (Bool.random(using: &generator) ? "." + fraction : "")
            #expect(Self.same(text), "\(text)")
        }
    }

    @Test(arguments: ["", "-", ".5", "5.", "1e5", "+1", "inf", "nan", "0x10", " 1", "1 ", "1.2.3", "١٢"])
    func otherShapesAreLeftToDouble(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { DecimalParsing.double($0) } == nil)
    }
}

@Suite struct AppleTimestampTests {
    /// The mapper's reading of `YYYY-MM-DD HH:MM:SS ±HHMM` gives what `Timestamp.parse` gives (and
    /// refuses only what it does not, or other shapes),
    /// for valid dates and for every kind of near miss (bad days, hours, offsets, separators).
    @Test func theFastReadingAgreesWithTimestampParse() {
        var generator = SystemRandomNumberGenerator()
        func two(_ range: ClosedRange<Int>) -> String {
            let v = Int.random(in: range, using: &generator)
            return v < 10 ? "0\(v)" : "\(v)"
        }
        var checked = 0
        for n in 0..<30_000 {
            let year = String(Int.random(in: n % 10 == 0 ? 0...9999 : 1960...2110, using: &generator))
            var text = String(repeating: "0", count: max(0, 4 - year.count)) + year
            text += "-" + two(n % 7 == 0 ? 0...13 : 1...12) + "-" + two(n % 5 == 0 ? 0...32 : 1...28)
            text += " " + two(n % 11 == 0 ? 0...25 : 0...23) + ":" + two(0...61) + ":" + two(0...61)
            text += " " + (Bool.random(using: &generator) ? "+" : "-") + two(n % 13 == 0 ? 0...20 : 0...14) + two(n % 17 == 0 ? 0...61 : 0...59)
            if n % 19 == 0 {
                var bytes = Array(text.utf8)
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0x20...0x7E, using: &generator)
                text = String(decoding: bytes, as: UTF8.self)
            }
            let fast = Array(text.utf8).withUnsafeBufferPointer { HealthMapper.parseAppleTimestamp($0) }
            let reference = Timestamp.parse(text)
            // Whatever it reads is read the same; what it leaves goes to Timestamp.parse.
            if let fast {
                #expect(fast.seconds == reference?.instant?.timeIntervalSince1970, "\(text)")
                #expect(fast.offset == reference?.offsetSeconds, "\(text)")
                checked += 1
            } else {
                #expect(reference == nil || Array(text.utf8)[10] != 0x20, "\(text)")
            }
        }
        #expect(checked > 10_000)
    }
}
