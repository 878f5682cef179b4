import Foundation
import RenditionCodecs
import RenditionCore
@testable import RenditionPack
import RenditionTestSupport
import Testing

/// The validator on packs that break the platforms' rules, each finding naming its rule.
@Suite("Pack validator")
struct PackValidatorTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "rendition-pack-check-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func animation(width: Int, height: Int, frames: Int, delay: Int, loop: Int, alike: Bool = false) -> Animation
    {
        let frames = (0..<frames).map { i -> AnimationFrame in
            var raster = Raster(width: width, height: height)
            for y in 0..<height / 2 { for x in 0..<width / 2 { raster[x, y] = RGBA(200, 40, 40, 255) } }
            if !alike { raster[i % width, height - 1] = RGBA(0, 0, 200, 255) }
            return AnimationFrame(raster: raster, delay: .milliseconds(delay))
        }
        return Animation(width: width, height: height, frames: frames, loopCount: loop)
    }

    static func write(_ bytes: [UInt8], _ path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    @Test("Signal processImage.ts: a 512x427 APNG is not square; a finite loop is refused")
    func signalNotSquare() throws {
        let pack = try Self.folder()
        try Self.write(
            try APNGEncoder(options: .init(truecolour: true)).encode(
                Self.animation(width: 512, height: 427, frames: 3, delay: 100, loop: 2)),
            "\(pack)/a.png")
        try Data(#"{"title": "T", "author": "A", "stickers": [{"file": "a.png", "emoji": "🙂"}]}"#.utf8).write(
            to: URL(fileURLWithPath: "\(pack)/manifest.json"))
        let findings = PackValidator(platform: .signal).validate(folder: pack)
        #expect(Set(findings.map(\.rule)) == [.canvas, .loops], "\(findings)")
        #expect(findings.allSatisfy { $0.source.contains("sticker-creator") })
    }

    @Test("Signal-iOS issue 4611: an animated PNG with a palette is flagged, the same animation in RGBA is not")
    func signalPalette() throws {
        let animation = Self.animation(width: 512, height: 512, frames: 3, delay: 100, loop: 0)
        for truecolour in [false, true] {
            let pack = try Self.folder()
            let bytes = try APNGEncoder(options: .init(truecolour: truecolour)).encode(animation)
            #expect(PackValidator.pngColourType(bytes) == (truecolour ? 6 : 3))
            try Self.write(bytes, "\(pack)/a.png")
            try Data(#"{"title": "T", "author": "A", "stickers": [{"file": "a.png", "emoji": "🙂"}]}"#.utf8).write(
                to: URL(fileURLWithPath: "\(pack)/manifest.json"))
            let findings = PackValidator(platform: .signal).validate(folder: pack)
            #expect(findings.map(\.rule) == (truecolour ? [] : [.colourType]), "\(findings)")
            #expect(findings.allSatisfy { $0.source.contains("4611") && $0.message.contains("colour type 3") })
        }
    }

    @Test(
        "LINE animationsticker guideline: endless loops, loops x duration > 4 s, identical frames, counts outside 8/16/24, missing main and tab"
    )
    func line() throws {
        let pack = try Self.folder()
        // 1.5 s endless (LINE needs 1-4 loops), 1.5 s x 4 loops (6 s > 4 s), frames all alike.
        try Self.write(
            try APNGEncoder(options: .init(mergeIdenticalFrames: false)).encode(
                Self.animation(width: 320, height: 270, frames: 5, delay: 300, loop: 0)), "\(pack)/01.png")
        try Self.write(
            try APNGEncoder(options: .init(mergeIdenticalFrames: false)).encode(
                Self.animation(width: 320, height: 270, frames: 5, delay: 300, loop: 4)), "\(pack)/02.png")
        try Self.write(
            try APNGEncoder(options: .init(mergeIdenticalFrames: false)).encode(
                Self.animation(width: 320, height: 270, frames: 5, delay: 100, loop: 1, alike: true)), "\(pack)/03.png")
        let findings = PackValidator(platform: .line).validate(folder: pack)
        let byFile = Dictionary(grouping: findings, by: { $0.file ?? "" }).mapValues { Set($0.map(\.rule)) }
        #expect(byFile["01.png"] == [.loops, .playTime], "\(findings)")
        #expect(byFile["02.png"] == [.playTime])
        #expect(byFile["03.png"] == [.identicalFrames])
        #expect(findings.contains { $0.rule == .allowedCounts && $0.file == nil })
        #expect(byFile["main.png"] == [.packImage] && byFile["tab.png"] == [.packImage])
        #expect(findings.first { $0.rule == .playTime }?.source.contains("animationsticker") == true)
    }

    @Test(
        "WhatsApp StickerPackValidator.java: mixed still and animated, too few stickers, no emoji, unknown key, no publisher"
    )
    func whatsApp() throws {
        let root = try Self.folder()
        try FileManager.default.createDirectory(atPath: "\(root)/p", withIntermediateDirectories: true)
        try Self.write(try WebPEncoder().encode(Animation(still: Raster(width: 512, height: 512))), "\(root)/p/a.webp")
        try Self.write(
            try WebPEncoder().encode(Self.animation(width: 512, height: 512, frames: 3, delay: 100, loop: 0)),
            "\(root)/p/b.webp")
        try Self.write(try PNGEncoder().encode(Raster(width: 96, height: 96)), "\(root)/p/tray.png")
        let contents = #"""
            {"sticker_packs": [{"identifier": "p", "name": "P", "publisher": "", "tray_image_file": "tray.png",
              "image_data_version": "1", "animated_sticker_pack": false,
              "stickers": [{"image_file": "a.webp", "emojis": []}, {"image_file": "b.webp", "emojis": ["🙂"], "size": 3}]}]}
            """#
        try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(root)/contents.json"))
        let findings = PackValidator(platform: .whatsApp).validate(folder: root)
        let rules = Set(findings.map(\.rule))
        #expect(rules == [.manifest, .emojis, .stillOrAnimated, .stickerCount], "\(findings)")
        #expect(findings.contains { $0.message.contains("publisher is empty") })
        #expect(findings.contains { $0.message.contains("\"size\"") })
        #expect(findings.first { $0.rule == .stickerCount }?.source.contains("STICKER_SIZE_MIN") == true)
    }

    @Test("Discord create-guild-sticker: an animation over 5 s; a JPEG is not accepted")
    func discord() throws {
        let pack = try Self.folder()
        try Self.write(
            try APNGEncoder().encode(Self.animation(width: 320, height: 320, frames: 6, delay: 1000, loop: 0)),
            "\(pack)/long.png")
        try Data(#"{"stickers": [{"file": "long.png", "name": "long", "tags": "🙂"}]}"#.utf8).write(
            to: URL(fileURLWithPath: "\(pack)/stickers.json"))
        let findings = PackValidator(platform: .discord).validate(folder: pack)
        #expect(findings.map(\.rule) == [.duration], "\(findings)")
    }
}
