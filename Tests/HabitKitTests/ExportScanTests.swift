import Foundation
import Testing
@testable import HabitKit

/// `ExportScan`: the import's reader without a store, as the fuzz targets use it.
@Suite struct ExportScanTests {
    static func scan(_ xml: String, chunkSize: Int? = nil) throws -> Int {
        try Array(xml.utf8).withUnsafeBytes { try ExportScan.scan($0, chunkSize: chunkSize) }
    }

    /// Records, correlations, workouts and days of Activity rings count once each, and so do
    /// records inside a correlation (stored as samples of their own since issue 13); metadata and
    /// skipped elements do not.
    @Test func countsTheObjectsAnImportWouldStore() throws {
        let xml = """
            <HealthData locale="en_US">
             <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="W" startDate="2024-01-01 01:01:36 +0200" endDate="2024-01-01 01:01:36 +0200" value="74">
              <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
             </Record>
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="O" startDate="2024-01-01 08:00:00 +0100" endDate="2024-01-01 08:00:00 +0100">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="O" startDate="2024-01-01 08:00:00 +0100" endDate="2024-01-01 08:00:00 +0100" value="120"/>
             </Correlation>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="5" durationUnit="min" sourceName="W" startDate="2016-11-14 07:25:41 -0700" endDate="2016-11-14 07:30:52 -0700"/>
             <ActivitySummary dateComponents="2016-11-15" activeEnergyBurned="590.252"/>
            </HealthData>
            """
        #expect(try Self.scan(xml) == 5)
    }

    /// Tokens cut between chunks give the same result as the whole input at once.
    @Test(arguments: [1, 2, 7, 64])
    func chunksGiveTheSameCount(_ chunkSize: Int) throws {
        let xml = "<?xml version=\"1.0\"?><!DOCTYPE HealthData [<!ENTITY x \"y\">]><!-- c --><HealthData>"
            + "<Record type=\"T\" sourceName=\"S&amp;&#x41;\" startDate=\"2025-10-01 07:30:00 +0200\" endDate=\"2025-10-01 07:40:00 +0200\"/>"
            + "</HealthData>"
        #expect(try Self.scan(xml, chunkSize: chunkSize) == 1)
    }

    @Test(arguments: ["", "<HealthData>", "<Other/>", "<HealthData><Record type=\"T\"/></HealthData>"])
    func malformedInputThrowsAnImportError(_ xml: String) {
        #expect(throws: ImportError.self) { try Self.scan(xml) }
    }
}

/// Found by the XML fuzz target: a malformed tag cut by a chunk boundary used to be reported by
/// the quote-aware end scan ("'<' inside an attribute value") instead of the tag's first real
/// problem, so the message depended on where the chunks fell.
@Suite struct ChunkedErrorTests {
    @Test(arguments: [1, 2, 5, 7, 64, 1 << 20])
    func aMalformedTagReportsTheSameProblemHoweverItIsCut(chunk: Int) throws {
        let xml = Array("<HealthData><Record type=\"HKCategoryTypeIdentifie".utf8) + [UInt8](repeating: 0x15, count: 62)
            + Array("ate=\"2025-10-01 07:40:00 +0200\"/></HealthData>".utf8)
        func message(_ chunkSize: Int?) -> String {
            xml.withUnsafeBytes { bytes in
                do { return "\(try ExportScan.scan(bytes, chunkSize: chunkSize)) objects" } catch { return "\(error)" }
            }
        }
        let whole = message(nil)
        #expect(whole.contains("no space after the value of attribute 'type'"))
        #expect(message(chunk) == whole)
    }

    /// The second finding: a '<' inside an unclosed value is reported for the tag being read
    /// (`<Record>`), not for its parent, whether or not a chunk cut the tag first.
    @Test(arguments: [1, 3, 10, 1 << 20])
    func aLessThanInsideAValueNamesTheTagBeingRead(chunk: Int) throws {
        let xml = Array("<HealthData locale=\"en\"><Record type=\"HKCategoryTypeIdentifier\n <ExportDate value=\"2024\" n\"".utf8)
        func message(_ chunkSize: Int?) -> String {
            xml.withUnsafeBytes { bytes in
                do { return "\(try ExportScan.scan(bytes, chunkSize: chunkSize)) objects" } catch { return "\(error)" }
            }
        }
        let whole = message(nil)
        #expect(whole.contains("<Record>") && whole.contains("'<' inside an attribute value"))
        #expect(message(chunk) == whole)
    }
}
