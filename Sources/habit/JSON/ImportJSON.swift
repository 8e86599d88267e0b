import Foundation
import HabitKit

/// `habit import --json`: the import summary.
struct ImportJSON: Codable, Equatable {
    let dryRun: Bool
    let samples: Int
    let workouts: Int
    let duplicates: Int
    let correlationChildren: Int
    /// Days of Activity rings stored new or changed.
    let activitySummaries: Int
    let samplesByType: [String: Int]
    let workoutsByType: [String: Int]
    let skipped: [String: Int]
    let sources: [String]
    let bytes: Int
    let seconds: Double
    let rejected: Int
    let rejections: [Rejection]
    let futureDated: Int
    /// Records of types habit may not write, left out (Standards/access.md).
    let notKept: Int

    struct Rejection: Codable, Equatable {
        let line: Int
        let element: String
        let reason: String
    }

    init(_ s: ImportSummary, seconds: Double) {
        dryRun = s.dryRun
        samples = s.samples
        workouts = s.workouts
        duplicates = s.duplicates
        correlationChildren = s.correlationChildren
        activitySummaries = s.activitySummaries
        samplesByType = s.samplesByType
        workoutsByType = s.workoutsByType
        skipped = s.skipped
        sources = s.sources.sorted()
        bytes = s.bytes
        rejected = s.rejected
        rejections = s.rejections.map { Rejection(line: $0.line, element: $0.element, reason: $0.reason) }
        futureDated = s.futureDated
        notKept = s.notKept
        self.seconds = (seconds * 1000).rounded() / 1000
    }
}
