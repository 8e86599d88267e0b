import Foundation
import GRDB

/// An answer of `habit ask` that writes no entry (Standards/ask.md): `no` — the day was not done,
/// remembered so that it is not asked again and counted by nothing (a missed day like any other)
/// — or the note of a skip (a skip row keeps none). One per habit and day; per device, never synced.
public struct StoredAnswer: Sendable, Equatable {
    public enum Kind: String, Sendable { case no, skip }
    public var habitID: String
    public var day: LocalDay
    public var kind: Kind
    public var note: String?

    public init(habitID: String, day: LocalDay, kind: Kind, note: String?) {
        (self.habitID, self.day, self.kind, self.note) = (habitID, day, kind, note)
    }
}

extension HabitStore {
    /// Keeps `answer` (replacing the habit's answer of that day), refused like a skip of the
    /// habit when its type may not be written.
    public func record(_ answer: StoredAnswer, env: HabitEnvironment) throws {
        try write { db in
            try Self.requireWriteOfHabit(answer.habitID, db)
            try db.execute(sql: "INSERT OR REPLACE INTO answer (habit, day, answer, note, created) VALUES (?, ?, ?, ?, ?)",
                           arguments: [answer.habitID, answer.day.description, answer.kind.rawValue, answer.note,
                                       env.now.timeIntervalSince1970])
        }
    }
}

extension StoreRequest where Value == [StoredAnswer] {
    /// The answers kept for the days of `days` (half-open), oldest day first.
    public static func answers(in days: DayRange) -> Self {
        Self { db in
            try Row.fetchAll(db, sql: "SELECT habit, day, answer, note FROM answer WHERE day >= ? AND day < ? ORDER BY day, habit",
                             arguments: [days.lowerBound.description, days.upperBound.description]).compactMap { row in
                guard let day = LocalDay(row[1] as String), let kind = StoredAnswer.Kind(rawValue: row[2]) else { return nil }
                return StoredAnswer(habitID: row[0], day: day, kind: kind, note: row[3])
            }
        }
    }
}
