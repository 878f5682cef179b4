import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// The reference frames written by `Scripts/make-apng-references.py` (straight RGBA8).
struct APNGReference: Decodable {
    let width: Int
    let height: Int
    let frames: Int
    let loopCount: Int
    let delays: [[Int]]
    /// "pillow" when Pillow's own frames are stored, "spec" when the script's spec
    /// compositor's are (Pillow being wrong there; see Fixtures/README.md).
    let reference: String

    static let all: [String: APNGReference] = {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: Fixtures.path("apng/expected/index.json"))),
            let index = try? JSONDecoder().decode([String: APNGReference].self, from: data)
        else { return [:] }
        return index
    }()

    /// The stored frames, premultiplied, one raster per frame.
    static func frames(of file: String, _ reference: APNGReference) throws -> [Raster] {
        let stem = file.split(separator: ".").dropLast().joined(separator: ".")
        let bytes = try Fixtures.bytes("apng/expected/" + stem + ".rgba")
        let frameBytes = reference.width * reference.height * 4
        #expect(bytes.count == frameBytes * reference.frames)
        return (0..<reference.frames).map { i in
            Raster(
                width: reference.width, height: reference.height,
                straightRGBA: Array(bytes[(i * frameBytes)..<((i + 1) * frameBytes)]))
        }
    }

    /// The largest difference between two premultiplied rasters' samples.
    static func maxDifference(_ a: Raster, _ b: Raster) -> Int {
        zip(a.bytes, b.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}

@Suite("APNG conformance (Philip Taylor, Pillow, wuffs)")
struct APNGConformanceTests {
    static let validFiles = APNGReference.all.keys.sorted()
    static let invalidFiles = (39...60).map { String(format: "philip-taylor/%03d.png", $0) }

    /// Files whose samples may differ from the reference by 1: the reference composites in
    /// float64, Rendition on an 8-bit premultiplied canvas, and these two blend 15
    /// half-transparent frames OVER one another, so the canvas's rounding after each frame
    /// drifts by up to 1 LSB. Every other file must match exactly.
    static let roundingFiles: Set = ["philip-taylor/022.png", "philip-taylor/023.png"]

    @Test("the reference set covers every valid file of the three suites")
    func referenceSetIsComplete() {
        #expect(Self.validFiles.count == 39 + 3 + 2)
        #expect(APNGReference.all.values.filter { $0.reference == "spec" }.count == 10)
    }

    @Test("every valid file decodes to the reference frames, delays and loop count", arguments: validFiles)
    func matchesReference(file: String) throws {
        let reference = try #require(APNGReference.all[file])
        let animation = try APNGDecoder.decode(try Fixtures.bytes("apng/" + file))
        #expect(animation.width == reference.width && animation.height == reference.height)
        #expect(animation.loopCount == reference.loopCount)
        try #require(animation.frames.count == reference.frames, "\(file): frame count")
        for (frame, delay) in zip(animation.frames, reference.delays) {
            // Exactly as stored: numerator and denominator, not only the value.
            #expect(frame.delay.numerator == delay[0] && frame.delay.denominator == delay[1], "\(file): delay")
        }
        let expected = try APNGReference.frames(of: file, reference)
        let tolerance = Self.roundingFiles.contains(file) ? 1 : 0
        for (index, (frame, want)) in zip(animation.frames, expected).enumerated() {
            let difference = APNGReference.maxDifference(frame.raster, want)
            #expect(difference <= tolerance, "\(file) frame \(index): differs by \(difference)")
        }
    }

    /// INDEX.md's expected final render, checked directly (independently of any decoder).
    @Test("final frames show what INDEX.md says: solid green or fully transparent")
    func finalRenders() throws {
        let green = RGBA(0, 255, 0, 255), clear = RGBA(0, 0, 0, 0)
        let expectations: [(Int, RGBA)] =
            [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 13, 16, 17, 20, 21, 24, 36, 37].map { ($0, green) }
            + [8, 12, 14, 18].map { ($0, clear) }
        for (number, color) in expectations {
            let file = String(format: "apng/philip-taylor/%03d.png", number)
            let last = try APNGDecoder.decode(try Fixtures.bytes(file)).frames.last!.raster
            let pixels = (0..<(last.width * last.height)).map { last[$0 % last.width, $0 / last.width] }
            #expect(pixels.allSatisfy { $0 == color }, "\(file) does not end \(color)")
        }
    }

    @Test("each invalid file (039-060) gives a typed error that names the violation", arguments: invalidFiles)
    func rejectsInvalid(file: String) throws {
        let reasons = [
            "039": "without an acTL", "040": "acTL chunk repeated", "041": "acTL chunk after IDAT",
            "042": "has no fcTL before it", "043": "frame 0 has no image data", "044": "frame 0 has no image data",
            "045": "declares 0 frames", "046": "declares 0 frames", "047": "declares 1 frame but",
            "048": "declares 3 frames but", "049": "declares 4 frames but", "050": "over 2^31-1",
            "051": "must start at 0", "052": "skips 3", "053": "2 repeats", "054": "3 repeats",
            "055": "skips 3", "056": "skips 3", "057": "0 repeats", "058": "not the whole 128x64 canvas",
            "059": "ends before the 128x64 image", "060": "more than the 128x64 image",
        ]
        let key = String(file.dropFirst("philip-taylor/".count).prefix(3))
        let expected = try #require(reasons[key])
        let bytes = try Fixtures.bytes("apng/" + file)
        #expect {
            _ = try APNGDecoder.decode(bytes)
        } throws: { error in
            guard case CodecError.corrupt(.png, let reason)? = error as? CodecError else { return false }
            return reason.contains(expected)
        }
        // Through the generic entry point too.
        #expect(throws: CodecError.self) { _ = try ImageDecoder.decodeAnimation(bytes) }
    }

    static let pngSuiteFiles = (try? Fixtures.files(in: "pngsuite", extension: "png")) ?? []

    @Test("the PngSuite folder holds its 175 files (161 valid, 14 corrupt)")
    func pngSuiteIsComplete() {
        #expect(Self.pngSuiteFiles.count == 175)
    }

    /// Plain PNGs go through Rendition's own inflate/unfilter/expand path (not libpng).
    @Test(
        "every PngSuite file decodes to the reference pixels; corrupt ones give typed errors", arguments: pngSuiteFiles)
    func pngSuite(file: String) throws {
        let bytes = try Fixtures.bytes("pngsuite/" + file)
        if file.hasPrefix("x") {
            #expect(throws: CodecError.self) { _ = try APNGDecoder.decode(bytes) }
            return
        }
        let expected = try Fixtures.bytes("pngsuite/expected/" + file.dropLast(4) + ".rgba")
        let animation = try APNGDecoder.decode(bytes)
        #expect(animation.frames.count == 1)
        let raster = animation.firstFrame
        let matches = raster == Raster(width: raster.width, height: raster.height, straightRGBA: expected)
        #expect(matches, "\(file): pixels differ from the reference")
    }
}
