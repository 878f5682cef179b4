import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("dotLottie: ZIP archives of Lottie JSON, read through the format registry")
struct DotLottieTests {
    @Test(
        "a .lottie draws the same frames as the JSON it holds, through ImageDecoder alone",
        arguments: ["LayerBlend_0", "GradientFill", "Masks"])
    func sameFramesAsJSON(name: String) throws {
        let archive = try Fixtures.bytes("lottie/dotlottie/\(name).lottie")
        let json = try Fixtures.bytes("lottie/lottie-android/\(name).json")
        #expect(ImageFormat.sniff(archive) == .dotLottie)
        #expect(ImageFormat.dotLottie.isVector && ImageFormat.dotLottie.description == "dotLottie")
        let fromArchive = try ImageDecoder.decodeAnimation(archive)
        let fromJSON = try ImageDecoder.decodeAnimation(json)
        #expect(fromArchive.frames.count == fromJSON.frames.count && fromArchive.frames.count > 1)
        #expect(fromArchive == fromJSON)
        let composition = try LottieComposition(archive)
        #expect(composition.format == .dotLottie && composition.documentBytes == json.count)
        let header = try SourceHeader(archive)
        #expect(header.format == .dotLottie && header.frameCount == fromJSON.frames.count)
        #expect(try ImageDimensions(archive) == ImageDimensions(json))
        var streamed: [AnimationFrame] = []
        let outline = try ImageDecoder.decodeFrames(archive) { streamed.append($0) }
        #expect(streamed == fromJSON.frames && outline.frameCount == streamed.count)
        #expect(try ImageDecoder.decode(archive) == fromJSON.firstFrame)
    }

    @Test("an image the archive stores in images/ is drawn as the same image embedded in the JSON draws")
    func storedImage() throws {
        let archive = try Fixtures.bytes("lottie/dotlottie/images.lottie")
        let embedded = try Fixtures.bytes("lottie/dotlottie/images-embedded.json")
        let fromArchive = try ImageDecoder.decodeAnimation(archive)
        #expect(fromArchive.width == 64 && fromArchive.frames.count == 12)
        #expect(fromArchive.frames[0] != fromArchive.frames[6], "the image slides")
        #expect(fromArchive == (try ImageDecoder.decodeAnimation(embedded)))
        // The image is there: the disc's centre is opaque in every frame, its corners clear.
        for frame in fromArchive.frames {
            let centre = (32 * 64 + 32) * 4
            #expect(frame.raster.bytes[centre + 3] > 200 && frame.raster.bytes[3] == 0)
        }
        // Drawn at another size, too, as any Lottie document is.
        let composition = try LottieComposition(archive)
        #expect(
            try composition.frame(6, width: 128, height: 128)
                == LottieComposition(embedded).frame(6, width: 128, height: 128))
    }

    @Test("of two animations, the first the manifest lists is drawn")
    func firstAnimationOfTheManifest() throws {
        let archive = try LottieComposition(try Fixtures.bytes("lottie/dotlottie/two-animations.lottie"))
        let first = try LottieComposition(try Fixtures.bytes("lottie/lottie-android/LayerBlend_0.json"))
        #expect(try archive.animation(width: 48, height: 48) == first.animation(width: 48, height: 48))
    }

    /// The typed error of each hostile file and a phrase of its message.
    static let hostile: [(file: String, kind: String, phrase: String)] = [
        (
            "bomb.lottie", "limitExceeded",
            "\"animations/a.json\" of 20971584 bytes with the 137-byte manifest is over the document-bytes limit of 16777216"
        ),
        ("lying-size.lottie", "corrupt", "inflates to more than the 1000 bytes it declares (a lying size)"),
        ("many-entries.lottie", "limitExceeded", "an archive of 10000 entries is over the limit of 1000"),
        (
            "missing-animation.lottie", "corrupt",
            "names animation \"ghost\" but the archive has no animations/ghost.json"
        ),
        ("traversal.lottie", "corrupt", "entry name \"../evil.json\" is not a plain relative path"),
        ("no-manifest.lottie", "corrupt", "the archive has no manifest.json"),
        ("image-missing.lottie", "unsupported", "refers to \"/images/img_1.png\", which the archive does not hold"),
        (
            "image-bomb.lottie", "limitExceeded",
            "\"images/img_0.png\" of 300000000 bytes is over the input-bytes limit of 268435456"
        ),
        ("image-gif.lottie", "unsupported", "an embedded image is not PNG or JPEG"),
    ]

    @Test("each hostile .lottie gets its typed error with a clear message", arguments: hostile)
    func hostileFiles(file: String, kind: String, phrase: String) throws {
        let bytes = try Fixtures.bytes("lottie/dotlottie/\(file)")
        #expect(ImageFormat.sniff(bytes) == .dotLottie)
        let error = #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(bytes) }
        let found: (String, ImageFormat)? =
            switch error {
            case .corrupt(let format, _)?: ("corrupt", format)
            case .unsupported(let format, _)?: ("unsupported", format)
            case .limitExceeded(let format, _)?: ("limitExceeded", format)
            default: nil
            }
        #expect(found?.0 == kind && found?.1 == .dotLottie, "\(String(describing: error))")
        #expect(error?.description.contains(phrase) == true, "\(String(describing: error))")
        #expect(
            error?.description.hasPrefix(
                kind == "unsupported"
                    ? "unsupported dotLottie" : kind == "corrupt" ? "corrupt dotLottie" : "dotLottie image exceeds")
                == true)
        // The header reader, which a server sizes jobs with, refuses it the same way.
        #expect(throws: CodecError.self) { try SourceHeader(bytes) }
    }

    @Test("a smaller maxDocumentBytes refuses an honest archive by its declared size, before inflating")
    func documentLimit() throws {
        let bytes = try Fixtures.bytes("lottie/dotlottie/LayerBlend_0.lottie")
        let error = #expect(throws: CodecError.self) {
            try ImageDecoder.decodeAnimation(bytes, limits: DecodeLimits(maxDocumentBytes: 1_000))
        }
        #expect(
            error?.description.contains("is over the document-bytes limit of 1000") == true,
            "\(String(describing: error))")
    }

    @Test("damaged archives: truncated, a flipped CRC, a name with a control character, an empty name")
    func damagedArchives() throws {
        let good = try Fixtures.bytes("lottie/dotlottie/LayerBlend_0.lottie")
        for cut in [10, good.count / 2, good.count - 1] {
            #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(Array(good.prefix(cut))) }
        }
        // The central directory's copy of the animation's CRC-32.
        let reader = try ZIPReader(good, format: .dotLottie, maxEntries: 10, maxNameBytes: 255)
        #expect(reader.entries.map(\.name) == ["manifest.json", "animations/LayerBlend_0.json"])
        var flipped = good
        let central = try #require(Self.offsets(of: [0x50, 0x4B, 0x01, 0x02], in: good).last)
        flipped[central + 16] ^= 0xFF
        let crc = #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(flipped) }
        #expect(crc?.description.contains("fails its CRC-32 check") == true)
        var control = good
        control[central + 46] = 0x01
        let name = #expect(throws: CodecError.self) { try ImageDecoder.decodeAnimation(control) }
        #expect(name?.description.contains("control character") == true, "\(String(describing: name))")
    }

    static func offsets(of signature: [UInt8], in bytes: [UInt8]) -> [Int] {
        (0...(bytes.count - signature.count)).filter { Array(bytes[$0..<($0 + signature.count)]) == signature }
    }
}
