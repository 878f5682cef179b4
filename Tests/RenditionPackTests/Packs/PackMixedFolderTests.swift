import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionPipeline
import RenditionTestSupport
import Testing

/// A source folder of the kinds `Scripts/make-pack-fixture.py` makes for the timings, smaller:
/// 8 stills named by their code points and 7 animations (an APNG moving on a circle, a
/// non-square GIF of soft-alpha art, an animation whose frames are all alike, an animated
/// WebP, a tiny GIF, an APNG that plays once, a 64 x 48 APNG).
enum PackFixtureFolder {
    static let stills = [
        "stickers/noto-512/emoji_u1f431.png", "stickers/noto-512/emoji_u1f44d.png",
        "stickers/noto-512/emoji_u1f499.png",
        "stickers/noto-512/emoji_u1f620.png", "stickers/openmoji-618/1F195.png", "stickers/openmoji-618/1F300.png",
        "stickers/openmoji-618/1F334.png", "stickers/openmoji-618/1F1E8-1F1EE.png",
    ]

    static func make() throws -> String {
        let folder = NSTemporaryDirectory() + "rendition-pack-mixed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for still in stills {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(still), toPath: "\(folder)/\((still as NSString).lastPathComponent)")
        }
        for (fixture, name) in [
            ("webp/image-webp/animated/random_lossy.webp", "random-lossy.webp"),
            ("gif/wuffs/muybridge.gif", "muybridge.gif"),
            ("apng/philip-taylor/007.png", "plays-once.png"), ("apng/wuffs/animated-red-blue.apng", "red-blue.png"),
        ] {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(folder)/\(name)")
        }
        let burger = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F354.png"), width: 110, height: 110)
        var frames: [AnimationFrame] = []
        for i in 0..<40 {
            let angle = 2 * Double.pi * Double(i) / 40
            frames.append(
                AnimationFrame(
                    raster: placed(burger, on: 192, 192, x: 41 + Int(30 * cos(angle)), y: 41 + Int(30 * sin(angle))),
                    delay: .milliseconds(40)))
        }
        try write(
            try APNGEncoder().encode(Animation(width: 192, height: 192, frames: frames)), to: "\(folder)/bounce-192.png"
        )
        let flamingo = LanczosResampler().resample(
            try Fixtures.raster("stickers/noto-512/emoji_u1f9a9.png"), width: 160, height: 160)
        frames = (0..<20).map { i in
            AnimationFrame(
                raster: placed(flamingo, on: 305, 254, x: 72 + Int(20 * sin(2 * Double.pi * Double(i) / 20)), y: 47),
                delay: .centiseconds(8))
        }
        try write(
            try GIFEncoder().encode(Animation(width: 305, height: 254, frames: frames)),
            to: "\(folder)/wave-305x254.gif")
        let bee = LanczosResampler().resample(
            try Fixtures.raster("stickers/openmoji-618/1F41D.png"), width: 300, height: 300)
        let alike = Animation(
            width: 300, height: 300,
            frames: Array(repeating: AnimationFrame(raster: bee, delay: .milliseconds(100)), count: 4))
        try write(
            try APNGEncoder(options: .init(mergeIdenticalFrames: false)).encode(alike), to: "\(folder)/all-alike.png")
        return folder
    }

    static func placed(_ art: Raster, on width: Int, _ height: Int, x: Int, y: Int) -> Raster {
        var canvas = Raster(width: width, height: height)
        for row in 0..<art.height where (0..<height).contains(y + row) {
            for column in 0..<art.width where (0..<width).contains(x + column) {
                canvas[x + column, y + row] = art[column, row]
            }
        }
        return canvas
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

@Suite("Packs of a mixed folder for every platform")
struct PackMixedFolderTests {
    @Test(
        "stills and animations pack for every platform; the validator finds nothing in any pack; unmet counts are problems"
    )
    func everyPlatform() throws {
        let src = try PackFixtureFolder.make()
        try Data(#"{"name": "Mixed Bag", "publisher": "Rendition tests", "animatedFormats": {"discord": "gif"}}"#.utf8)
            .write(to: URL(fileURLWithPath: "\(src)/pack.json"))
        let out = NSTemporaryDirectory() + "rendition-pack-mixed-out-" + UUID().uuidString
        let all = PackPlatform.builtIn.values.sorted { $0.id < $1.id }
        let summary = try PackBuilder(source: src, output: out, options: PackOptions(platforms: all, threads: 2))
            .build()
        #expect(
            summary.stickers.allSatisfy { if case .success = $0.outcome { $0.problems.isEmpty } else { false } },
            "\(summary.stickers.map { "\($0.name): \($0.outcome) \($0.problems)" })")
        for platform in all {
            let findings = PackValidator(platform: platform).validate(folder: "\(out)/\(platform.id)")
            #expect(findings.isEmpty, "\(platform.id): \(findings.map(\.description))")
            #expect(!(summary.packs[platform.id] ?? []).isEmpty, "\(platform.id) wrote no pack")
        }
        // The all-alike animation is a still everywhere: 9 stills and 6 animations.
        let whatsapp = summary.packs["whatsapp"] ?? []
        #expect(whatsapp.map(\.identifier) == ["Mixed-Bag-still", "Mixed-Bag-animated"])
        #expect(whatsapp.map(\.stickers.count) == [9, 6])
        #expect(whatsapp[0].stickers.contains("all-alike"))
        // LINE: 8 of the 9 stills (one left out, named), no animated set (6 < 8): both reported.
        let line = summary.packs["line"] ?? []
        #expect(line.map(\.stickers.count) == [8])
        let lineProblems = summary.platformProblems["line"] ?? []
        #expect(
            lineProblems.count == 2 && lineProblems.contains { $0.contains("1 left out") }
                && lineProblems.contains { $0.contains("no animated pack") })
        // WhatsApp contents.json as ContentFileParser reads it, with emojis from the file names.
        let contents = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(out)/whatsapp/contents.json"))) as? [String: Any])
        #expect(Set(contents.keys) == ["android_play_store_link", "ios_app_store_link", "sticker_packs"])
        let packs = try #require(contents["sticker_packs"] as? [[String: Any]])
        #expect(packs.map { $0["animated_sticker_pack"] as? Bool } == [false, true])
        #expect(
            packs.allSatisfy {
                ($0["publisher"] as? String) == "Rendition tests" && ($0["tray_image_file"] as? String) == "tray.png"
            })
        let stickers = try #require(packs[0]["stickers"] as? [[String: Any]])
        #expect(stickers.first { ($0["image_file"] as? String) == "1F195.webp" }?["emojis"] as? [String] == ["🆕"])
        #expect(
            stickers.first { ($0["image_file"] as? String) == "emoji_u1f44d.webp" }?["emojis"] as? [String] == ["👍"])
        // WhatsApp: every frame of its 6 animated WebPs is a key frame (drawn whole).
        let animatedWebPs = try FileManager.default.subpathsOfDirectory(atPath: "\(out)/whatsapp")
            .filter { $0.hasSuffix(".webp") }
            .map { try Fixtures.bytesAt("\(out)/whatsapp/\($0)") }
            .filter { WebPKeyFrames.fragments($0).count > 1 }
        #expect(animatedWebPs.count == 6)
        for file in animatedWebPs { #expect(try WebPKeyFrames.keyFrames(file).allSatisfy { $0 }) }
        // Signal: the non-square GIF became a square APNG, padded; too large losslessly at 512 px
        // (the master upscaled), it is on a smaller square, Signal taking any up to 512 px.
        let wave = try ImageDecoder.decodeAnimation(try Fixtures.bytesAt("\(out)/signal/Mixed-Bag/wave-305x254.png"))
        #expect(wave.isAnimated && wave.width == wave.height && wave.width <= 512 && wave.loopCount == 0)
        #expect(wave.frames[0].raster[0, 0].a == 0)
        // Discord wrote GIFs as configured.
        #expect(ImageFormat.sniff(try Fixtures.bytesAt("\(out)/discord/Mixed-Bag/bounce-192.gif")) == .gif)
        // Every file of the report has its step.
        for result in summary.stickers {
            if case .success(let files) = result.outcome { #expect(files.allSatisfy { !$0.step.isEmpty }) }
        }
    }
}
