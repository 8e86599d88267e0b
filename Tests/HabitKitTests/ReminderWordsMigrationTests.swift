import Foundation
import GRDB
import Testing
@testable import HabitKit

/// Migration v23 (``ReminderWordsMigration``): a store written before it, whose reminders hold
/// the default words `remind add` stored, delivers its habits' words as they are now — a rename
/// carries — and keeps every word a person gave (Standards/reminders.md, "Words at delivery").
@Suite struct ReminderWordsMigrationTests {
    static let created = Fixture.instant("2026-03-01T08:00:00+01:00")

    /// Back to schema 22 as a release before v23 left it (v23 to run again).
    static func downgrade(_ store: HabitStore) throws {
        try store.write { db in
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v23-reminder-words-at-delivery'")
            try db.execute(sql: "PRAGMA user_version = 22")
        }
    }

    @Test func aStoreWithStoredDefaultWordsDeliversTheRenamedHabitsWords() throws {
        let (store, folder) = try Fixture.fileStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store/habit.sqlite").path
        let reading = HabitDefinition(id: "aaaa1111-0000-4000-8000-000000000001", name: "reading", kind: .quantity, unit: "min",
                                      goal: .atLeast(30), since: Fixture.day("2026-03-01"), created: Self.created, modified: Self.created)
        try store.addHabit(reading)
        // As `remind add` up to v22 wrote them: the words of that day, the habit's name in them.
        let stored = [("Reading", "reading is not done yet today: habit log reading AMOUNT", reading.id, 12),
                      ("Meditate", "No meditation logged in the last 8 h: habit log meditate 10m", "meditate", 8),
                      ("NoAlc", "How was the evening? habit log alcohol 0", "noalc", 12),
                      ("Read!", "a chapter before bed", reading.id, 12),             // given by the person: kept
                      ("Reading", "open the book", reading.id, 12)]                  // a default title, a message given
        for (i, (title, message, activity, lookback)) in stored.enumerated() {
            _ = try store.changeReminder(.add(Reminder(title: title, message: message, activity: activity,
                                                       time: LocalTime(hour: 21, minute: i)!, lookbackHours: lookback, created: Self.created)))
        }
        try Self.downgrade(store)
        let sentBefore = try store.write { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog WHERE kind = 'reminder'") }
        let upgraded = try HabitStore.open(path: path)
        let env = Fixture.env("2026-03-29T20:00:00+02:00")
        _ = try upgraded.updateHabit(named: "reading", env: env) { habit, _ in habit.name = "books" }
        let list = try upgraded.read(.reminders(env: env))
        #expect(list.statuses.map(\.words) == [
            ReminderWords(title: "Books", message: "books is not done yet today: habit log books AMOUNT"),
            ReminderWords(title: "Meditate", message: "meditate is not done yet today: habit log meditate 10m"),
            ReminderWords(title: "NoAlc", message: "How was the evening? habit log alcohol 0"),
            ReminderWords(title: "Read!", message: "a chapter before bed"),
            ReminderWords(title: "Books", message: "open the book"),
        ])
        #expect(list.statuses.map(\.reminder.title) == ["", "", "", "Read!", ""])
        // Each device makes the change itself: nothing of it is sent (the rename is).
        let (sentAfter, version) = try upgraded.write { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM syncLog WHERE kind = 'reminder'"), try Int.fetchOne(db, sql: "PRAGMA user_version"))
        }
        #expect(sentAfter == sentBefore && version == 23)
        let check = try upgraded.checkReminders(env: Fixture.env("2026-03-29T21:05:00+02:00"), catchUp: false)
        #expect(check.delivered.first { $0.reminder.id == 1 }?.words.message == "books is not done yet today: habit log books AMOUNT")
    }

    @Test(arguments: [
        ("Meditate", "No meditation logged in the last 12 h: habit log meditate 10m", "meditate", nil as String?, true, true),
        ("Meditate", "No meditation logged in the last 25 h: habit log meditate 10m", "meditate", nil, true, false),
        ("Meditate", "No meditation logged in the last 012 h: habit log meditate 10m", "meditate", nil, true, false),
        ("Workout", "No workout logged in the last 1 h: habit log workout 20m", "workout", nil, true, true),
        ("Evening", "How was the evening? habit log alcohol 0", "noalc", nil, false, true),
        ("Чтение", "чтение is not done yet today: habit log чтение AMOUNT", "x", "книги", true, true),
        ("Floss", "floss is not done yet today: habit log floss", "x", "teeth", true, true),
        ("Teeth", "brush", "x", "teeth", true, false),
        ("Floss", "floss is not done yet today: habit log teeth", "x", "teeth", false, false),
    ])
    func theWordsRemindAddStoredAreRecognisedAndNoOthers(_ title: String, _ message: String, _ activity: String, _ name: String?,
                                                        _ isTitle: Bool, _ isMessage: Bool) {
        let found = ReminderWordsMigration.defaultWords(title: title, message: message, activity: activity, habitName: name)
        #expect(found.title == isTitle && found.message == isMessage)
    }
}
