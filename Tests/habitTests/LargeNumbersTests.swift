import Foundation
import GRDB
import Testing

/// Numbers at the edges (found by the command-line fuzzer: `habit log water 99999999999999999999`
/// trapped while printing what it had stored).
@Suite struct LargeNumbersTests {
    static let env = ["HABIT_NOW": "2025-10-26T10:00:00+01:00"]

    @Test func anAmountTooLargeIsRefusedAndStoresNothing() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.env).status == 0)
        let result = try habit.run(["log", "water", "99999999999999999999"], env: Self.env)
        #expect(result.status == 64)
        #expect(result.stderr.contains("too large"))
        let count = try DatabaseQueue(path: habit.db).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sample") }
        #expect(count == 0)
    }

    @Test func hugeStoredValuesPrintWithoutTrapping() throws {
        let habit = try HabitProcess()
        defer { habit.cleanUp() }
        #expect(try habit.run(["add", "water", "--unit", "glass", "--at-least", "8"], env: Self.env).status == 0)
        #expect(try habit.run(["log", "water", "3"], env: Self.env).status == 0)
        // As an import of another program's numbers could leave them.
        try DatabaseQueue(path: habit.db).write { db in
            try db.execute(sql: "UPDATE sample SET value = 1e20")
        }
        for arguments in [["log", "list"], ["today"], ["streak"], ["calendar"], ["stats", "water", "--per", "day"], ["status"]] {
            let result = try habit.run(arguments, env: Self.env)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
    }
}
