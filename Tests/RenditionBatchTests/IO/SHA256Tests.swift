import Foundation
import RenditionBatch
import RenditionTestSupport
import Testing

/// SHA-256 through libcrypto: the standard's vectors, `sha256sum` on real files, and the value
/// semantics the manifest code relies on (pieces, copies, starting again).
@Suite("SHA-256")
struct SHA256Tests {
    @Test("SHA-256 matches the FIPS 180-4 test vectors")
    func vectors() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hex(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // A sequence that is not contiguous storage takes the same road.
        #expect(SHA256.hex("abc".utf8) == SHA256.hex(Array("abc".utf8)))
    }

    @Test("fixture files hash as sha256sum hashes them")
    func sameAsSha256sum() throws {
        for file in [
            "lottie/dotlottie/images.lottie", "gif/wuffs/muybridge.gif", "webm/vp9-opaque-512x512-30fps-3s.webm",
        ] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [Fixtures.path(file)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let expected = String(decoding: printed.prefix(64), as: UTF8.self)
            let bytes = try Fixtures.bytes(file)
            #expect(expected.count == 64 && SHA256.hex(bytes) == expected, "\(file)")
        }
    }

    @Test("fed in pieces, copied midway and finished twice, a hasher gives each digest its bytes")
    func valueSemantics() {
        let message = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = SHA256.hex(message)
        for cut in [0, 1, 55, 56, 63, 64, 65, 128, 299, 300] {
            var hasher = SHA256()
            hasher.update(Array(message[..<cut]))
            var copy = hasher
            hasher.update(Array(message[cut...]))
            #expect(hasher.finalizeHex() == whole, "cut at \(cut)")
            // The copy went on from the cut, untouched by the original's later bytes.
            copy.update(Array(message[cut...]))
            #expect(copy.finalizeHex() == whole, "copy at \(cut)")
        }
        var restarted = SHA256()
        restarted.update("abc")
        _ = restarted.finalize()
        restarted.update("abc")
        #expect(restarted.finalizeHex() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
