import Testing
@testable import HabitKit

/// What a sync remembers of the lines it left out of one file (issue 46, point 9b).
@Suite struct SyncLeftOutTests {
    let alcohol = SampleType.alcoholicBeverages

    @Test func aRecordReadsBackAsItWasWritten() throws {
        let left = SyncLeftOut(mark: SyncFolder.Mark(offset: 120, tail: "abc"), count: 3, types: [DataTypes.workout, alcohol, alcohol])
        #expect(left.types == [alcohol, DataTypes.workout].sorted())
        #expect(SyncLeftOut(left.description) == left)
        #expect(SyncLeftOut("") == nil && SyncLeftOut("x\u{1F}1\u{1F}t") == nil && SyncLeftOut("5\u{1F}-1\u{1F}t") == nil)
    }

    @Test func recordsOfOneFileKeepTheEarliestLineEveryTypeAndBothCounts() {
        let early = SyncLeftOut(mark: SyncFolder.Mark(offset: 10, tail: "a"), count: 1, types: [alcohol])
        let late = SyncLeftOut(mark: SyncFolder.Mark(offset: 900, tail: "b"), count: 2, types: [DataTypes.workout])
        let both = SyncLeftOut.after(early, reread: false, new: late)
        #expect(both == SyncLeftOut(mark: early.mark, count: 3, types: [alcohol, DataTypes.workout]))
        #expect(SyncLeftOut.after(early, reread: false, new: nil) == early)
        // Read again from the earliest line: only what this run left out stays.
        #expect(SyncLeftOut.after(early, reread: true, new: late) == late)
        #expect(SyncLeftOut.after(early, reread: true, new: nil) == nil)
    }
}
