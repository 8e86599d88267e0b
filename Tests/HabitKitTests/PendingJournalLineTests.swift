import Foundation
import Testing
@testable import HabitKit

/// The pending journal's line format (Standards/access.md), without a store.
@Suite struct PendingJournalLineTests {
    static func meditate(_ uuid: UUID = UUID()) -> PendingEntry {
        var e = PendingEntry(uuid: uuid, typed: Date(timeIntervalSince1970: 1_759_339_800.125), zone: "Europe/Berlin", kind: .meditate)
        (e.seconds, e.at, e.note) = (600, "07:00", "calm")
        return e
    }

    @Test func anEntryIsOneLineThatReadsBackEqual() throws {
        let entry = Self.meditate()
        let line = try PendingJournal.line(entry)
        #expect(line.last == 0x0A && line.dropLast().allSatisfy { $0 != 0x0A })
        #expect(String(decoding: line, as: UTF8.self).contains("\"typed\":\"2025-10-01T17:30:00.125Z\""))
        #expect(PendingJournal.read(line).entries == [entry])
    }

    @Test func aTornLastLineIsKeptAndBadLinesAreSetApartAndAUUIDCountsOnce() throws {
        let a = Self.meditate(), b = Self.meditate()
        let torn = Array(try PendingJournal.line(Self.meditate()).prefix(30))
        let bytes = try PendingJournal.line(a) + Array("not json\n\n".utf8) + PendingJournal.line(a) + PendingJournal.line(b) + torn
        let contents = PendingJournal.read(bytes)
        #expect(contents.entries == [a, b])
        #expect(contents.unreadable == [Array("not json".utf8)])
        #expect(contents.torn == torn)
    }

    @Test(arguments: [
        #"{"v":2,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"meditate","seconds":600}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"meditate","seconds":90000}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"meditate"}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"workout","seconds":60}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"alcohol"}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"skip"}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2025-10-01T17:30:00.000Z","kind":"shout","seconds":60}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"2999-10-01T17:30:00.000Z","kind":"meditate","seconds":60}"#,
        #"{"v":1,"uuid":"00000000-0000-4000-8000-000000000001","typed":"yesterday","kind":"meditate","seconds":60}"#,
        #"{"v":1,"uuid":"not-a-uuid","typed":"2025-10-01T17:30:00.000Z","kind":"meditate","seconds":60}"#,
    ])
    func aLineThatIsNotAWellFormedEntryIsNeverAnEntry(_ line: String) {
        let contents = PendingJournal.read(Array((line + "\n").utf8))
        #expect(contents.entries.isEmpty)
        #expect(contents.unreadable.count == 1)
    }

    @Test func doctorListsEachPendingEntry() throws {
        let entry = Self.meditate()
        let findings = PendingJournal.findings(PendingJournal.read(try PendingJournal.line(entry) + Array("x".utf8)), path: "/s/pending.jsonl")
        #expect(findings.map(\.check) == ["pending entry", "pending journal"])
        #expect(findings.first?.detail == "log meditate 600 s --at 07:00, typed 2025-10-01T17:30:00.125Z (uuid \(entry.uuid.uuidString.lowercased()))")
    }
}
