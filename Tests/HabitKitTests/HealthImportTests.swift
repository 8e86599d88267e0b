import Foundation
import Testing
@testable import HabitKit

@Suite struct HealthImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/exports")

    /// An export of `records` heart-rate records, one a minute, enough for many pipeline batches.
    static func generatedExport(records: Int) throws -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
        for i in 0..<records {
            let minute = String(format: "%02d:%02d", (i / 60) % 24, i % 60)
            let day = String(format: "2025-%02d-%02d", 1 + (i / 1440) % 12, 1 + (i / 17280) % 28)
            xml += " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" "
                + "startDate=\"\(day) \(minute):00 +0100\" endDate=\"\(day) \(minute):00 +0100\" value=\"\(60 + i % 50)\"/>\n"
        }
        xml += "</HealthData>\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-generated-\(UUID().uuidString).xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The two-thread pipeline (reader thread maps, caller's thread writes) stores exactly what
    /// the one-thread path stores, in the same order (same anchors), for the xml and the zip.
    @Test(arguments: ["apple-health-small-a/export.zip", "apple-health-small-b/export.xml", "generated"])
    func parallelPipelineStoresTheSameAsOneThread(_ fixture: String) throws {
        let path = fixture == "generated" ? try Self.generatedExport(records: 5_000)
            : Self.fixtures.appendingPathComponent(fixture).path
        defer { if fixture == "generated" { try? FileManager.default.removeItem(atPath: path) } }
        let single = try HabitStore.inMemory()
        let parallel = try HabitStore.inMemory()
        let a = try single.importHealthExport(at: path, dryRun: false, parallelFromBytes: Int.max, progress: nil)
        let b = try parallel.importHealthExport(at: path, dryRun: false, parallelFromBytes: 0, progress: nil)
        #expect(a == b)
        #expect(a.samples > 0)
        let x = try single.read(.changes(since: 0)), y = try parallel.read(.changes(since: 0))
        #expect(x.samples.map(\.uuid) == y.samples.map(\.uuid))
        #expect(x.workouts.map(\.uuid) == y.workouts.map(\.uuid))
        #expect(x.anchor == y.anchor)
    }

    /// A file that breaks half-way fails on the reader thread; the writer stops, the
    /// transaction rolls back and the store keeps exactly what it had.
    @Test func parallelPipelineRollsBackWhenTheReaderFails() throws {
        let source = try Self.generatedExport(records: 5_000)  // about ten batches: several are written before it breaks
        defer { try? FileManager.default.removeItem(atPath: source) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-truncated-\(UUID().uuidString).xml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
        let store = try HabitStore.inMemory()
        _ = try store.importHealthExport(at: source, dryRun: false, parallelFromBytes: 0, progress: nil)
        let before = try store.read(.changes(since: 0))
        #expect(throws: ImportError.self) {
            _ = try store.importHealthExport(at: path, dryRun: false, parallelFromBytes: 0, progress: nil)
        }
        // Into an empty store too: nothing half-written stays behind.
        let empty = try HabitStore.inMemory()
        #expect(throws: ImportError.self) {
            _ = try empty.importHealthExport(at: path, dryRun: false, parallelFromBytes: 0, progress: nil)
        }
        #expect(try empty.read(.changes(since: 0)).samples.isEmpty)
        #expect(try store.read(.changes(since: 0)).anchor == before.anchor)
        #expect(try store.read(.changes(since: 0)).samples.count == before.samples.count)
    }

    /// When the writer fails (disk full, say) the reader thread, blocked on a full queue, is
    /// stopped and joined, and the writer's error is the one reported.
    @Test func aWriterErrorStopsTheReaderThread() throws {
        struct DiskFull: Error {}
        let path = try Self.generatedExport(records: 20_000)  // far more than the queue holds
        defer { try? FileManager.default.removeItem(atPath: path) }
        var written = 0
        #expect(throws: DiskFull.self) {
            _ = try ImportPipeline.run(reader: try ExportReader(path: path), parallel: true, write: { _ in
                written += 1
                if written == 1_000 { throw DiskFull() }
            }, progress: { _ in })
        }
        #expect(written == 1_000)
    }

    /// Identities are a promise to every store that already imported a file: these UUIDs were
    /// made by the first released importer, and a later version must make the same ones, or a
    /// re-import would store everything twice.
    @Test func identitiesNeverChangeBetweenVersions() throws {
        let store = try HabitStore.inMemory()
        _ = try store.importHealthExport(at: Self.fixtures.appendingPathComponent("apple-health-small-a/export.xml").path)
        _ = try store.importHealthExport(at: Self.fixtures.appendingPathComponent("apple-health-small-b/export.xml").path)
        let changes = try store.read(.changes(since: 0))
        let samples = Set(changes.samples.map { $0.uuid.uuidString.lowercased() })
        #expect(changes.workouts.map { $0.uuid.uuidString.lowercased() } == ["0158633a-b288-80dc-89c2-1632e1525ebf"])
        for uuid in ["015429fa-05e0-87f9-bd8d-da5410157c1f", "0165c2cf-fbd8-8419-999c-c591173783b0",
                     "018cc216-df00-8e2a-b7b9-5ff03300be32", "018cc21c-7c80-8cef-a6e0-445a02ca9be6"] {
            #expect(samples.contains(uuid), "\(uuid)")
        }
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
        let sample = try #require(store.read(.changes(since: 0)).samples.first)
        #expect(!sample.source.isApp)
        #expect(sample.source.bundleID == "healthkit-import:Watch")
        // The per-record address is dropped when the device is interned (schema v4).
        #expect(sample.device == "<<HKDevice>>")
    }
}
