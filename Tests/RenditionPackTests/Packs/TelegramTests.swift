import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionTestSupport
import Testing

@testable import RenditionPipeline

@Suite("Telegram: stickers, video, TGS and emoji")
struct TelegramTests {
    /// Packs `source` for Telegram alone into `output`, expects no failure, and returns the one
    /// pack's folder relative to `output` (`telegram/NAME`).
    static func packTelegram(_ source: String, into output: String) throws -> String {
        let summary = try PackBuilder(
            source: source, output: output, options: PackOptions(platforms: [.telegram], threads: 2)
        ).build()
        #expect(!summary.hasFailures, "\(summary.platformProblems) \(summary.stickers.map(\.problems))")
        let packs = try FileManager.default.contentsOfDirectory(atPath: "\(output)/telegram").filter {
            !$0.hasPrefix(".")
        }
        return "telegram/" + (try #require(packs.count == 1 ? packs.first : nil, "\(packs)"))
    }

    static func codes(_ file: String, profile: StickerProfile = StickerProfile(platform: .telegram)) throws -> Set<
        LintCode
    > {
        let report = StickerLinter(options: LintOptions(profile: profile)).lint(
            bytes: try Fixtures.bytes(file), path: file)
        return Set(report.findings.filter { $0.severity == .error }.map(\.code))
    }

    static let ruleCodes: Set<LintCode> = [
        .unreadable, .formatNotAllowed, .animationFormatNotAllowed, .fileTooLarge, .canvasTooSmall, .canvasTooLarge,
        .animationTooLong, .longerSideNotAllowed, .codecNotAllowed, .audioNotAllowed, .frameRateNotAllowed,
        .vectorStickerRejected,
    ]

    @Test(
        "the corpus video stickers: valid ones pass Telegram's rules, VP8, audio and the cut file do not",
        arguments: [
            ("webm/vp9-alpha-512x512-30fps-3s.webm", Set<LintCode>()),
            ("webm/vp9-alpha-512x384-24fps-3s.webm", []),
            ("webm/vp9-opaque-512x512-30fps-3s.webm", []),
            ("webm/vp8-alpha-512x512-30fps-3s.webm", [.codecNotAllowed]),
            ("webm/vp9-alpha-with-audio-512x512-30fps-2s.webm", [.audioNotAllowed]),
            ("webm/vp9-alpha-512x512-30fps-3s.truncated40.webm", [.unreadable]),
            ("webm/made/vp9-alpha-171x129-24fps.webm", [.longerSideNotAllowed]),
        ] as [(String, Set<LintCode>)])
    func videoRules(file: String, expected: Set<LintCode>) throws {
        #expect(try Self.codes(file).intersection(Self.ruleCodes) == expected)
    }

    @Test(
        "TGS: OpacityStops passes; files that break the animated-sticker rules are rejected, saying why",
        arguments: [
            ("lottie/lottie-android/OpacityStops.tgs", nil),
            ("lottie/lottie-android/LayerBlend_0.tgs", "stars"),
            ("lottie/lottie-android/ShapeTypes.tgs", "100x100"),
            ("lottie/lottie-android/Masks.tgs", "masks"),
            ("lottie/lottie-android/MattWithParentAlpha.tgs", "84x84"),
            ("lottie/rlottie/polystar_line_clockwise_trim.tgs", "not 60 or 30 fps"),
            ("lottie/lottie-android/TrimPaths.tgs", "over 3.0 s"),
        ] as [(String, String?)])
    func tgsRules(file: String, reason: String?) throws {
        let problems = VectorStickerRule.telegramSticker.problems(try Fixtures.bytes(file))
        if let reason {
            #expect(problems.contains { $0.contains(reason) }, "\(problems)")
            #expect(try Self.codes(file).contains(.vectorStickerRejected))
        } else {
            #expect(problems.isEmpty, "\(problems)")
            #expect(try Self.codes(file).intersection(Self.ruleCodes).isEmpty)
        }
    }

    @Test("the built-in platforms: Telegram writes WebM video and keeps valid TGS; emoji are 100 x 100")
    func platforms() {
        let telegram = PackPlatform.telegram
        #expect(telegram.animatedFormat == .webm && telegram.maximumAnimatedBytes == 256_000)
        #expect(telegram.maximumDurationMilliseconds == 3_000 && telegram.vectorStickers?.maximumBytes == 64_000)
        let emoji = PackPlatform.builtIn["telegram-emoji"]
        #expect(emoji?.canvas == CanvasRule(mode: .exact, width: 100, height: 100))
        let profile = StickerProfile(platform: telegram)
        #expect(
            profile.formats == [.webp, .png] && profile.animatedFormats == [.webm, .tgs]
                && profile.exactLongerSide == 512)
    }

    @Test("a pack for Telegram: a valid TGS is kept byte for byte, an APNG becomes a fitted WebM")
    func pack() throws {
        let source = NSTemporaryDirectory() + "rendition-telegram-src-" + UUID().uuidString
        let output = NSTemporaryDirectory() + "rendition-telegram-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let tgs = try Fixtures.bytes("lottie/lottie-android/OpacityStops.tgs")
        try Data(tgs).write(to: URL(fileURLWithPath: "\(source)/gradient.tgs"))
        try FileManager.default.copyItem(
            atPath: Fixtures.path("apng/wuffs/animated-red-blue.apng"), toPath: "\(source)/redblue.png")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F601-300.png"), toPath: "\(source)/grin.png")
        let folder = try Self.packTelegram(source, into: output)
        #expect(try Fixtures.bytesAt("\(output)/\(folder)/gradient.tgs") == tgs)
        let video = try Fixtures.bytesAt("\(output)/\(folder)/redblue.webm")
        let info = try WebMDecoder.info(video)
        #expect(info.codec == .vp9 && !info.hasAudio && max(info.width, info.height) == 512 && video.count <= 256_000)
        let still = try Fixtures.bytesAt("\(output)/\(folder)/grin.webp")
        #expect(ImageFormat.sniff(still) == .webp)
        for file in ["gradient.tgs", "redblue.webm", "grin.webp"] {
            let report = StickerLinter(options: LintOptions(profile: StickerProfile(platform: .telegram)))
                .lint(bytes: try Fixtures.bytesAt("\(output)/\(folder)/\(file)"), path: file)
            #expect(
                report.findings.filter { Self.ruleCodes.contains($0.code) }.isEmpty,
                "\(file): \(report.findings.map(\.code))")
        }
        // set.json names each sticker's format as the Bot API does; the pack passes the validator.
        let set = try #require(
            try JSONSerialization.jsonObject(with: Data(Fixtures.bytesAt("\(output)/\(folder)/set.json")))
                as? [String: Any])
        let formats = Dictionary(
            uniqueKeysWithValues: (set["stickers"] as? [[String: Any]] ?? []).map {
                ($0["sticker"] as? String ?? "", $0["format"] as? String ?? "")
            })
        #expect(formats == ["gradient.tgs": "animated", "redblue.webm": "video", "grin.webp": "static"])
        #expect(set["sticker_type"] as? String == "regular")
        #expect(PackValidator(platform: .telegram).validate(folder: "\(output)/telegram").isEmpty)
    }

    @Test("a pack for Telegram: a VP9 WebM that follows the rules is kept byte for byte; a VP8 one becomes VP9")
    func webMKeptOrReencoded() throws {
        let source = try TemporaryFolder.make("rendition-telegram-webm-src")
        let output = try TemporaryFolder.make("rendition-telegram-webm-out")
        let kept = try Fixtures.bytes("webm/vp9-alpha-512x384-24fps-3s.webm")
        try Data(kept).write(to: URL(fileURLWithPath: "\(source)/wide.webm"))
        try FileManager.default.copyItem(
            atPath: Fixtures.path("webm/vp8-alpha-512x512-30fps-3s.webm"), toPath: "\(source)/old.webm")
        var options = PackOptions(platforms: [.telegram], threads: 2)
        options.includesApple = false
        let summary = try PackBuilder(source: source, output: output, options: options).build()
        #expect(!summary.hasFailures, "\(summary.platformProblems)")
        let steps = Dictionary(
            uniqueKeysWithValues: summary.stickers.map { ($0.name, (try? $0.outcome.get())?.first?.step ?? "") })
        #expect(steps["wide"] == "kept as it is (the VP9 WebM follows Telegram's rules)", "\(steps)")
        #expect(steps["old"]?.hasPrefix("kept") == false, "\(steps)")
        let folder = try #require(
            try FileManager.default.contentsOfDirectory(atPath: "\(output)/telegram").first { !$0.hasPrefix(".") })
        #expect(try Fixtures.bytesAt("\(output)/telegram/\(folder)/wide.webm") == kept)
        let remade = try WebMDecoder.info(try Fixtures.bytesAt("\(output)/telegram/\(folder)/old.webm"))
        #expect(remade.codec == .vp9)
        #expect(PackValidator(platform: .telegram).validate(folder: "\(output)/telegram").isEmpty)
    }

    @Test(
        "a 3.5 s, 30 fps WebM master becomes a 3 s Telegram WebM at exactly 30 fps: 90 frames of 1/30 s, constant rate")
    func thirtyFPSMasterKeepsItsRate() throws {
        let source = NSTemporaryDirectory() + "rendition-telegram-30fps-src-" + UUID().uuidString
        let output = NSTemporaryDirectory() + "rendition-telegram-30fps-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        // 105 frames of 1/30 s: a square crossing a 300 x 300 transparent canvas.
        let thirtieth = FrameDelay(numerator: 1, denominator: 30)
        let frames = (0..<105).map { i in
            var canvas = Raster(width: 300, height: 300)
            for y in 130..<170 { for x in 0..<40 { canvas[20 + 2 * i + x, y] = RGBA(230, UInt8(2 * i), 40, 255) } }
            return AnimationFrame(raster: canvas, delay: thirtieth)
        }
        let master = try WebMEncoder().encode(Animation(width: 300, height: 300, frames: frames, loopCount: 0))
        #expect(try WebMDecoder.info(master).frameRate == FrameRate(numerator: 30, denominator: 1))
        try Data(master).write(to: URL(fileURLWithPath: "\(source)/square.webm"))
        let folder = try Self.packTelegram(source, into: output)
        let video = try Fixtures.bytesAt("\(output)/\(folder)/square.webm")
        // Constant rate: every block time within a tick of i/30 s (0, 33, 67, 100 ms ...).
        #expect(try WebMDecoder.info(video).frameRate == FrameRate(numerator: 30, denominator: 1))
        let decoded = try WebMDecoder.decode(video)
        #expect(decoded.frames.count == 90 && decoded.frames.allSatisfy { $0.delay == thirtieth })
        #expect(decoded.duration == FrameDelay(numerator: 3, denominator: 1))
        let report = StickerLinter(options: LintOptions(profile: StickerProfile(platform: .telegram)))
            .lint(bytes: video, path: "square.webm")
        #expect(report.findings.filter { Self.ruleCodes.contains($0.code) }.isEmpty, "\(report.findings.map(\.code))")
    }

    @Test(
        "Telegram's TGS and WebM stickers become an Xcode catalog and a WhatsApp pack in one build, every file within the rules"
    )
    func telegramStickersToOtherPlatforms() throws {
        let source = NSTemporaryDirectory() + "rendition-from-telegram-src-" + UUID().uuidString
        let output = NSTemporaryDirectory() + "rendition-from-telegram-out-" + UUID().uuidString
        defer { for path in [source, output] { try? FileManager.default.removeItem(atPath: path) } }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for file in ["lottie/lottie-android/OpacityStops.tgs", "lottie/rlottie/polystar_line_clockwise_trim.tgs"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path(file), toPath: "\(source)/\((file as NSString).lastPathComponent)")
        }
        // A short video sticker with alpha: the 3-frame, 300 px lint fixture as VP9 WebM.
        let video = try WebMEncoder().encode(try ImageDecoder.decodeAnimation(try Fixtures.bytes("lint/animated.png")))
        try Data(video).write(to: URL(fileURLWithPath: "\(source)/wave.webm"))
        let summary = try PackBuilder(
            source: source, output: output, options: PackOptions(platforms: [.whatsApp], threads: 2)
        ).build()
        #expect(!summary.hasFailures, "\(summary.platformProblems) \(summary.stickers.map(\.problems))")
        // WhatsApp: three animated WebPs in one animated pack that passes the platform's rules.
        #expect(
            summary.packs["whatsapp"]?.map(\.stickers.count) == [3]
                && summary.packs["whatsapp"]?.first?.animated == true)
        #expect(PackValidator(platform: .whatsApp).validate(folder: "\(output)/whatsapp").isEmpty)
        // Apple: every sticker in the catalog, animated, within Messages' limit; the flat
        // renditions at @3x, @2x and @1x.
        let catalog = "\(output)/Stickers.xcstickers/Sticker Pack.stickerpack"
        let entries = try FileManager.default.contentsOfDirectory(atPath: catalog).filter {
            !$0.hasPrefix(".") && $0 != "Contents.json"
        }.sorted()
        #expect(
            entries == [
                "OpacityStops.stickersequence", "polystar_line_clockwise_trim.stickersequence", "wave.stickersequence",
            ])
        for name in ["OpacityStops", "polystar_line_clockwise_trim", "wave"] {
            for scale in [3, 2, 1] {
                let bytes = try Fixtures.bytesAt("\(output)/renditions/\(name)@\(scale)x.png")
                let animation = try ImageDecoder.decodeAnimation(bytes)
                #expect(
                    animation.isAnimated && animation.width == animation.height && bytes.count <= 500_000,
                    "\(name)@\(scale)x")
            }
        }
    }

    @Test("the WebM ladder walks quality, then frame rate, then length, and reports the step")
    func ladder() throws {
        // Noise frames: incompressible, so a tiny limit forces the ladder down.
        var random = SplitMix64(seed: 3)
        var frames: [AnimationFrame] = []
        for _ in 0..<12 {
            var raster = Raster(width: 128, height: 128)
            for i in 0..<raster.bytes.count where i % 4 != 3 {
                raster.bytes[i] = UInt8(truncatingIfNeeded: random.next())
            }
            for i in stride(from: 3, to: raster.bytes.count, by: 4) { raster.bytes[i] = 255 }
            frames.append(AnimationFrame(raster: raster, delay: FrameDelay(numerator: 1, denominator: 4)))
        }
        let animation = Animation(width: 128, height: 128, frames: frames, loopCount: 0)
        let first = try SizeFitter(limit: 10_000_000).fit(animation, as: .webm)
        // Twelve frames are encoded whole at every step, so the ladder starts at quality 12;
        // a long animation, sampled, starts at 24.
        #expect(first.stepIndex == 1 && first.step == "VP9 quality 12")
        #expect(SizeFitter(limit: 1).ladder(for: .webm, animated: true, short: false).first?.name == "VP9 quality 24")
        // Over the limit in real-time mode but not in good-quality mode: the same quality, slower.
        let fast = try WebMEncoder(options: .init(quality: 12)).encode(animation).count
        let goodSpeed = WebMSizeLadder.goodQualitySpeed
        let good = try WebMEncoder(options: .init(quality: 12, speed: goodSpeed)).encode(animation).count
        #expect(good < fast, "good-quality mode \(good) B, real-time \(fast) B")
        let slower = try SizeFitter(limit: good).fit(animation, as: .webm)
        #expect(
            slower.stepIndex == 2 && slower.step == "VP9 quality 12, good-quality mode" && slower.bytes.count == good)
        let smallest = try WebMEncoder(options: .init(quality: 63, speed: goodSpeed)).encode(animation).count
        let fitted = try SizeFitter(limit: smallest - 1).fit(animation, as: .webm)
        #expect(fitted.step.contains("frame rate") && fitted.bytes.count < smallest)
        #expect(throws: SizeFitError.self) { try SizeFitter(limit: 100).fit(animation, as: .webm) }
    }
}
