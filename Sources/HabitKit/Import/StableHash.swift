import Foundation

/// A 128-bit content hash that is the same in every process and on every platform (Swift's
/// `Hasher` is seeded per process, so it cannot identify an object across imports).
///
/// Two FNV-1a 64 lanes with different offset bases, finished with SplitMix64 mixing.
struct StableHash {
    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x6c62_272e_07bb_0142

    mutating func add(_ text: String) {
        text.withUTF8Bytes { add($0) }
    }

    /// Adds `bytes` and a field separator: the same as adding a string of these bytes.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var a = self.a, b = self.b
        for byte in bytes {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        self.a = a
        self.b = b
        add(UInt8(0x1F))  // field separator
    }

    mutating func add(_ value: Int64) {
        var v = UInt64(bitPattern: value)
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }

    @inline(__always) private mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    private static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// ``uuid(startMilliseconds:)`` in its lowercase 8-4-4-4-12 form, made without a `UUID`.
    /// The identity of a repeat of object `uuid`: a workout the export holds again with only its
    /// `creationDate` different (Garmin Connect writes such repeats; the Health app lists each).
    /// The first keeps `uuid`, so stores written before keep their identities.
    static func repeatIdentity(of uuid: String, created: Double, start: Double) -> String {
        var hash = StableHash()
        hash.add("repeat")
        hash.add(uuid)
        hash.add(HealthMapper.milliseconds(created))
        return hash.uuidString(startMilliseconds: HealthMapper.milliseconds(start))
    }

    func uuidString(startMilliseconds: Int64) -> String {
        let (hi, lo) = halves(startMilliseconds: startMilliseconds)
        return String(unsafeUninitializedCapacity: 36) { out in
            guard let base = out.baseAddress else { return 0 }
            let raw = UnsafeMutableRawPointer(base)
            // Each byte becomes two hex digits, four bytes at a time: 8-4-4-4-12.
            raw.storeBytes(of: Self.hex(UInt32(truncatingIfNeeded: hi >> 32)), as: UInt64.self)
            raw.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.hex(UInt32(truncatingIfNeeded: hi))), toByteOffset: 9, as: UInt32.self)
            raw.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.hex(UInt32(truncatingIfNeeded: hi)) >> 32), toByteOffset: 14, as: UInt32.self)
            raw.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.hex(UInt32(truncatingIfNeeded: lo >> 32))), toByteOffset: 19, as: UInt32.self)
            raw.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
            raw.storeBytes(of: UInt32(truncatingIfNeeded: Self.hex(UInt32(truncatingIfNeeded: lo >> 32)) >> 32), toByteOffset: 24, as: UInt32.self)
            raw.storeBytes(of: Self.hex(UInt32(truncatingIfNeeded: lo)), toByteOffset: 28, as: UInt64.self)
            return 36
        }
    }

    /// The eight lowercase hex digits of `v` (most significant first) as the bytes of a
    /// little-endian word, computed in parallel: each nibble is spread to its own byte, then
    /// '0' or 'a' − 10 is added.
    @inline(__always) private static func hex(_ v: UInt32) -> UInt64 {
        // Nibbles in big-endian order: the first digit goes to the lowest byte.
        var x = UInt64(v.byteSwapped)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        // Each byte holds one input byte: high nibble first, then low nibble.
        x = ((x >> 4) & 0x000F_000F_000F_000F) | ((x & 0x000F_000F_000F_000F) << 8)
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101  // 1 where the nibble is 10...15
        return UInt64(littleEndian: x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27)
    }

    /// The UUID's bytes as two big-endian words: the start in ms (48 bits), then the hash, with
    /// the version (8) and variant bits set.
    private func halves(startMilliseconds: Int64) -> (UInt64, UInt64) {
        let hi = Self.mix(a ^ Self.mix(b)), lo = Self.mix(b ^ hi)
        let ms = UInt64(bitPattern: startMilliseconds) & 0xFFFF_FFFF_FFFF
        var first = ms << 16 | (hi & 0xFFFF)  // bytes 6-7: the low two bytes of the hash's first half
        first = (first & ~0xF000) | 0x8000  // version 8
        var second = lo
        second = (second & ~(0xC0 << 56)) | (0x80 << 56)  // variant 10
        return (first, second)
    }

    /// A UUID (version 8) made of the hash alone: the identity of something without a time of its own
    /// (an imported habit, a skipped day).
    func uuid() -> UUID { uuid(startMilliseconds: Int64(bitPattern: Self.mix(a &+ Self.mix(b)) >> 16)) }

    /// A UUID (version 8, "custom") made of the object's start time and the hash: the imported
    /// object's stable identity. The first 48 bits are the start in milliseconds (as in UUIDv7),
    /// so identities of records in time order sort together and the unique index is filled
    /// almost sequentially instead of at random places — that keeps large imports fast.
    func uuid(startMilliseconds: Int64) -> UUID {
        let hi = Self.mix(a ^ Self.mix(b)), lo = Self.mix(b ^ hi)
        var bytes = [UInt8](repeating: 0, count: 16)
        let ms = UInt64(bitPattern: startMilliseconds) & 0xFFFF_FFFF_FFFF
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: ms >> (8 * (5 - i))) }
        for i in 6..<8 { bytes[i] = UInt8(truncatingIfNeeded: hi >> (8 * (7 - i))) }
        for i in 0..<8 { bytes[8 + i] = UInt8(truncatingIfNeeded: lo >> (8 * (7 - i))) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}

extension UUID {
    /// The lowercase 8-4-4-4-12 form, formatted without Foundation's string machinery.
    var lowercaseString: String {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0x2D, count: 36)
        withUnsafeBytes(of: uuid) { raw in
            var o = 0
            for (i, byte) in raw.enumerated() {
                if i == 4 || i == 6 || i == 8 || i == 10 { o += 1 }
                out[o] = hex[Int(byte >> 4)]
                out[o + 1] = hex[Int(byte & 0x0F)]
                o += 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
