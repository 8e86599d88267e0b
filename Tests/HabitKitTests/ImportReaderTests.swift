import Foundation
import Testing
@testable import HabitKit

/// Zip archives made byte by byte, to damage them on purpose.
enum TestZip {
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }

    /// An archive of one stored (method 0, uncompressed) entry; `crc` overrides the true CRC-32.
    static func stored(name: String, data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: Int) { out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: UInt32) { out += (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let checksum = crc ?? crc32(data)
        let nameBytes = Array(name.utf8)
        // Local file header, then the data.
        u32(0x0403_4B50); u16(20); u16(0); u16(0); u16(0); u16(0x21)
        u32(checksum); u32(UInt32(data.count)); u32(UInt32(data.count)); u16(nameBytes.count); u16(0)
        out += nameBytes
        out += data
        // Central directory (made on Unix, a regular file 0644), then its end record.
        let directory = out.count
        u32(0x0201_4B50); u16(0x0314); u16(20); u16(0); u16(0); u16(0); u16(0x21)
        u32(checksum); u32(UInt32(data.count)); u32(UInt32(data.count)); u16(nameBytes.count); u16(0); u16(0)
        u16(0); u16(0); u32(UInt32(0o100644) << 16); u32(0)
        out += nameBytes
        let directorySize = out.count - directory
        u32(0x0605_4B50); u16(0); u16(0); u16(1); u16(1); u32(UInt32(directorySize)); u32(UInt32(directory)); u16(0)
        return out
    }

    /// Where `name`'s central-directory record says its CRC-32 is, and where its data lies.
    static func locate(_ zip: [UInt8], entry name: String) -> (crcOffsets: [Int], data: Range<Int>)? {
        func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        var i = 0
        while i + 46 <= zip.count {
            if zip[i] == 0x50, zip[i + 1] == 0x4B, zip[i + 2] == 1, zip[i + 3] == 2 {
                let nameLength = u16(i + 28)
                if String(decoding: zip[(i + 46)..<(i + 46 + nameLength)], as: UTF8.self) == name {
                    let local = u32(i + 42)
                    let start = local + 30 + u16(local + 26) + u16(local + 28)
                    return ([i + 16, local + 14], start..<(start + u32(i + 20)))
                }
            }
            i += 1
        }
        return nil
    }

    static func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-\(UUID().uuidString)-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

@Suite struct ExportReaderTests {
    static let export = Array(ImportCommandFixtures.twoSessions.utf8)

    static func refusal(_ path: String) -> ImportError? {
        do {
            _ = try ExportReader(path: path)
        } catch let error as ImportError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    /// #7: a folder (SIGILL before: a `try!` in reading), a device (/dev/zero never ended) and a
    /// FIFO without a writer (would block) are refused at once as "no input" (66).
    @Test func foldersDevicesAndFIFOsAreRefusedAsNoInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("habit-reader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        for (path, mentions) in [(folder.path, "a folder"), ("/dev/zero", "a device"), ("/dev/null", "a device"), (fifo, "a FIFO")] {
            let error = try #require(Self.refusal(path), "\(path)")
            #expect(error.kind == .noInput)
            #expect(error.description.contains(mentions), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aSocketIsRefusedAsNoInput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("habit-\(UUID().uuidString.prefix(8)).sock").path
        defer { unlink(path) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let error = try #require(Self.refusal(path))
        #expect(error.kind == .noInput)
        #expect(error.description.contains("socket"))
    }

    @Test func aMissingFileIsNoInput() throws {
        let error = try #require(Self.refusal("/nonexistent/export.xml"))
        #expect(error == .unreadable("/nonexistent/export.xml", reason: "no such file"))
        #expect(error.kind == .noInput)
    }

    /// Imports `path` into a store that already holds one import, and checks that a failure is
    /// a data error (65) that leaves the store as it was.
    static func expectDataErrorAndUnchangedStore(_ path: String, mentions: String? = nil) throws {
        let store = try HabitStore.inMemory()
        _ = try store.importHealthExport(at: HealthImportTests.fixtures.appendingPathComponent("apple-health-small-b/export.xml").path)
        let before = try store.read(.changes(since: 0))
        for parallelFromBytes in [Int.max, 0] {
            do {
                _ = try store.importHealthExport(at: path, dryRun: false, parallelFromBytes: parallelFromBytes, progress: nil)
                Issue.record("the damaged zip was accepted")
            } catch let error as ImportError {
                #expect(error.kind == .dataError, "\(error)")
                if let mentions { #expect(error.description.contains(mentions), "\(error)") }
            }
            let after = try store.read(.changes(since: 0))
            #expect(after.anchor == before.anchor)
            #expect(after.samples.map(\.uuid) == before.samples.map(\.uuid))
        }
    }

    @Test func aStoredZipWithTheRightCRCImports() throws {
        let path = try TestZip.write(TestZip.stored(name: "apple_health_export/export.xml", data: Self.export), name: "stored.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HabitStore.inMemory()
        #expect(try store.importHealthExport(at: path).samples == 2)
    }

    /// #9: a stored (uncompressed) entry whose CRC-32 is wrong was accepted; now it is a damaged
    /// zip (65) and nothing is stored.
    @Test func aStoredZipWithAWrongCRCIsRefusedAndChangesNothing() throws {
        let path = try TestZip.write(TestZip.stored(name: "apple_health_export/export.xml", data: Self.export, crc: 0xDEAD_BEEF), name: "bad-crc.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.expectDataErrorAndUnchangedStore(path, mentions: "CRC-32")
    }

    /// The same for a data byte changed after the CRC was computed (the XML still reads well).
    @Test func aStoredZipWithAChangedByteIsRefusedAndChangesNothing() throws {
        var zip = TestZip.stored(name: "export.xml", data: Self.export)
        let entry = try #require(TestZip.locate(zip, entry: "export.xml"))
        let value = try #require(zip[entry.data].firstRange(of: Array("value=\"3\"".utf8)))
        zip[value.lowerBound + 7] = UInt8(ascii: "4")
        let path = try TestZip.write(zip, name: "bad-byte.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.expectDataErrorAndUnchangedStore(path, mentions: "CRC-32")
    }

    /// A deflated entry is checked too: a wrong CRC in the fixture's directory, or a damaged
    /// byte in its compressed data.
    @Test(arguments: ["crc", "data"])
    func aDamagedDeflatedZipIsRefusedAndChangesNothing(_ damage: String) throws {
        var zip = try Array(Data(contentsOf: HealthImportTests.fixtures.appendingPathComponent("apple-health-small-a/export.zip")))
        let entry = try #require(TestZip.locate(zip, entry: "apple_health_export/export.xml"))
        if damage == "crc" {
            for offset in entry.crcOffsets { zip[offset] ^= 0x01 }
        } else {
            zip[entry.data.lowerBound + entry.data.count / 2] ^= 0x10
        }
        let path = try TestZip.write(zip, name: "damaged-\(damage).zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.expectDataErrorAndUnchangedStore(path, mentions: damage == "crc" ? "CRC-32" : nil)
    }

    /// A file that starts like a zip but is none is bad data, not a missing file.
    @Test func aBrokenZipIsADataError() throws {
        let path = try TestZip.write([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 100), name: "broken.zip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(Self.refusal(path))
        #expect(error.kind == .dataError)
    }
}

/// Small exports shared by the import tests.
enum ImportCommandFixtures {
    static let twoSessions = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 08:00:00 +0100" endDate="2025-10-26 08:10:00 +0100" value="3"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-10-26 09:00:00 +0100" endDate="2025-10-26 09:10:00 +0100" value="5"/>
        </HealthData>

        """
}
