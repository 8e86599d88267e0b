import Foundation
import Testing
@testable import HabitKit

@Suite struct HealthImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// Bulk mode (indexes dropped and rebuilt) stores exactly what the normal path stores, and
    /// leaves the indexes in place, so the daily summary still reads them.
    @Test func bulkModeStoresTheSameAsTheNormalPath() throws {
        let path = Self.fixtures.appendingPathComponent("apple-health-small-b/export.xml").path
        let normal = try HabitStore.inMemory()
        let bulk = try HabitStore.inMemory()
        let a = try normal.importHealthExport(at: path, dryRun: false, bulkFromBytes: Int.max, progress: nil)
        let b = try bulk.importHealthExport(at: path, dryRun: false, bulkFromBytes: 0, progress: nil)
        #expect(a == b)
        #expect(try normal.fetchChanges(since: 0).samples.map(\.uuid) == bulk.fetchChanges(since: 0).samples.map(\.uuid))
        let env = Fixture.env("2024-01-02T12:00:00+01:00", "Europe/Amsterdam")
        let days = DayRange(Fixture.day("2023-12-30"), upTo: Fixture.day("2024-01-03"))
        #expect(try normal.dailySummary(in: days, calendar: env.calendar, allSources: true)
                == bulk.dailySummary(in: days, calendar: env.calendar, allSources: true))
    }

    @Test func identitiesAreStableAcrossImportsAndIgnoreTheDeviceAddress() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ device: String, _ name: String) throws -> String {
            let xml = """
                <HealthData locale="en_US">
                 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" device="&lt;&lt;HKDevice: \(device)&gt;&gt;" unit="count/min" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:00:00 +0100" value="70"/>
                 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" device="&lt;&lt;HKDevice: \(device)&gt;&gt;" unit="count/min" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:00:00 +0100" value="70"/>
                </HealthData>
                """
            let path = folder.appendingPathComponent(name).path
            try xml.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let store = try HabitStore.inMemory()
        let first = try store.importHealthExport(at: try write("0x1111", "a.xml"))
        #expect(first.samples == 1)
        #expect(first.duplicates == 1)  // an exact duplicate inside the file
        let second = try store.importHealthExport(at: try write("0x2222", "b.xml"))
        #expect(second.samples == 0)  // same record, other device address
        let sample = try #require(store.fetchChanges(since: 0).samples.first)
        #expect(!sample.source.isApp)
        #expect(sample.source.bundleID == "healthkit-import:Watch")
        #expect(sample.device == "<<HKDevice: 0x1111>>")
    }
}
