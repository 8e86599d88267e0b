import Foundation
import GRDB
import Testing
@testable import HabitKit

/// The list of migrations (`Schema.migrations`, Store/Schema.swift; Standards/data-consistency.md,
/// "Migrations"): one file each under Store/Migrations/, in the order of their numbers.
@Suite struct MigrationListTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HabitKit/Store/Migrations")

    @Test func theNthMigrationIsVnInItsOwnFileAndSetsUserVersionToN() throws {
        let queue = try DatabaseQueue()
        for (i, migration) in Schema.migrations.enumerated() {
            let n = i + 1
            #expect(migration.identifier.hasPrefix("v\(n)-"), "\(migration.identifier) is migration \(n)")
            let words = migration.identifier.split(separator: "-").dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
            let name = String(format: "V%02d", n) + words.joined()
            #expect(String(describing: migration) == name)
            #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(name + ".swift").path), "\(name).swift")
            try Schema.migrator.migrate(queue, upTo: migration.identifier)
            #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == n, "\(migration.identifier)")
        }
        #expect(Schema.currentVersion == Schema.migrations.count)
        #expect(Schema.migrator.migrations == Schema.migrations.map { $0.identifier })
    }
}
