import Foundation
import Testing
@testable import HabitKit

/// `habit import` given hostile input, run as the real binary: the exit code, the single line on
/// stderr, and a store that is not created, or not changed.
@Suite struct ImportInputTests {
    /// #7: not a regular file → 66 before the store is opened: no store file appears.
    @Test(arguments: ["folder", "/dev/zero", "/dev/null", "fifo"])
    func whatIsNotARegularFileIsRefusedBeforeTheStoreIsOpened(_ kind: String) throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        var path = kind
        if kind == "folder" {
            path = habit.folder.appendingPathComponent("export").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else if kind == "fifo" {
            path = habit.folder.appendingPathComponent("export.xml").path
            try #require(mkfifo(path, 0o600) == 0)
        }
        let result = try habit.run(["import", path])
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("not a file"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: habit.db))
    }

    /// #9: a stored zip entry with a wrong CRC-32 → 65, one line, the store byte for byte the same.
    @Test func aStoredZipWithAWrongCRCFailsAndChangesNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["log", "meditate", "10m"]).status == 0)
        let zip = habit.folder.appendingPathComponent("export.zip").path
        let script = """
            import struct, sys, zipfile
            xml = b'<HealthData locale="en_US">\\n <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100" value="3"/>\\n</HealthData>\\n'
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_STORED) as z:
                z.writestr('apple_health_export/export.xml', xml)
            data = bytearray(open(sys.argv[1], 'rb').read())
            central = data.rindex(b'PK\\x01\\x02')
            struct.pack_into('<I', data, central + 16, 0xDEADBEEF)
            struct.pack_into('<I', data, 14, 0xDEADBEEF)
            open(sys.argv[1], 'wb').write(data)
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, zip]
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: habit.db))
        let contents = try habit.contents()
        let result = try habit.run(["import", zip])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("CRC-32"), "\(result.stderr)")
        #expect(try habit.contents() == contents)
        #expect(try Data(contentsOf: URL(fileURLWithPath: habit.db)) == before)
    }

    static let hostileValues = """
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100" value="3"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 09:00:00 +0100" endDate="2025-10-26 09:10:00 +0100" value="1e400"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 10:00:00 +0100" endDate="2025-10-26 10:10:00 +0100" value="-inf"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 11:00:00 +0100" endDate="2025-10-26 11:10:00 +0100" value="nan"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ph&#0;one" unit="count" startDate="2025-10-26 12:00:00 +0100" endDate="2025-10-26 12:10:00 +0100" value="4"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="1900-01-01 12:00:00 +0100" endDate="1900-01-01 12:10:00 +0100" value="4"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 13:00:00 +0100" endDate="2025-10-26 13:10:00 +0100" value="5"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-12-24 13:00:00 +0100" endDate="2025-12-24 13:10:00 +0100" value="6"/>
        </HealthData>
        """

    /// #5, #6: non-finite numbers, a NUL and a year-1900 record are rejected, counted and shown
    /// with their lines; the rest is imported; a future-dated one is kept and warned about; and
    /// every export of the store still works.
    @Test func rejectedAndFutureDatedRecordsAreReportedAndTheRestIsImported() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        let env = ["HABIT_NOW": "2025-10-26T20:00:00+01:00"]
        let path = try ImportCommandTests.write(Self.hostileValues, to: habit)
        let json = try habit.json(["import", "--dry-run", path], env: env)
        #expect(json["samples"] as? Int == 3)
        #expect(json["rejected"] as? Int == 5)
        #expect(json["futureDated"] as? Int == 1)
        let rejections = try #require(json["rejections"] as? [[String: Any]])
        #expect(rejections.compactMap { $0["line"] as? Int } == [3, 4, 5, 6, 7])
        #expect((rejections[0]["reason"] as? String)?.contains("1e400") == true)
        #expect(rejections[0]["element"] as? String == "Record")
        let text = try habit.run(["import", path], env: env)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("rejected"), "\(text.stdout)")
        #expect(text.stdout.contains("line 4, <Record>: value '-inf' is not a finite number"), "\(text.stdout)")
        #expect(text.stdout.contains("line 6, <Record>: sourceName 'Ph\\u{0}one' holds a control character"), "\(text.stdout)")
        #expect(text.stdout.contains("1 record starts after now"), "\(text.stdout)")
        for format in ["ndjson", "json", "csv"] {
            let export = try habit.run(["export", "--all-sources", "--format", format], env: env)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(!export.stdout.contains("\u{0}"))
        }
        #expect(try habit.run(["changes", "--since", "0", "--json"], env: env).status == 0)
    }
}
