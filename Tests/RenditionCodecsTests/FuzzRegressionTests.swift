import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Inputs the fuzzers (`Scripts/fuzz`) found crashing, hanging or allocating far too much,
/// kept in `Fixtures/regressions/` once fixed: each must now give the listed typed error (or
/// decode) through every decoder that reads it. Under `Scripts/sanitize address` an
/// allocation over 1 GiB also fails the run, so an input that only made a decoder *ask* for
/// gigabytes is caught too.
@Suite("Fuzzer regressions")
struct FuzzRegressionTests {
    /// What a decoder must do with a regression input.
    enum Outcome: Equatable, CustomStringConvertible {
        /// A `CodecError.corrupt` whose reason contains the text.
        case corrupt(String)
        /// A `CodecError.limitExceeded` whose reason contains the text.
        case limitExceeded(String)
        /// Decodes to this many frames.
        case decodes(frames: Int)

        var description: String {
            switch self {
            case .corrupt(let text): "corrupt (\(text))"
            case .limitExceeded(let text): "limitExceeded (\(text))"
            case .decodes(let frames): "decodes to \(frames) frame(s)"
            }
        }
    }

    /// One decoder applied to one regression file.
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let decoder: String
        let expected: Outcome
        var testDescription: String { "\(file) with \(decoder): \(expected)" }
    }

    static let cases: [Case] = [
        // libpng allocated a tEXt chunk's claimed 1.7 GB before finding the file 757 bytes
        // long (a release libpng only warns about chunks over its malloc limit); ancillary
        // chunks are now skipped unread.
        Case(
            file: "png-text-chunk-claims-1.7gb.png", decoder: "PNGDecoder", expected: .corrupt("unexpected end of data")
        ),
        Case(
            file: "png-text-chunk-claims-1.7gb.png", decoder: "APNGDecoder",
            expected: .corrupt("file ends inside the tEXt chunk")),
        // The same through a truncated zTXt chunk (libpng inflated compressed text before
        // finding the end of the file); found in the first minute of fuzzing, with the above.
        Case(file: "png-ztxt-chunk-truncated.png", decoder: "PNGDecoder", expected: .corrupt("unexpected end of data")),
        Case(
            file: "png-ztxt-chunk-truncated.png", decoder: "APNGDecoder",
            expected: .corrupt("file ends inside the zTXt chunk")),
        // An 8-bit RGB image whose tRNS colour is (0x6F00, 0, 0): libpng compares only the
        // low byte (so black pixels are transparent), APNGDecoder compared all 16 bits.
        Case(file: "png-rgb8-trns-high-byte.png", decoder: "PNGDecoder", expected: .decodes(frames: 1)),
        Case(file: "png-rgb8-trns-high-byte.png", decoder: "APNGDecoder", expected: .decodes(frames: 1)),
        // A 1.8 KB Lottie document (lottie-structure, after 21 minutes) whose ellipse, scaled
        // 21,474,836 times by its layer, is 2 x 10^11 px across: rlottie's rasterizer worked
        // along its whole outline for 100 s a frame. Shapes are measured at their drawn size.
        Case(
            file: "lottie-shape-scaled-past-rasterizer.json", decoder: "ImageDecoder",
            expected: .limitExceeded("px across")),
        // A 1.2 KB Lottie document (lottie-structure, after 40 s with current rlottie) whose
        // gradient stroke has no "g": rlottie's gradient cache read its stops through a null
        // pointer and ended the process. Refused before rlottie sees it.
        Case(
            file: "lottie-gradient-without-stops.json", decoder: "ImageDecoder",
            expected: .corrupt("has no colour stops")),
    ]

    @Test("an out-of-range RGB tRNS colour matches by its low bits in both PNG decoders")
    func rgbTransparencyLowBits() throws {
        let bytes = try Fixtures.bytes("regressions/png-rgb8-trns-high-byte.png")
        let libpng = try PNGDecoder.decode(bytes)
        #expect(libpng.bytes.allSatisfy { $0 == 0 }, "every pixel is black, the tRNS colour's low bits")
        #expect(try APNGDecoder.decode(bytes).firstFrame == libpng)
    }

    static func decode(_ bytes: [UInt8], with decoder: String) throws(CodecError) -> Int {
        switch decoder {
        case "PNGDecoder":
            _ = try PNGDecoder.decode(bytes)
            return 1
        case "APNGDecoder": return try APNGDecoder.decode(bytes).frames.count
        case "GIFDecoder": return try GIFDecoder.decode(bytes).frames.count
        case "WebPDecoder": return try WebPDecoder.decode(bytes).frames.count
        case "JPEGDecoder":
            _ = try JPEGDecoder.decode(bytes)
            return 1
        default: return try ImageDecoder.decodeAnimation(bytes).frames.count
        }
    }

    @Test("each regression input gives its expected result", arguments: cases)
    func regression(_ test: Case) throws {
        let bytes = try Fixtures.bytes("regressions/" + test.file)
        let outcome: Outcome
        do {
            outcome = .decodes(frames: try Self.decode(bytes, with: test.decoder))
        } catch {
            switch error {
            case .corrupt(_, let reason): outcome = .corrupt(reason)
            case .limitExceeded(_, let limit): outcome = .limitExceeded(limit.description)
            default:
                Issue.record("unexpected \(error)")
                return
            }
        }
        switch (test.expected, outcome) {
        case (.corrupt(let text), .corrupt(let reason)), (.limitExceeded(let text), .limitExceeded(let reason)):
            #expect(reason.contains(text), "\(reason)")
        default:
            #expect(outcome == test.expected)
        }
    }

    @Test("every file in Fixtures/regressions has a case")
    func everyFileIsTested() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("regressions")).filter {
            !$0.hasPrefix(".")
        }
        #expect(Set(files) == Set(Self.cases.map(\.file)))
    }
}
