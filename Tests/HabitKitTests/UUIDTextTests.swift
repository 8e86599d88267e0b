import Foundation
import Testing
@testable import HabitKit

/// habit's UUID text (issue 28): written from the bytes and read without Foundation's scanner for
/// the 8-4-4-4-12 spelling — the same text and the same UUIDs as `uuidString.lowercased()` and
/// `UUID(uuidString:)`, which still decides every other spelling.
@Suite struct UUIDTextTests {
    @Test func storeTextIsTheLowercaseUUIDString() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { for i in $0.indices { $0[i] = UInt8.random(in: 0...255, using: &random) } }
            let uuid = UUID(uuid: bytes)
            #expect(uuid.storeText == uuid.uuidString.lowercased())
            #expect(UUID(text: uuid.storeText) == uuid)
            #expect(UUID(text: uuid.uuidString) == uuid)
            #expect(UUID(storeText: uuid.storeText) == uuid)
        }
        #expect(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).storeText == "00000000-0000-0000-0000-000000000000")
    }

    @Test(arguments: [
        "b68fa64c-9a5b-4a3f-ad7a-339293522604", "B68FA64C-9A5B-4A3F-AD7A-339293522604", "b68fA64c-9a5B-4a3f-AD7a-339293522604",
        "", "b68fa64c-9a5b-4a3f-ad7a-33929352260", "b68fa64c-9a5b-4a3f-ad7a-3392935226044", "b68fa64c9a5b-4a3f-ad7a-3392935226044",
        "b68fa64c-9a5b-4a3f-ad7a+339293522604", "g68fa64c-9a5b-4a3f-ad7a-339293522604", " 68fa64c-9a5b-4a3f-ad7a-339293522604",
        "{b68fa64c-9a5b-4a3f-ad7a-339293522604}", "b68fa64c-9a5b-4a3f-ad7a-339293522604\n", "+b68fa64-9a5b-4a3f-ad7a-339293522604",
        "0xb68fa6-9a5b-4a3f-ad7a-339293522604", "b68fa64c-9a5b-4a3f-ad7a-33929352260é",
    ])
    func anyTextIsReadAsFoundationReadsIt(text: String) {
        #expect(UUID(text: text) == UUID(uuidString: text))
    }
}
