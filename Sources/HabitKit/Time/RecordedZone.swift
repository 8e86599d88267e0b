import Foundation

/// The zone a stored sample or workout was recorded in (issue 13, point 7).
///
/// An Apple Health export writes every date with the exporting phone's offset at export time,
/// which is wrong for half the year; only `HKTimeZone` metadata says where a sample was made.
/// So a stored zone is an IANA identifier with the offset of that zone at the object's start,
/// or `""` — unknown — with the offset stored as 0 and shown as `null`: never a wrong one.
public enum RecordedZone {
    /// The zone `id` names and its offset at `instant` (seconds since 1970); `("", 0)` when `id`
    /// is empty or names no zone.
    public static func resolve(_ id: String, at instant: Double) -> (zoneID: String, offset: Int) {
        guard !id.isEmpty, let zone = cache.zone(id) else { return ("", 0) }
        return (id, zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)))
    }

    /// The offset to show for a stored zone and offset: nil when the zone is unknown.
    public static func shown(offset: Int, zoneID: String) -> Int? { zoneID.isEmpty ? nil : offset }

    private static let cache = ZoneCache()

    /// Zones by identifier: an import names the same few zones on thousands of records.
    private final class ZoneCache: @unchecked Sendable {
        private let lock = NSLock()
        private var zones: [String: TimeZone?] = [:]

        func zone(_ id: String) -> TimeZone? {
            lock.withLock {
                if let known = zones[id] { return known }
                let zone = id.utf8.count <= 64 ? TimeZone(identifier: id) : nil
                zones[id] = zone
                return zone
            }
        }
    }
}
