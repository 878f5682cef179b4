import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// The crafted files of `Fixtures/hostile/webm/` (made by `Scripts/make-hostile-webm`): each
/// gives its typed error, never a trap, and no frame size the track does not allow reaches
/// libvpx. (That the refused sizes are never allocated is shown by memory, in
/// `HostileWebMRenderTests`.)
@Suite("WebM: crafted hostile files")
struct WebMHostileInputTests {
    enum Kind: String, Sendable {
        case corrupt, unsupported, limitExceeded
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let kind: Kind
        let phrase: String
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "timecode-times-scale-overflows.webm", kind: .unsupported,
            phrase: "frame 1 lasts 1099511627771 s; frames longer than a day (86400 s) are not decoded"),
        Case(file: "block-duration-1e10.webm", kind: .unsupported, phrase: "frame 3 lasts 10000000000 s"),
        Case(file: "segment-duration-1e11.webm", kind: .unsupported, phrase: "frame 3 lasts 99999999997 s"),
        Case(file: "delays-sum-past-int.webm", kind: .unsupported, phrase: "frame 1 lasts 4503599627 s"),
        Case(file: "default-duration-2e62.webm", kind: .unsupported, phrase: "frame 1 lasts 4611686018 s"),
        Case(
            file: "cluster-timecode-2e63.webm", kind: .corrupt,
            phrase: "a Cluster Timecode of 9223372036854775808 ticks"),
        Case(
            file: "vp9-intra-only-16384.webm", kind: .unsupported,
            phrase: "frame 1 of the colour stream: an intra-only frame of 16384x16384 in a 64x64 track"),
        Case(
            file: "vp9-key-frame-16384.webm", kind: .unsupported,
            phrase: "frame 2 of the colour stream: a key frame of 16384x16384 in a 64x64 track"),
        Case(
            file: "vp9-inter-frame-1024.webm", kind: .unsupported,
            phrase: "frame 2 of the colour stream: an inter frame of 1024x1024 in a 64x64 track"),
        Case(
            file: "vp9-superframe-intra-only-16384.webm", kind: .unsupported,
            phrase:
                "frame 2 of the colour stream: superframe frame 2 of 2: an intra-only frame of 16384x16384 in a 64x64 track"
        ),
        Case(
            file: "vp9-superframe-index-past-end.webm", kind: .corrupt,
            phrase:
                "frame 2 of the colour stream: VP9 superframe frame 1 of 1 is 65535 bytes, past the end of the block"),
        Case(
            file: "vp9-alpha-intra-only-16384.webm", kind: .unsupported,
            phrase: "frame 2 of the alpha stream: an intra-only frame of 16384x16384 in a 64x64 track"),
        Case(
            file: "vp8-key-frame-16383.webm", kind: .unsupported,
            phrase: "frame 1 of the colour stream: a key frame of 16383x16383 in a 64x64 track"),
        Case(
            file: "truncated-void.webm", kind: .corrupt,
            phrase: "the file ends inside the Void element (truncated)"),
        Case(
            file: "truncated-crc32.webm", kind: .corrupt,
            phrase: "the file ends inside the 0xBF element (truncated)"),
    ]

    @Test("each crafted file gives its typed error", arguments: cases)
    func typedError(testCase: Case) throws {
        let bytes = try Fixtures.bytes("hostile/webm/" + testCase.file)
        let error = #expect(throws: CodecError.self) { try WebMDecoder.decode(bytes) }
        let kind: Kind?
        let reason: String
        switch error {
        case .corrupt(.webm, let text)?: (kind, reason) = (.corrupt, text)
        case .unsupported(.webm, let text)?: (kind, reason) = (.unsupported, text)
        case .limitExceeded(.webm, let limit)?: (kind, reason) = (.limitExceeded, limit.description)
        default: (kind, reason) = (nil, String(describing: error))
        }
        #expect(kind == testCase.kind, "\(reason)")
        #expect(reason.contains(testCase.phrase), "\(reason)")
        #expect(!reason.contains("element element"))
        // Through the format-independent entry point too.
        #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(bytes) }
    }

    @Test("every file in the hostile folder has a test")
    func everyFileHasACase() throws {
        let tested = Self.cases.map(\.file) + ["vp9-show-existing-then-intra-only.webm"]
        #expect(try Fixtures.files(in: "hostile/webm", extension: "webm") == tested.sorted())
    }

    @Test("a block that shows an earlier frame and goes on without an index decodes as one frame")
    func trailingBytesAfterShowExisting() throws {
        let bytes = try Fixtures.bytes("hostile/webm/vp9-show-existing-then-intra-only.webm")
        let animation = try WebMDecoder.decode(bytes)
        #expect(animation.width == 64 && animation.height == 64)
        #expect(animation.frames.count == 2)
        // The second frame shows the first again.
        #expect(animation.frames.count == 2 && animation.frames[1].raster == animation.frames[0].raster)
    }
}
