import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import HabitKit

/// An independent count of an export's elements with Foundation's XMLParser (libxml2), to check
/// the importer's own byte scanner against.
final class ReferenceCounter: NSObject, XMLParserDelegate {
    var recordsByType: [String: Int] = [:]
    var workoutsByType: [String: Int] = [:]
    private var correlationDepth = 0
    private var seen: Set<String> = []

    static func count(_ url: URL) -> ReferenceCounter {
        let counter = ReferenceCounter()
        let parser = XMLParser(contentsOf: url)!
        parser.delegate = counter
        parser.shouldResolveExternalEntities = false
        #expect(parser.parse())
        return counter
    }

    static func instant(_ s: String?) -> String {
        s.flatMap { Timestamp.parse($0)?.instant }.map { String($0.timeIntervalSince1970) } ?? "?"
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes a: [String: String] = [:]) {
        switch name {
        case "Correlation":
            correlationDepth += 1
            let key = ["C", a["type"] ?? "", a["sourceName"] ?? "", Self.instant(a["startDate"]), Self.instant(a["endDate"])].joined(separator: "|")
            if seen.insert(key).inserted { recordsByType[a["type"] ?? "", default: 0] += 1 }
        case "Record" where correlationDepth == 0:
            let key = ["R", a["type"] ?? "", a["sourceName"] ?? "", Self.instant(a["startDate"]), Self.instant(a["endDate"]),
                       a["unit"] ?? "", a["value"] ?? ""].joined(separator: "|")
            if seen.insert(key).inserted { recordsByType[a["type"] ?? "", default: 0] += 1 }
        case "Workout":
            workoutsByType[a["workoutActivityType"] ?? "", default: 0] += 1
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "Correlation" { correlationDepth -= 1 }
    }
}

@Suite struct ImportCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exports")

    static let exports = ["apple-health-small-a", "apple-health-small-b"]

    @Test(arguments: exports)
    func fixturesImportWithTheCountsOfAnIndependentParserAndTwiceAddsNothing(_ name: String) throws {
        let xml = Self.fixtures.appendingPathComponent("\(name)/export.xml")
        let zip = Self.fixtures.appendingPathComponent("\(name)/export.zip")
        let reference = ReferenceCounter.count(xml)
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let first = try habit.json(["import", xml.path])
        #expect(first["samplesByType"] as? [String: Int] == reference.recordsByType)
        #expect(first["workoutsByType"] as? [String: Int] == reference.workoutsByType)
        let before = try habit.contents()
        let again = try habit.json(["import", xml.path])
        #expect(again["samples"] as? Int == 0)
        #expect(again["workouts"] as? Int == 0)
        #expect(again["duplicates"] as? Int == reference.recordsByType.values.reduce(0, +) + reference.workoutsByType.values.reduce(0, +))
        // The zip holds the same data (here with other printed offsets and attribute order): nothing new.
        let fromZip = try habit.json(["import", zip.path])
        #expect(fromZip["samples"] as? Int == 0)
        #expect(try habit.contents() == before)
    }

    @Test(arguments: exports)
    func zipsImportOnTheirOwnWithTheSameCounts(_ name: String) throws {
        let reference = ReferenceCounter.count(Self.fixtures.appendingPathComponent("\(name)/export.xml"))
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let result = try habit.json(["import", Self.fixtures.appendingPathComponent("\(name)/export.zip").path])
        #expect(result["samplesByType"] as? [String: Int] == reference.recordsByType)
    }

    @Test func aDryRunChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let before = try habit.contents()
        let result = try habit.json(["import", "--dry-run", Self.fixtures.appendingPathComponent("apple-health-small-b/export.xml").path])
        #expect(result["samples"] as? Int == 8)
        #expect(result["dryRun"] as? Bool == true)
        #expect(try habit.contents() == before)
    }

    static func write(_ text: String, to habit: HabitProcess, name: String = "export.xml") throws -> String {
        let path = habit.folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let mindfulToday = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Alex’s iPhone" sourceVersion="17.2" creationDate="2025-10-26 08:10:00 +0100" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100"/>
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="Alex’s iPhone" sourceVersion="17.2" creationDate="2025-10-25 08:10:00 +0200" startDate="2025-10-25 08:00:00 +0200" endDate="2025-10-25 08:10:00 +0200"/>
        </HealthData>
        """

    @Test func importedMindfulSessionsCountOnlyWithAllSources() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        let before = try habit.run(["streak", "--json", "--habit", "meditate"], env: env).stdout
        #expect(try habit.run(["import", try Self.write(Self.mindfulToday, to: habit)], env: env).status == 0)
        #expect(try habit.run(["streak", "--json", "--habit", "meditate"], env: env).stdout == before)
        let all = try habit.json(["streak", "--all-sources", "--habit", "meditate"], env: env)
        let meditate = try #require((all["habits"] as? [[String: Any]])?.first)
        #expect(meditate["current"] as? Int == 2)
        #expect(all["otherSourceSamples"] as? Int == 2)
        #expect(try habit.run(["streak", "--all-sources"], env: env).stdout.contains("includes 2 entries from other sources"))
    }

    static let truncated = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="A" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="A" unit="count/min" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:00:00 +0100" value="70">
          <MetadataEntry key="k" val
        """

    static let malformed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="A" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="A" startDate="2025-10-26 09:00:00 +0100" endDate="2025-10-26 09:30:00 +0100">
         </Record>
        </HealthData>
        """

    static let badDate = """
        <HealthData locale="en_US">
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="A" startDate="2025-02-30 08:00:00 +0100" endDate="2025-02-30 08:10:00 +0100"/>
        </HealthData>
        """

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE HealthData [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY xxe SYSTEM "file:///etc/passwd">
        ]>
        <HealthData locale="en_US">
         <Record type="HKCategoryTypeIdentifierMindfulSession" sourceName="&lol9;" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100"/>
        </HealthData>
        """

    struct Broken: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let mentions: String
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(name: "truncated", text: truncated, mentions: "line 5"),
        Broken(name: "malformed", text: malformed, mentions: "line 5"),
        Broken(name: "bad date", text: badDate, mentions: "line 2"),
        Broken(name: "entity bomb", text: billionLaughs, mentions: "never expands"),
        Broken(name: "not an export", text: "<html><body>hi</body></html>", mentions: "no Apple Health export"),
        Broken(name: "empty", text: "", mentions: "is empty, not an Apple Health export"),  // refused before the store is opened (issue 23)
    ]

    /// Each broken file: exit 65, one line naming where it broke, and the store unchanged.
    @Test(arguments: broken)
    func brokenFilesFailCleanlyAndChangeNothing(_ b: Broken) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let before = try habit.contents()
        let result = try habit.run(["import", try Self.write(b.text, to: habit)])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(b.mentions), "\(result.stderr)")
        #expect(try habit.contents() == before)
    }

    /// Issue 14: `ExportDate` is the export's header, not data the user loses: the summary's "not
    /// kept" (text and `--json` alike) lists `Me` and the like, never `ExportDate`.
    @Test func theSummaryDoesNotListTheExportDateAsNotKept() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let header = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2025-10-26 10:00:00 +0100"/>

            """
        let me = " <Me HKCharacteristicTypeIdentifierBiologicalSex=\"HKBiologicalSexFemale\"/>\n"
        let file = try Self.write(header + me + "</HealthData>\n", to: habit)
        let text = try habit.run(["import", "--dry-run", file]).stdout
        #expect(text.split(separator: "\n").last == "  not kept: Me 1", "\(text)")
        #expect(!text.contains("ExportDate"))
        #expect(try habit.json(["import", "--dry-run", file])["skipped"] as? [String: Int] == ["Me": 1])
        // Only the header: nothing is "not kept".
        let bare = try Self.write(header + "</HealthData>\n", to: habit, name: "bare.xml")
        #expect(!(try habit.run(["import", "--dry-run", bare]).stdout.contains("not kept")))
        #expect(try habit.json(["import", "--dry-run", bare])["skipped"] as? [String: Int] == [:])
    }

    @Test func aMissingFileIsNoInput() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let r = try habit.run(["import", "/nonexistent/export.zip"])
        #expect(r.status == 66)
    }

    @Test func aZipWithALocalisedNameAndMacOSXJunkIsFoundByItsRoot() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let xml = try Self.write(Self.mindfulToday, to: habit, name: "Export.xml")
        let zip = habit.folder.appendingPathComponent("export.zip").path
        let script = """
            import zipfile, sys
            with zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('__MACOSX/apple_health_export/._Exportieren.xml', 'junk')
                z.writestr('apple_health_export/cda.xml', '<ClinicalDocument/>')
                z.write(sys.argv[1], 'apple_health_export/Exportieren.xml')
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, xml, zip]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let result = try habit.json(["import", zip])
        #expect(result["samples"] as? Int == 2)
    }

    @Test func changesSinceAnAnchorAreExactlyWhatHappenedAfterIt() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        let kept = try habit.json(["log", "meditate", "10m"], env: env)
        let gone = try habit.json(["log", "workout", "20m", "--at", "18:00"], env: env)
        let start = try habit.json(["changes", "--since", "0", "--save", "sync"], env: env)
        #expect(start["anchor"] as? Int == 3)
        let logged = try habit.json(["log", "alcohol", "0"], env: env)
        let workout = try #require((gone["workout"] as? [String: Any])?["uuid"] as? String)
        #expect(try habit.run(["delete", workout], env: env).status == 0)
        #expect(try habit.run(["import", try Self.write(Self.mindfulToday, to: habit)], env: env).status == 0)
        let changes = try habit.json(["changes", "--anchor", "sync", "--save", "sync"], env: env)
        let added = try #require(changes["added"] as? [String: Any])
        let addedSamples = (added["samples"] as? [[String: Any]])?.compactMap { $0["uuid"] as? String } ?? []
        let loggedUUID = ((logged["samples"] as? [[String: Any]])?.first?["uuid"] as? String)!
        #expect(addedSamples.count == 3)  // the NoAlc entry and two imported sessions
        #expect(addedSamples.first == loggedUUID)
        #expect((added["workouts"] as? [Any])?.isEmpty == true)
        let deleted = (changes["deleted"] as? [[String: Any]])?.compactMap { $0["uuid"] as? String } ?? []
        let energy = ((gone["samples"] as? [[String: Any]])?.first?["uuid"] as? String)!
        #expect(Set(deleted) == [workout, energy])
        #expect(!addedSamples.contains(((kept["samples"] as? [[String: Any]])?.first?["uuid"] as? String)!))
        let none = try habit.json(["changes", "--anchor", "sync"], env: env)
        #expect(((none["added"] as? [String: Any])?["samples"] as? [Any])?.isEmpty == true)
        #expect((none["deleted"] as? [Any])?.isEmpty == true)
        #expect(try habit.run(["changes", "--anchor", "nope"]).status == 66)
    }

    @Test func exportFormatsAndHalfOpenRanges() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        #expect(try habit.run(["log", "meditate", "10m", "--at", "2025-10-25T08:00"], env: env).status == 0)
        #expect(try habit.run(["log", "meditate", "10m", "--at", "2025-10-26T00:00"], env: env).status == 0)
        #expect(try habit.run(["log", "workout", "30m", "--at", "2025-10-26T09:00"], env: env).status == 0)
        let ndjson = try habit.run(["export", "--from", "2025-10-25", "--to", "2025-10-26"], env: env)
        #expect(ndjson.stdout.split(separator: "\n").count == 1)  // the 26th's midnight session is not in [25th, 26th)
        let csv = try habit.run(["export", "--format", "csv"], env: env)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "kind,uuid,type,start,end,value,unit,source,workout,totalEnergyKcal,totalDistanceMeters,level,drinks,habit,note,metadata")
        #expect(lines.count == 1 + 3 + 1)  // header, 2 sessions + energy sample, 1 workout
        let json = try JSONSerialization.jsonObject(with: Data(try habit.run(["export", "--format", "json"], env: env).stdout.utf8)) as? [String: Any]
        #expect((json?["objects"] as? [Any])?.count == 4)
        let out = habit.folder.appendingPathComponent("out.ndjson").path
        #expect(try habit.run(["export", "--output", out], env: env).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
    }

    @Test func timelineGroupsANightOfSleepIntoOneRecoveryEntry() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["import", Self.fixtures.appendingPathComponent("apple-health-small-b/export.xml").path]).status == 0)
        let r = try habit.run(["timeline", "--days", "3"], env: ["HABIT_NOW": "2024-01-02T12:00:00+01:00", "TZ": "Europe/Amsterdam"])
        #expect(r.status == 0)
        let recovery = r.stdout.split(separator: "\n").filter { $0.contains("recovery") }
        #expect(recovery.count == 1)
        #expect(recovery.first?.contains("core 12 min 30 s") == true)
        #expect(recovery.first?.contains("inBed") == true)
        let json = try habit.json(["timeline", "--days", "3"], env: ["HABIT_NOW": "2024-01-02T12:00:00+01:00", "TZ": "Europe/Amsterdam"])
        let items = (json["days"] as? [[String: Any]])?.flatMap { ($0["items"] as? [[String: Any]]) ?? [] } ?? []
        let night = try #require(items.first { $0["kind"] as? String == "recovery" })
        #expect((night["stages"] as? [String: Double])?["core"] == 750)
        #expect(night["asleepSeconds"] as? Double == 750)
    }
}
