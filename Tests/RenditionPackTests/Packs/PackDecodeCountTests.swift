import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionBatch
@testable import RenditionPack

/// A whole pack decodes each master once: lint, every platform's file, the catalog and the
/// renditions all come from one decode, and no platform file is staged on disk.
///
/// Decodes are counted by the codecs (`DecodeCount`) for the bytes they were given, so the
/// masters here are made with unique bytes (one pixel of each set from a fresh UUID) and other
/// tests decoding fixtures at the same time cannot be counted.
@Suite("Decodes per master in a pack")
struct PackDecodeCountTests {
    /// A master per kind: a still PNG, an APNG, a GIF, an animated WebP and a Lottie document,
    /// each with bytes no other test has; plus the image the packs' own images and the app icon
    /// come from (without one, every sticker of a pack is decoded once more to find the most
    /// legible, `TrayLegibility`).
    static func makeSource() throws -> (folder: String, masters: [String: [UInt8]]) {
        let folder = try TemporaryFolder.make("rendition-decode-count")
        let salt = UUID().uuid
        func marked(_ raster: Raster, _ k: Int) -> Raster {
            var copy = raster
            // Four corner-row pixels carry salt bytes with an odd alpha, so a marked master
            // never has the bytes of the unmarked art the tray is made from: with one salt
            // byte as alpha, a salt of 0 (1 run in 256) would leave `still.png` byte-identical to
            // `tray.png`, and the tray's decodes would count as the master's.
            let bytes = [salt.0, salt.1, salt.2, salt.3, salt.4, salt.5, salt.6, salt.7]
            copy.bytes.withUnsafeMutableBufferPointer {
                for pixel in 0..<4 {
                    $0[pixel * 4] = bytes[(k + pixel) % 8]
                    $0[pixel * 4 + 1] = bytes[(k + pixel + 1) % 8]
                    $0[pixel * 4 + 2] = 0
                    $0[pixel * 4 + 3] = bytes[(k + pixel + 2) % 8] | 1
                }
            }
            return copy
        }
        let burger = try Fixtures.raster("stickers/openmoji-618/1F354.png")
        let still = LanczosResampler().resample(burger, width: 408, height: 408)
        let bee = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F41D.png"), width: 300, height: 300)
        let moving = Animation(
            width: 300, height: 300,
            frames: (0..<6).map { i in
                AnimationFrame(raster: marked(shifted(bee, by: i * 4), i), delay: .milliseconds(100))
            })
        var masters: [String: [UInt8]] = [:]
        masters["still.png"] = try PNGEncoder().encode(marked(still, 0))
        masters["moving-apng.png"] = try APNGEncoder().encode(moving)
        masters["moving-gif.gif"] = try GIFEncoder().encode(moving)
        masters["moving-webp.webp"] = try WebPEncoder(options: .lossless).encode(moving)
        var lottie = try Fixtures.bytes("lottie/lottie-android/LayerBlend_0.json")
        lottie += Array(" \(UUID().uuidString.map { $0.isLetter ? " " : "\t" }.joined())\n".utf8)
        masters["vector.json"] = lottie
        for (name, bytes) in masters { try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name)")) }
        try Data(try PNGEncoder().encode(still)).write(to: URL(fileURLWithPath: "\(folder)/tray.png"))
        try Data(#"{"tray": "tray.png", "icon": "tray.png", "defaultEmojis": ["🍔"]}"#.utf8).write(
            to: URL(fileURLWithPath: "\(folder)/pack.json"))
        return (folder, masters)
    }

    /// `raster` moved right by `dx` pixels (transparent where it came from).
    static func shifted(_ raster: Raster, by dx: Int) -> Raster {
        var moved = Raster(width: raster.width, height: raster.height)
        for y in 0..<raster.height {
            for x in dx..<raster.width {
                for c in 0..<4 {
                    moved.bytes[(y * raster.width + x) * 4 + c] = raster.bytes[(y * raster.width + x - dx) * 4 + c]
                }
            }
        }
        return moved
    }

    /// Decodes expected per master: one, except that lint reads an APNG's default image once
    /// more through libpng for the colour values under transparent pixels (`decodeSource`).
    static func decodes(_ name: String) -> Int { name == "moving-apng.png" ? 2 : 1 }

    static var options: PackOptions {
        var options = PackOptions(platforms: PackPlatform.builtIn.values.sorted { $0.id < $1.id }, threads: 2)
        options.lintsMasters = true
        options.allowsLintErrors = true
        return options
    }

    @Test("every platform's pack, the catalog and the renditions come from one decode of each master")
    func oneDecodePerMaster() throws {
        DecodeCount.startRecording()
        let (source, masters) = try Self.makeSource()
        for bytes in masters.values { #expect(DecodeCount.count(of: bytes) == 0) }
        let output = try TemporaryFolder.make("rendition-decode-count-out")
        let summary = try PackBuilder(source: source, output: output, options: Self.options).build()
        #expect(summary.stickers.count == 5)
        for sticker in summary.stickers {
            let files = try sticker.outcome.get()
            #expect(files.contains { $0.platform == "telegram" }, "\(sticker.name) has no Telegram file")
            #expect(
                files.contains { $0.path.hasPrefix("Stickers.xcstickers/") }, "\(sticker.name) has no catalog entry")
        }
        for (name, bytes) in masters.sorted(by: { $0.key < $1.key }) {
            #expect(
                DecodeCount.count(of: bytes) == Self.decodes(name),
                "\(name) was decoded \(DecodeCount.count(of: bytes)) times")
        }
        let top = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(!top.contains(".rendition-stage") && !top.contains(PackShardOutputs.folder), "left behind: \(top)")
        // The platform files are in their packs, under the platform's names: WhatsApp keeps
        // stills and animations apart and wants at least 3 a pack, so the 4 animations.
        let whatsApp = try FileManager.default.subpathsOfDirectory(atPath: "\(output)/whatsapp")
        #expect(whatsApp.filter { $0.hasSuffix(".webp") }.count == 4, "\(whatsApp)")
    }

    @Test(
        "shards hand their platform files to the run that writes the packs, which decodes nothing again and cleans up")
    func shardsDecodeOnce() throws {
        DecodeCount.startRecording()
        let (source, masters) = try Self.makeSource()
        let output = try TemporaryFolder.make("rendition-decode-count-shards")
        for index in 1...2 {
            var options = Self.options
            let shard = Shard(parsing: "\(index)/2")
            #expect(shard != nil)
            options.shard = shard
            _ = try PackBuilder(source: source, output: output, options: options).build()
        }
        #expect(FileManager.default.fileExists(atPath: "\(output)/\(PackShardOutputs.folder)"))
        let summary = try PackBuilder(source: source, output: output, options: Self.options).build()
        let rebuilt = summary.stickers.filter { !$0.skipped }.map(\.name)
        #expect(rebuilt.isEmpty, "rebuilt: \(rebuilt)")
        for (name, bytes) in masters.sorted(by: { $0.key < $1.key }) {
            #expect(
                DecodeCount.count(of: bytes) == Self.decodes(name),
                "\(name) was decoded \(DecodeCount.count(of: bytes)) times")
        }
        let top = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(!top.contains(PackShardOutputs.folder), "left behind: \(top)")
        let telegram = try FileManager.default.subpathsOfDirectory(atPath: "\(output)/telegram")
        #expect(telegram.contains { $0.hasSuffix("set.json") })
        #expect(telegram.filter { $0.hasSuffix(".webp") || $0.hasSuffix(".webm") }.count >= 5, "\(telegram)")
    }
}
