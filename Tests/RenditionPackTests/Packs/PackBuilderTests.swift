import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionPipeline
import RenditionTestSupport
import Testing

@Suite("Pack builder")
struct PackBuilderTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "rendition-pack-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// A source folder with three stills, one APNG with uniform delays and one GIF, and a pack.json.
    static func source() throws -> String {
        let src = try folder()
        for name in ["1F195", "1F300", "1F334"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/openmoji-618/\(name).png"), toPath: "\(src)/\(name).png")
        }
        // An animation with uniform 1/12 s delays, looping forever: becomes a sticker sequence.
        let base = try Fixtures.raster("stickers/openmoji-618/1F41D.png")
        var frames: [AnimationFrame] = []
        for i in 0..<6 {
            var raster = base
            for y in 0..<60 { for x in (i * 80)..<(i * 80 + 60) { raster[x, y + 500] = RGBA(0, 0, 200, 255) } }
            frames.append(AnimationFrame(raster: raster, delay: FrameDelay(numerator: 1, denominator: 12)))
        }
        try Data(try APNGEncoder().encode(Animation(width: 618, height: 618, frames: frames, loopCount: 0)))
            .write(to: URL(fileURLWithPath: "\(src)/bee.png"))
        try FileManager.default.copyItem(
            atPath: Fixtures.path("gif/wuffs/animated-red-blue.gif"), toPath: "\(src)/redblue.gif")
        let config = """
            {"name": "Test Pack", "sizeClass": "regular", "iconBackground": "#102030", "icon": "1F300.png",
             "stickers": [
               {"file": "1F334.png", "name": "palm", "accessibilityLabel": "A palm tree"},
               {"file": "1F195.png", "name": "new"},
               {"file": "bee.png", "accessibilityLabel": "A bee with a moving stripe"},
               {"file": "redblue.gif", "animatedAs": "gif"},
               {"file": "1F300.png"}
             ]}
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: "\(src)/pack.json"))
        return src
    }

    @Test("the Xcode catalog has Apple's structure and keys, checked key by key")
    func xcodeCatalog() throws {
        let src = try Self.source(), out = try Self.folder()
        let summary = try PackBuilder(source: src, output: out, options: PackOptions(threads: 2)).build()
        #expect(!summary.hasFailures, "\(summary.stickers.map(\.outcome))")
        #expect(summary.sizeClass == .regular)
        let catalog = "\(out)/Stickers.xcstickers"
        let root = try Self.json("\(catalog)/Contents.json")
        #expect(Set(root.keys) == ["info"])
        let info = try #require(root["info"] as? [String: Any])
        #expect(
            Set(info.keys) == ["author", "version"] && info["author"] as? String == "rendition"
                && info["version"] as? Int == 1)

        let pack = try Self.json("\(catalog)/Sticker Pack.stickerpack/Contents.json")
        #expect(Set(pack.keys) == ["info", "properties", "stickers"])
        #expect(pack["properties"] as? [String: String] == ["grid-size": "regular"])
        #expect(
            (pack["stickers"] as? [[String: String]])?.map { $0["filename"] } == [
                "palm.sticker", "new.sticker", "bee.stickersequence", "redblue.sticker", "1F300.sticker",
            ])

        let palm = try Self.json("\(catalog)/Sticker Pack.stickerpack/palm.sticker/Contents.json")
        #expect(Set(palm.keys) == ["info", "properties"])
        #expect(
            palm["properties"] as? [String: String] == ["filename": "palm.png", "accessibility-label": "A palm tree"])
        let palmImage = try PNGDecoder.decode(
            try Fixtures.bytesAt("\(catalog)/Sticker Pack.stickerpack/palm.sticker/palm.png"))
        #expect(palmImage.width == 408 && palmImage.height == 408)
        let new = try Self.json("\(catalog)/Sticker Pack.stickerpack/new.sticker/Contents.json")
        #expect((new["properties"] as? [String: String])?["accessibility-label"] == "new")

        let bee = try Self.json("\(catalog)/Sticker Pack.stickerpack/bee.stickersequence/Contents.json")
        #expect(Set(bee.keys) == ["info", "properties", "frames"])
        let properties = try #require(bee["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["accessibility-label", "duration", "duration-type", "repetitions"])
        #expect(properties["accessibility-label"] as? String == "A bee with a moving stripe")
        #expect(
            properties["duration"] as? Int == 12 && properties["duration-type"] as? String == "fps"
                && properties["repetitions"] as? Int == 0)
        let frames = try #require(bee["frames"] as? [[String: String]])
        #expect(frames.map { $0["filename"]! } == (1...6).map { "bee-00\($0).png" })
        for frame in frames {
            let image = try PNGDecoder.decode(
                try Fixtures.bytesAt("\(catalog)/Sticker Pack.stickerpack/bee.stickersequence/\(frame["filename"]!)"))
            #expect(image.width == 408)
        }
        let gif = try Self.json("\(catalog)/Sticker Pack.stickerpack/redblue.sticker/Contents.json")
        #expect((gif["properties"] as? [String: String])?["filename"] == "redblue.gif")

        // The Messages icon set: every slot at its exact pixel size, opaque.
        let icons = try Self.json("\(catalog)/iMessage App Icon.stickersiconset/Contents.json")
        let images = try #require(icons["images"] as? [[String: String]])
        #expect(images.count == MessagesIconSlot.all.count)
        for (image, slot) in zip(images, MessagesIconSlot.all) {
            #expect(
                image["size"] == slot.size && image["idiom"] == slot.idiom && image["scale"] == slot.scale
                    && image["platform"] == slot.platform)
            let icon = try PNGDecoder.decode(
                try Fixtures.bytesAt("\(catalog)/iMessage App Icon.stickersiconset/\(image["filename"]!)"))
            let points = slot.size.split(separator: "x").map { Int($0)! }
            let scale = Int(slot.scale.dropLast())!
            #expect(icon.width == points[0] * scale && icon.height == points[1] * scale)
            #expect(stride(from: 3, to: icon.bytes.count, by: 4).allSatisfy { icon.bytes[$0] == 255 })
            #expect(icon[0, 0] == RGBA(0x10, 0x20, 0x30, 255))
        }
        // Every file under Apple's limit; flat renditions at @3x/@2x/@1x of the size class.
        for (name, ext) in [("palm", "png"), ("bee", "png"), ("redblue", "gif")] {
            for (scale, side) in [("@3x", 408), ("@2x", 272), ("@1x", 136)] {
                let bytes = try Fixtures.bytesAt("\(out)/renditions/\(name)\(scale).\(ext)")
                #expect(bytes.count <= 500_000)
                let decoded = try ImageDecoder.decodeAnimation(bytes)
                #expect(decoded.width == side && decoded.height == side)
            }
        }
        let report = try Self.json("\(out)/pack-report.json")
        #expect((report["stickers"] as? [[String: Any]])?.count == 5)
    }

    @Test(
        "every platform's packs pass the platform's own rules (PackValidator); counts that cannot be met are problems")
    func platforms() throws {
        let src = try Self.source(), out = try Self.folder()
        let all = PackPlatform.builtIn.values.sorted { $0.id < $1.id }
        let summary = try PackBuilder(source: src, output: out, options: PackOptions(platforms: all, threads: 2))
            .build()
        #expect(summary.stickers.allSatisfy { $0.problems.isEmpty }, "\(summary.stickers.map(\.problems))")
        for platform in all where !(summary.packs[platform.id] ?? []).isEmpty {
            let findings = PackValidator(platform: platform).validate(folder: "\(out)/\(platform.id)")
            #expect(findings.isEmpty, "\(platform.id): \(findings.map(\.description))")
        }
        // Three stills and two animations: WhatsApp's animated pack would have 2 (< 3), LINE's
        // packs 3 and 2 (< 8): reported, not written.
        #expect(summary.platformProblems["whatsapp"]?.count == 1)
        #expect(summary.platformProblems["whatsapp"]?.first?.contains("needs at least 3") == true)
        #expect(summary.platformProblems["line"]?.count == 2)
        #expect(summary.packs["whatsapp"]?.map(\.identifier) == ["Test-Pack-still"])
        #expect(summary.packs["signal"]?.map(\.stickers.count) == [5])
        #expect(summary.packs["line"]?.isEmpty == true)
        #expect(summary.hasFailures)
        // Signal: the APNGs are square (the bee is 618 px square, the GIF 64 x 48, padded).
        for name in ["bee", "redblue"] {
            let apng = try ImageDecoder.decodeAnimation(try Fixtures.bytesAt("\(out)/signal/Test-Pack/\(name).png"))
            #expect(apng.isAnimated && apng.width == 512 && apng.height == 512 && apng.loopCount == 0)
        }
        // WhatsApp's tray and Telegram's thumbnail at their sizes.
        let tray = try PNGDecoder.decode(try Fixtures.bytesAt("\(out)/whatsapp/Test-Pack-still/tray.png"))
        #expect(tray.width == 96 && tray.height == 96)
        let thumbnail = try ImageDecoder.decode(try Fixtures.bytesAt("\(out)/telegram/Test_Pack/thumbnail.webp"))
        #expect(thumbnail.width == 100 && thumbnail.height == 100)
    }

    @Test("a corrupt sticker is reported and the others are built; too few stickers for a platform is a pack error")
    func corruptSticker() throws {
        let src = try Self.folder(), out = try Self.folder()
        for name in ["1F195", "1F300"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/openmoji-618/\(name).png"), toPath: "\(src)/\(name).png")
        }
        try FileManager.default.copyItem(atPath: Fixtures.path("pngsuite/xcsn0g01.png"), toPath: "\(src)/broken.png")
        let summary = try PackBuilder(
            source: src, output: out, options: PackOptions(platforms: [.whatsApp], threads: 2)
        ).build()
        #expect(summary.hasFailures)
        let failed = summary.stickers.filter { if case .failure = $0.outcome { true } else { false } }
        #expect(failed.map(\.name) == ["broken"])
        #expect(summary.platformProblems["whatsapp"]?.first?.contains("needs at least 3") == true)
        let pack = try Self.json("\(out)/Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json")
        #expect((pack["stickers"] as? [[String: String]])?.count == 2)
        #expect(summary.sizeClass == .large)
    }

    @Test("configuration errors are reported with the file and the reason")
    func configurationErrors() throws {
        let src = try Self.folder()
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/openmoji-618/1F195.png"), toPath: "\(src)/a.png")
        let long = String(repeating: "x", count: 151)
        try Data("{\"stickers\": [{\"file\": \"a.png\", \"accessibilityLabel\": \"\(long)\"}]}".utf8).write(
            to: URL(fileURLWithPath: "\(src)/pack.json"))
        #expect { try PackBuilder(source: src, output: try Self.folder(), options: PackOptions()).build() } throws: {
            error in
            "\(error)".contains("151 characters")
        }
        try Data("{\"stickers\": [{\"name\": \"a\"}]}".utf8).write(to: URL(fileURLWithPath: "\(src)/pack.json"))
        #expect { try PackBuilder(source: src, output: try Self.folder(), options: PackOptions()).build() } throws: {
            error in
            "\(error)".contains("missing \"file\"")
        }
        try FileManager.default.removeItem(atPath: "\(src)/pack.json")
        try Data("sizeClass: large\nstickers:\n  - file: a.png\n    accessibilityLabel: From YAML\n".utf8).write(
            to: URL(fileURLWithPath: "\(src)/pack.yaml"))
        let out = try Self.folder()
        let summary = try PackBuilder(source: src, output: out, options: PackOptions()).build()
        #expect(summary.sizeClass == .large)
        let sticker = try Self.json("\(out)/Stickers.xcstickers/Sticker Pack.stickerpack/a.sticker/Contents.json")
        #expect((sticker["properties"] as? [String: String])?["accessibility-label"] == "From YAML")
    }

    @Test("1 and 2 threads give the same bytes; a second run skips everything and changes nothing")
    func determinismAndResume() throws {
        let src = try Self.source()
        var trees: [[String: Data]] = []
        for threads in [1, 2] {
            let out = try Self.folder()
            _ = try PackBuilder(source: src, output: out, options: PackOptions(platforms: [.discord], threads: threads))
                .build()
            trees.append(try Self.tree(out))
            if threads == 2 {
                let again = try PackBuilder(
                    source: src, output: out, options: PackOptions(platforms: [.discord], threads: 2)
                ).build()
                #expect(again.stickers.allSatisfy { $0.skipped })
                #expect(try Self.tree(out) == trees[1])
            }
        }
        #expect(trees[0] == trees[1])
    }

    /// Every file under `root` except the manifest and the report (which hold timings/paths).
    static func tree(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)!
        while let relative = enumerator.nextObject() as? String {
            let path = "\(root)/\(relative)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue || relative.hasSuffix(".jsonl") || relative == "pack-report.json" { continue }
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }
}

@Suite("Size fitting")
struct SizeFitterTests {
    @Test("the ladder goes lossless first and gives up only what it reports; impossible limits fail")
    func ladder() throws {
        let sticker = LanczosResampler().resample(
            try Fixtures.raster("stickers/noto-512/emoji_u1f302.png"), width: 412, height: 412)
        let animation = Animation(still: sticker)
        let roomy = try SizeFitter(limit: 1_000_000).fit(animation, as: .png)
        #expect(roomy.stepIndex == 1 && roomy.givenUp.isEmpty)
        #expect(try PNGDecoder.decode(roomy.bytes) == sticker)
        let tight = try SizeFitter(limit: roomy.bytes.count * 6 / 10).fit(animation, as: .png)
        #expect(tight.stepIndex > 2 && !tight.givenUp.isEmpty && tight.bytes.count <= roomy.bytes.count * 6 / 10)
        let decoded = try PNGDecoder.decode(tight.bytes)
        #expect(decoded.width == 412)
        #expect(throws: SizeFitError.self) { try SizeFitter(limit: 500).fit(animation, as: .png) }
        let webp = try SizeFitter(limit: 15_000).fit(animation, as: .webp)
        #expect(webp.bytes.count <= 15_000)
        // Deterministic.
        #expect(try SizeFitter(limit: roomy.bytes.count * 6 / 10).fit(animation, as: .png).bytes == tight.bytes)
    }

    @Test(
        "animation constraints merge short frames, cap frame counts, split frames and set loops, reporting each change")
    func constraints() throws {
        let raster = Raster(width: 4, height: 4)
        func animation(_ delays: [Int], loop: Int) -> Animation {
            var frames: [AnimationFrame] = []
            for (i, d) in delays.enumerated() {
                var r = raster
                r[0, 0] = RGBA(UInt8(i), 0, 0, 255)
                frames.append(AnimationFrame(raster: r, delay: .milliseconds(d)))
            }
            return Animation(width: 4, height: 4, frames: frames, loopCount: loop)
        }
        let whatsapp = try AnimationConstraints.apply(.whatsApp, to: animation([100, 5, 100, 3], loop: 0))
        #expect(whatsapp.animation.frames.map(\.delay) == [.milliseconds(105), .milliseconds(103)])
        #expect(whatsapp.animation.duration == .milliseconds(208) && !whatsapp.notes.isEmpty)
        // WhatsApp's 10 s (StickerPackValidator.java ANIMATED_STICKER_TOTAL_DURATION_MAX): a 12 s
        // animation is played faster, on a 10 ms grid.
        let long = try AnimationConstraints.apply(.whatsApp, to: animation([6000, 6000], loop: 0))
        #expect(long.animation.frames.map(\.delay) == [.milliseconds(5000), .milliseconds(5000)])
        #expect(long.notes.contains { $0.contains("1.2x faster") })
        // LINE: loops x duration <= 4 s; a 3 s loop plays once, not 4 times (12 s).
        let line = try AnimationConstraints.apply(.line, to: animation(Array(repeating: 100, count: 30), loop: 0))
        #expect(
            line.animation.frames.count <= 20 && line.animation.duration == .milliseconds(3000)
                && line.animation.loopCount == 1)
        let second = try AnimationConstraints.apply(.line, to: animation(Array(repeating: 100, count: 10), loop: 0))
        #expect(second.animation.loopCount == 4)
        let tooLong = try AnimationConstraints.apply(.line, to: animation(Array(repeating: 100, count: 60), loop: 0))
        #expect(
            tooLong.animation.duration <= .milliseconds(4000) && tooLong.animation.frames.count <= 20
                && tooLong.animation.loopCount == 1)
        let short = try AnimationConstraints.apply(.line, to: animation([500, 500], loop: 2))
        #expect(
            short.animation.frames.count == 6 && short.animation.duration == .milliseconds(1000)
                && short.animation.loopCount == 2)
        let signal = try AnimationConstraints.apply(.signal, to: animation([100, 100], loop: 3))
        #expect(signal.animation.loopCount == 0)
    }
}
