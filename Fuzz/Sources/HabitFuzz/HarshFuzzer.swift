import Foundation
import HabitKit

/// Fuzzes harsh's files (`HarshReader.read`): the input is the `habits` file, a NUL byte, then the
/// `log` (without a NUL, all of it is the log), written to a folder of this process's own.
///
/// Laws: it never traps; it reads the same files the same way twice; every habit it accepts has
/// a name and a frequency habit keeps (times from 1 to the days of its period).
enum HarshFuzzer {
    static let folder: String = {
        let path = NSTemporaryDirectory() + "habit-harsh-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// One input, as libFuzzer hands it over (`HabitFuzz` picks the target).
    static func one(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        HarshFuzzer.check(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    static func check(_ bytes: [UInt8]) {
        let split = bytes.firstIndex(of: 0)
        let habits = split.map { Data(bytes[..<$0]) }
        let log = Data(split.map { bytes[($0 + 1)...] } ?? bytes[...])
        let logPath = folder + "/log", habitsPath = folder + "/habits"
        unlink(habitsPath)
        if let habits { FileManager.default.createFile(atPath: habitsPath, contents: habits) }
        FileManager.default.createFile(atPath: logPath, contents: log)
        let first = Result { try HarshReader.read(path: logPath) }
        let second = Result { try HarshReader.read(path: logPath) }
        switch (first, second) {
        case (.success(let a), .success(let b)):
            guard a == b else { fatalError("law broken: the same files read two ways") }
            for habit in a.habits {
                guard !habit.originalName.isEmpty, (1...habit.per.maximumTimes).contains(habit.times) else {
                    fatalError("law broken: habit \(String(reflecting: habit.originalName)) times \(habit.times) per \(habit.per)")
                }
            }
        case (.failure(let a), .failure(let b)):
            guard "\(a)" == "\(b)" else { fatalError("law broken: two errors for the same files") }
        default:
            fatalError("law broken: read once, refused once")
        }
    }
}
