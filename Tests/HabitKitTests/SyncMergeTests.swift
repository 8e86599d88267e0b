import Foundation
import Testing
@testable import HabitKit

/// The merge rules of sync (Standards/sync.md, "Merge rules") without a store: what ``SyncMerge``
/// decides for each kind of object that came, against what is here.
@Suite struct SyncMergeTests {
    typealias V = SyncMerge.Version

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let incoming: V
        let here: V?
        let removedAt: TimeInterval?
        let expected: SyncMerge.Decision
        var testDescription: String { name }
    }

    static let lastWriterWins: [Case] = [
        Case(name: "nothing here: stored", incoming: V(modified: 10, text: "a"), here: nil, removedAt: nil, expected: .insert),
        Case(name: "later: replaces", incoming: V(modified: 11, text: "a"), here: V(modified: 10, text: "z"), removedAt: nil, expected: .update),
        Case(name: "earlier: loses", incoming: V(modified: 9, text: "z"), here: V(modified: 10, text: "a"), removedAt: nil, expected: .keep),
        Case(name: "tie, larger text: replaces", incoming: V(modified: 10, text: "b"), here: V(modified: 10, text: "a"), removedAt: nil, expected: .update),
        Case(name: "tie, smaller text: loses", incoming: V(modified: 10, text: "a"), here: V(modified: 10, text: "b"), removedAt: nil, expected: .keep),
        Case(name: "the same version: already so", incoming: V(modified: 10, text: "a"), here: V(modified: 10, text: "a"), removedAt: nil, expected: .keep),
        Case(name: "a microsecond later wins", incoming: V(modified: 10.000001, text: "a"), here: V(modified: 10, text: "b"), removedAt: nil, expected: .update),
        Case(name: "removed after it was changed: stays out", incoming: V(modified: 10, text: "a"), here: nil, removedAt: 11, expected: .keep),
        Case(name: "removed at the same instant: stays out", incoming: V(modified: 10, text: "a"), here: nil, removedAt: 10, expected: .keep),
        Case(name: "changed after it was removed: comes back", incoming: V(modified: 12, text: "a"), here: nil, removedAt: 11, expected: .insert),
        Case(name: "unset (empty) loses a tie to a value", incoming: V(setting: nil, modified: 5), here: V(setting: "30", modified: 5),
             removedAt: nil, expected: .keep),
        Case(name: "a value wins a tie over unset", incoming: V(setting: "30", modified: 5), here: V(setting: nil, modified: 5),
             removedAt: nil, expected: .update),
    ]

    @Test(arguments: lastWriterWins)
    func settingsHabitsAndRemindersTakeTheLastWriter(_ c: Case) {
        #expect(SyncMerge.decide(c.incoming, here: c.here, removedAt: c.removedAt) == c.expected)
    }

    /// The same versions, arriving in every order, leave the same one (the rule converges).
    @Test func everyOrderOfArrivalEndsWithTheSameVersion() {
        let versions = [V(modified: 3, text: "b"), V(modified: 3, text: "c"), V(modified: 1, text: "z"), V(modified: 2, text: "a"),
                        V(modified: 3, text: "a")]
        func permutations(_ items: [V]) -> [[V]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { i in
                var rest = items
                let first = rest.remove(at: i)
                return permutations(rest).map { [first] + $0 }
            }
        }
        var results: Set<String> = []
        for order in permutations(versions) {
            var here: V?
            for version in order where SyncMerge.decide(version, here: here) != .keep { here = version }
            results.insert(here.map { "\($0.modified) \($0.text)" } ?? "")
        }
        #expect(results == ["3.0 c"])
    }

    @Test(arguments: [
        (10.0, nil, SyncMerge.Removal.remember),  // nothing here: the tombstone keeps it from coming
        (10.0, 9.0, .remove),
        (10.0, 10.0, .remove),                      // changed at the removal's instant: the removal wins
        (10.0, 11.0, .keep),                        // edited after the removed version: the edit wins
    ] as [(TimeInterval, TimeInterval?, SyncMerge.Removal)])
    func aRemovalLosesOnlyToALaterEdit(_ removedAt: TimeInterval, _ here: TimeInterval?, _ expected: SyncMerge.Removal) {
        #expect(SyncMerge.removal(removedAt: removedAt, here: here) == expected)
    }

    @Test func deliveredBeatsSuppressedBeatsCancelled() {
        let states: [OccurrenceState] = [.cancelled, .suppressed, .delivered]
        for (i, incoming) in states.enumerated() {
            #expect(SyncMerge.decide(incoming, here: nil) == .insert)
            for (j, here) in states.enumerated() {
                #expect(SyncMerge.decide(incoming, here: here) == (i > j ? .update : .keep), "\(incoming) over \(here)")
            }
        }
    }

    @Test func twoSkipsOfOneDayKeepTheSmallerUUIDAndADeletedSkipNeverComes() {
        let small = "11111111-0000-4000-8000-000000000000", large = "22222222-0000-4000-8000-000000000000"
        #expect(SyncMerge.decide(skip: small, here: nil, deleted: false) == .insert)
        #expect(SyncMerge.decide(skip: small, here: large, deleted: false) == .update)
        #expect(SyncMerge.decide(skip: large, here: small, deleted: false) == .keep)
        #expect(SyncMerge.decide(skip: small, here: small, deleted: false) == .keep)
        #expect(SyncMerge.decide(skip: small, here: nil, deleted: true) == .keep)
    }

    static func habit(_ id: String, _ name: String, created: TimeInterval) -> HabitDefinition {
        HabitDefinition(id: id, name: name, kind: .yesNo, since: LocalDay(ordinal: 20_000),
                        created: Date(timeIntervalSince1970: created), modified: Date(timeIntervalSince1970: created))
    }

    @Test func ofTwoHabitsWithOneNameTheLaterOneIsRenamedWithItsIdsFirstDigits() {
        let early = Self.habit("aaaa1111-0000-4000-8000-000000000000", "water", created: 100)
        let late = Self.habit("3F2A0000-0000-4000-8000-000000000000", "water", created: 200)
        #expect(SyncMerge.incomingLosesName(late, to: early))
        #expect(!SyncMerge.incomingLosesName(early, to: late))
        #expect(SyncMerge.clashName(late) == "water-3f2a")
        // At the same instant the larger id is renamed, on every device.
        let twin = Self.habit("bbbb2222-0000-4000-8000-000000000000", "water", created: 100)
        #expect(SyncMerge.incomingLosesName(twin, to: early))
        #expect(!SyncMerge.incomingLosesName(early, to: twin))
        // A long name is cut to leave room (and never ends in '-' before the suffix): 32 at most.
        let long = Self.habit("cccc3333-0000-4000-8000-000000000000", "abcdefghijklmnopqrstuvwxyz-abcde", created: 1)
        #expect(SyncMerge.clashName(long) == "abcdefghijklmnopqrstuvwxyz-cccc")
        #expect(SyncMerge.clashName(long).count <= 32)
    }

    @Test func linesApplyInPhasesWhatOthersReferToFirstThenAsTheFilesListThem() throws {
        let uuid = try #require(UUID(uuidString: "11111111-0000-4000-8000-000000000000"))
        let habit = Self.habit("aaaa1111-0000-4000-8000-000000000000", "water", created: 1)
        let at = Date(timeIntervalSince1970: 1)
        let skip = SkippedDay(uuid: uuid, habitID: habit.id, habitName: nil, day: LocalDay(ordinal: 20_000), created: at, anchor: 0)
        // Each line stands for its object (the decoder is the test's); the lines that open as a
        // sample or a workout are never decoded by the plan.
        let objects: [String: SyncObject] = [
            "deleted": .deleted(uuid: uuid, kind: .sample, type: "t"), "set": .setting(key: "grace", value: "20", modified: at),
            "skip": .data(.skip(skip)), "occurrence": .occurrence(reminder: uuid, day: LocalDay(ordinal: 20_000), at: at, state: .delivered, handled: at),
            "habit": .data(.habit(habit)), "habitDeleted": .habitDeleted(id: habit.id, modified: at),
            "unset": .setting(key: "grace", value: nil, modified: at),
        ]
        var decoded: [String] = []
        let sample = #"{"kind":"sample","sample":{}}"#, workout = #"{"kind":"workout","workout":{}}"#
        let peers = [
            SyncPeer(device: "a", lines: ["deleted", sample, "set", "skip", "torn"].map { Array($0.utf8) }, starts: [0, 10, 20, 30, 40], end: 50),
            SyncPeer(device: "b", lines: ["occurrence", workout, "habit", "habitDeleted", "unset", sample].map { Array($0.utf8) },
                     starts: [0, 5, 9, 14, 20, 25], end: 30),
        ]
        let plan = SyncMerge.plan(peers) { line in
            let text = String(decoding: line, as: UTF8.self)
            decoded.append(text)
            return objects[text].map { .success($0) } ?? .failure(InterchangeJSONFailure("not a line"))
        }
        #expect(plan.first.map { "\($0.peer)@\($0.start)" } == ["1@9", "1@14", "0@30"])
        #expect(plan.bulk.map { "\($0.peer):\($0.line)" } == ["0:1", "1:1", "1:5"])
        #expect(plan.last.map { "\($0.peer)@\($0.start)" } == ["0@20", "1@20", "1@0", "0@0"])
        #expect(plan.unreadable == [SyncMerge.Unreadable(peer: 0, line: 4, reason: "not a line")])
        #expect(!decoded.contains(sample) && !decoded.contains(workout))
        #expect(decoded.count == 8)
    }

    /// A line that opens as a sample or a workout is applied with the bulk, after every habit:
    /// decoded as another kind (a key written twice), it would come out of its phase, so it is
    /// not understood.
    @Test func aBulkLineMustBeTheKindItOpensAs() throws {
        let at = Date(timeIntervalSince1970: 1)
        let habit = Self.habit("aaaa1111-0000-4000-8000-000000000000", "water", created: 1)
        let sample = Sample(uuid: try #require(UUID(uuidString: "11111111-0000-4000-8000-000000000000")), type: SampleType.mindfulSession,
                            start: at, end: at, value: nil, unit: nil, source: .app, created: at, utcOffset: 0, timeZoneID: "UTC")
        let taken = SyncMerge.bulkObject(.success(.data(.sample(sample, SourceDescription(name: "habit", version: nil)))))
        #expect((try? taken.get()) != nil)
        for other: SyncObject in [.data(.habit(habit)), .setting(key: "grace", value: "20", modified: at)] {
            #expect(throws: InterchangeJSONFailure.self) { try SyncMerge.bulkObject(.success(other)).get() }
        }
        #expect(throws: InterchangeJSONFailure.self) { try SyncMerge.bulkObject(.failure(InterchangeJSONFailure("torn"))).get() }
        #expect(SyncLine.opensAsSampleOrWorkout(Array(#"{"kind":"sample","sample":{}}"#.utf8)))
        #expect(SyncLine.opensAsSampleOrWorkout(Array(#"{"kind":"workout","workout":{}}"#.utf8)))
        #expect(!SyncLine.opensAsSampleOrWorkout(Array(#"{"kind":"samples","sample":{}}"#.utf8)))
        #expect(!SyncLine.opensAsSampleOrWorkout(Array(#"{"sample":{},"kind":"sample"}"#.utf8)))
        #expect(!SyncLine.opensAsSampleOrWorkout(Array(#"{"kind":"skip","skip":{}}"#.utf8)))
    }

    @Test func aFileIsReadAgainFromItsFirstSampleLeftWaiting() {
        let peers = [SyncPeer(device: "a", lines: [], starts: [], end: 300), SyncPeer(device: "b", lines: [], starts: [], end: 80)]
        #expect(SyncMerge.readOffsets(peers, waiting: []) == [300, 80])
        #expect(SyncMerge.readOffsets(peers, waiting: [(peer: 0, start: 120), (peer: 0, start: 40)]) == [40, 80])
    }
}
