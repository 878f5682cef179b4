import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionBatch
@testable import RenditionPipeline

@Suite("Frame-by-frame rendering")
struct FrameByFrameRenderTests {
    /// Animated and still inputs of every format, from the conformance sets and the stickers.
    static let inputs: [String] = {
        var paths: [String] = []
        for (folder, ext) in [
            ("gif/pillow", "gif"), ("gif/wuffs", "gif"), ("apng/pillow", "png"), ("apng/wuffs", "apng"),
            ("webp/pillow", "webp"),
        ] {
            paths += ((try? Fixtures.files(in: folder, extension: ext)) ?? []).map { "\(folder)/\($0)" }
        }
        return paths + [
            "gif/peterdn-gif-test-suite/animated_transparent_frame_restoreprev_loop.gif",
            "stickers/openmoji-618/1F195.png", "stickers/noto-512/emoji_u1f236.png",
            "jpeg/emoji_u1f236-on-white.jpg",
        ]
    }()

    /// What a render gives: each rendition's scale, size and bytes, or the error.
    static func outcome(_ body: () throws(CodecError) -> [Rendition]) -> String {
        do throws(CodecError) {
            return try body().map { "\($0.scale) \($0.width)x\($0.height) \($0.fileExtension) \(SHA256.hex($0.bytes))" }
                .joined(separator: "; ")
        } catch {
            return "error: \(error)"
        }
    }

    @Test(
        "each frame resampled as it is decoded gives the bytes of decoding the master whole, in every output format, on 1 and 2 threads",
        arguments: [OutputFormat.auto, .gif, .apng, .png], [1, 2])
    func sameBytesAsWholeMaster(format: OutputFormat, threads: Int) throws {
        #expect(Self.inputs.count == 18 + 4 + 3 + 2 + 6 + 4)
        let renderer = StickerRenderer(options: RenderOptions(format: format, frameThreads: threads))
        for input in Self.inputs {
            let bytes = try Fixtures.bytes(input)
            let inputFormat = try #require(ImageFormat.sniff(bytes))
            let scratch = try RenderScratch(options: renderer.options)
            let frameByFrame = Self.outcome { () throws(CodecError) in try renderer.render(bytes, scratch: scratch) }
            let whole = Self.outcome { () throws(CodecError) in
                try renderer.render(
                    master: try ImageDecoder.decodeAnimation(bytes), inputFormat: inputFormat, scratch: scratch)
            }
            #expect(frameByFrame == whole, "\(input) as \(format), \(threads) threads")
            #expect(!frameByFrame.hasPrefix("error"), "\(input) as \(format): \(frameByFrame)")
        }
    }

    @Test("the master's size is reported from the decoder's outline")
    func masterSize() throws {
        let rendered = try StickerRenderer().renderSticker(
            try Fixtures.bytes("gif/pillow/hopper.gif"), scratch: RenderScratch(options: RenderOptions()))
        let master = try ImageDecoder.decodeAnimation(try Fixtures.bytes("gif/pillow/hopper.gif"))
        #expect(rendered.masterWidth == master.width && rendered.masterHeight == master.height)
        #expect(
            rendered.renditions.map(\.width) == [
                StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: .x2).width,
                StickerGeometry.renditionSize(masterWidth: master.width, masterHeight: master.height, scale: .x1).width,
            ])
    }

    @Test("a truncated animation fails with the decoder's error, not a partial rendition")
    func truncatedInput() throws {
        let bytes = try Fixtures.bytes("gif/pillow/hopper.gif")
        let cut = Array(bytes[0..<(bytes.count * 2 / 3)])
        #expect(throws: CodecError.self) { try StickerRenderer().render(cut) }
        let apng = try Fixtures.bytes("apng/pillow/dispose_op_previous_frame.png")
        #expect(throws: CodecError.self) { try StickerRenderer().render(Array(apng[0..<(apng.count - 20)])) }
    }
}
