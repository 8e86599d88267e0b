import Foundation
import HabitKit

extension HabitPaths {
    /// This process's places (``HabitPaths``), from its environment, read once: only the
    /// variables the paths depend on, and the account's home folder only when `HOME` is unset or empty.
    static let live: HabitPaths = {
        var environment: [String: String] = [:]
        for name in HabitPaths.variables { environment[name] = Env.get(name) }
        return HabitPaths(environment: environment, accountHome: NSHomeDirectory())
    }()
}
