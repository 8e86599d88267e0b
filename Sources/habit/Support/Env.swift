import Foundation

/// Reads single environment variables (`ProcessInfo.environment` builds the whole dictionary,
/// which showed up in the start-up profile).
enum Env {
    static func get(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
