import Foundation

/// Decimal numbers read straight from bytes, for the common shapes of an export's values.
enum DecimalParsing {
    /// Exact powers of ten (every one up to 10^22 is a Double without rounding).
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// The value of `-?digits(.digits)?` when it can be computed exactly the way `Double(String)`
    /// rounds it (at most 2^53 as an integer of all its digits, at most 22 after the point: one
    /// correctly rounded division); nil for anything else — the caller then asks `Double(String)`,
    /// so the result never differs from it.
    static func double(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let n = b.count
        let negative = n > 0 && b[0] == 0x2D
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        let integerStart = i
        while i < n, b[i] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30)
            digits += 1
            i += 1
        }
        guard i > integerStart else { return nil }
        var fractionDigits = 0
        if i < n {
            guard b[i] == 0x2E else { return nil }
            i += 1
            let fractionStart = i
            while i < n, b[i] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(b[i] &- 0x30)
                digits += 1
                i += 1
            }
            fractionDigits = i - fractionStart
            guard fractionDigits > 0, i == n else { return nil }
        }
        guard digits <= 19, mantissa <= 1 << 53, fractionDigits <= 22 else { return nil }
        let magnitude = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
