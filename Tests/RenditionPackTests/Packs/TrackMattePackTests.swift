import Foundation
import RenditionCodecs
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionPack

/// A TGS whose only visible layer is track-matted by a precomposition (which Debian's rlottie
/// 0.1 draws blank) packs for Apple and every other platform, drawn by current rlottie.
@Suite("Track-matted TGS packs for every platform")
struct TrackMattePackTests {
    @Test(
        "eight copies of a track-matted TGS make Apple's, WhatsApp's, Signal's, Telegram's, Discord's and LINE's packs")
    func everyPlatform() throws {
        let source = try TemporaryFolder.make("rendition-matte-pack-src")
        let output = try TemporaryFolder.make("rendition-matte-pack-out")
        defer {
            try? FileManager.default.removeItem(atPath: source)
            try? FileManager.default.removeItem(atPath: output)
        }
        // LINE's smallest animated pack is 8 stickers; WhatsApp's 3.
        for index in 1...8 {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("lottie/made/precomp-matte-small.tgs"), toPath: "\(source)/matte-\(index).tgs")
        }
        let platforms: [PackPlatform] = [.whatsApp, .signal, .telegram, .discord, .line]
        let summary = try PackBuilder(
            source: source, output: output, options: PackOptions(platforms: platforms, threads: 2)
        ).build()
        #expect(!summary.hasFailures, "\(summary.stickers.map { ($0.name, $0.outcome) })")
        let problems = summary.platformProblems.values.flatMap { $0 }
        #expect(problems.isEmpty, "\(summary.platformProblems)")
        for platform in platforms {
            let packs = summary.packs[platform.id] ?? []
            #expect(packs.count == 1 && packs[0].stickers.count == 8 && packs[0].animated != false, "\(platform.id)")
        }
        // Every file made for a platform shows the square through the circle: no blank frame.
        for sticker in summary.stickers {
            for file in try sticker.outcome.get() {
                let bytes = try Fixtures.bytesAt("\(output)/\(file.path)")
                guard let format = ImageFormat.sniff(bytes), !format.isVector, format != .webm else { continue }
                let animation = try ImageDecoder.decodeAnimation(bytes)
                let blank = animation.frames.filter { frame in
                    !stride(from: 3, to: frame.raster.bytes.count, by: 4).contains { frame.raster.bytes[$0] != 0 }
                }
                #expect(blank.isEmpty, "\(file.path): \(blank.count) blank frame(s)")
            }
        }
    }
}
