import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// The crafted files of `Fixtures/hostile/lottie` (made by `Scripts/make-hostile-lottie`), and
/// the canonical document: what rlottie is given holds only what Rendition checked.
@Suite("Lottie and TGS: crafted files and the canonical document")
struct HostileLottieTests {
    static let cases = HostileFixtures.cases(in: "lottie")

    /// `bytes` parsed whole by Rendition's reader.
    static func tree(_ bytes: [UInt8]) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer {
            try JSONReader.parse($0, keeping: nil, maxDepth: 128, maxKeptValues: 1 << 22)
        }
    }

    /// Every member name anywhere in `value`.
    static func memberNames(_ value: JSONValue) -> Set<String> {
        switch value {
        case .array(let elements): return elements.reduce(into: []) { $0.formUnion(memberNames($1)) }
        case .object(let members):
            return members.reduce(into: Set(members.map(\.name))) { $0.formUnion(memberNames($1.value)) }
        default: return []
        }
    }

    @Test("the crafted set is complete")
    func present() {
        #expect(Self.cases.count >= 23)
    }

    @Test("each crafted file gives its typed error", arguments: cases)
    func refused(file: HostileFixtures.Case) throws {
        let bytes = try Fixtures.bytes(file.path)
        if file.phrase == "loads" {
            // A correct sticker: its embedded image reaches rlottie as Rendition's small PNG.
            let composition = try LottieComposition(bytes)
            #expect(composition.canonicalDocument.count < 2_000)
            #expect(try composition.frame(0, width: 100, height: 100).bytes.contains { $0 != 0 })
            return
        }
        let error = LottieTestFiles.error(bytes)
        let description = error.map(\.description) ?? "no error"
        #expect(description.contains(file.phrase), "\(description)")
        if case .limitExceeded? = error {
            #expect(!description.contains("raise the limit"), "no limit key is promised in the codec's own message")
        }
    }

    @Test("valid fixtures: the canonical document has no file path, no folder, no URL")
    func canonicalHasNoPath() throws {
        var files = try Fixtures.files(in: "lottie/lottie-android", extension: "json").map {
            "lottie/lottie-android/" + $0
        }
        files.append("lottie/rlottie/polystar_line_clockwise_trim.json")
        let limits = DecodeLimits(maxFrames: 40_000, maxDecodedBytes: Int.max, maxDrawingWork: Int.max)
        var loaded = 0
        for file in files {
            guard let composition = try? LottieComposition(try Fixtures.bytes(file), limits: limits) else { continue }
            loaded += 1
            let canonical = try Self.tree(composition.canonicalDocument)
            #expect(!Self.memberNames(canonical).contains("u"), "\(file)")
            for asset in canonical["assets"]?.elements ?? [] {
                if let path = asset["p"] {
                    #expect(path.string?.hasPrefix("data:image/png;base64,") == true, "\(file)")
                }
            }
        }
        // WeAccept names external files and is refused; the rest load.
        #expect(loaded == files.count - 1)
    }

    @Test("an embedded PNG is decoded by Rendition and handed over as a PNG of the same pixels")
    func embeddedImageRedrawn() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/Heart.json")
        let composition = try LottieComposition(
            bytes, limits: DecodeLimits(maxFrames: 40_000, maxDecodedBytes: Int.max, maxDrawingWork: Int.max))
        let canonical = try Self.tree(composition.canonicalDocument)
        let asset = try #require(canonical["assets"]?.elements?.first { $0["p"] != nil })
        #expect(asset["e"]?.number == 1)
        let expected = try LottieLibraryTests.CAPI(path: composition.renderer.path).frame(
            bytes, frame: 0, width: 100, height: 100)
        #expect(try composition.frame(0, width: 100, height: 100).bytes == expected)
    }

    @Test("the canonical document keeps what rlottie reads and drops the rest")
    func canonicalMembers() throws {
        let layer =
            #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"ef":[{"x":1}],"shapes":[{"c":{"k":[0,1,0,1]},"ty":"fl","o":{"k":100},"junk":1}]}"#
        var text = String(decoding: LottieTestFiles.document(layers: layer), as: UTF8.self)
        text = text.replacingOccurrences(
            of: #""assets":[]"#, with: #""assets":[{"id":7,"layers":[],"nm":"x"}],"markers":[],"tgs":1"#)
        let composition = try LottieComposition(Array(text.utf8))
        #expect(composition.hasTelegramMarker)
        let canonical = try Self.tree(composition.canonicalDocument)
        let names = Self.memberNames(canonical)
        for dropped in ["ef", "junk", "markers", "tgs", "u"] { #expect(!names.contains(dropped), "\(dropped)") }
        // The members before a shape's "ty" are not read by rlottie: they are gone.
        let fill = try #require(canonical["layers"]?.elements?.first?["shapes"]?.elements?.first)
        #expect(fill.members?.map(\.name) == ["ty", "o"])
        // A numeric asset id is written as rlottie keys it.
        #expect(canonical["assets"]?.elements?.first?["id"] == .string("7"))
    }

    @Test("numbers are handed over as the tokens the document wrote")
    func numbersKeepTheirText() throws {
        let text = String(decoding: LottieTestFiles.document(rate: "29.9700012207031"), as: UTF8.self)
        let composition = try LottieComposition(Array(text.utf8))
        #expect(String(decoding: composition.canonicalDocument, as: UTF8.self).contains(#""fr":29.9700012207031"#))
    }

    @Test("every fixture draws far fewer shapes than the limits allow")
    func fixturesUnderTheBudget() throws {
        let limits = DecodeLimits(maxFrames: 40_000, maxDecodedBytes: Int.max, maxDrawingWork: Int.max)
        for file in try Fixtures.files(in: "lottie/lottie-android", extension: "tgs") {
            guard
                let composition = try? LottieComposition(
                    try Fixtures.bytes("lottie/lottie-android/" + file), limits: limits)
            else { continue }
            #expect(composition.drawsPerFrame * 20 <= Double(DecodeLimits.default.maxDrawsPerFrame), "\(file)")
            let work = composition.drawsPerFrame * Double(min(composition.frameCount, 180)) * 512 * 512
            #expect(work * 4 <= Double(DecodeLimits.default.maxDrawingWork), "\(file)")
        }
    }

    @Test("the drawing-work limit applies to each size asked of a loaded composition")
    func drawingWorkAtSize() throws {
        // 10 frames of 4 shapes (the layer, its group's rectangle, fill and transform) filling
        // 100 x 100 px, plus the 40 px rectangle's outline at 3 units a pixel.
        let work = 10 * (4 * 100 * 100 + 3 * 40)
        let composition = try LottieComposition(LottieTestFiles.document(), limits: DecodeLimits(maxDrawingWork: work))
        #expect(composition.drawsPerFrame == 4)
        _ = try composition.animation(width: 100, height: 100)
        #expect(throws: CodecError.self) { try composition.animation(width: 200, height: 200) }
    }
}
