import Foundation
import Testing
@testable import HabitKit

@Suite struct SchemaTests {
    /// The indexes a bulk import rebuilds must be exactly those the migrations made.
    @Test func bulkDroppableIndexesMatchTheMigrations() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = store
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", path, "SELECT name || '|' || sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let rows = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        for index in Schema.bulkDroppableIndexes {
            #expect(rows.contains { $0 == "\(index.name)|\(index.sql)" }, "\(index.name)")
        }
    }
}
