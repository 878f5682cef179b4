import RenditionLint
import RenditionPipeline
import Testing

/// Each built-in platform's numbers against the platform's own code or guidelines; every
/// test names its source, and the platform's `sources` must cite the same file.
@Suite("Pack platform rules, as their sources state them")
struct PackPlatformRuleTests {
    @Test(
        "WhatsApp StickerPackValidator.java: 512x512, 100/500 KiB, 3-30 stickers, 1-3 emojis, frames >= 8 ms, <= 10 s, tray 24-512 px <= 50 KiB, 128-char texts"
    )
    func whatsApp() {
        let p = PackPlatform.whatsApp
        #expect(p.canvas == CanvasRule(mode: .exact, width: 512, height: 512))  // IMAGE_WIDTH, IMAGE_HEIGHT
        // *_FILE_LIMIT_KB * KB_IN_BYTES
        #expect(p.maximumStaticBytes == 100 * 1024 && p.maximumAnimatedBytes == 500 * 1024)
        #expect(p.minimumStickers == 3 && p.maximumStickers == 30)  // STICKER_SIZE_MIN/MAX
        #expect(p.metadata?.emojisPerSticker == 1...3)  // EMOJI_MIN_LIMIT, EMOJI_MAX_LIMIT
        // ANIMATED_STICKER_FRAME_DURATION_MIN, _TOTAL_DURATION_MAX
        #expect(p.minimumFrameMilliseconds == 8 && p.maximumDurationMilliseconds == 10_000)
        #expect(p.separatesStillAndAnimated == true)  // animated_sticker_pack
        let tray = p.packImages?.first
        #expect(
            tray?.role == .tray && tray?.maximumBytes == 50 * 1024 && tray?.minimumSide == 24
                && tray?.maximumSide == 512)
        #expect(p.metadata?.maximumNameLength == 128 && p.metadata?.maximumPublisherLength == 128)  // CHAR_COUNT_MAX
        #expect(
            p.metadata?.maximumStillAccessibilityLength == 125 && p.metadata?.maximumAnimatedAccessibilityLength == 255)
        #expect(p.staticFormat == .webp && p.animatedFormat == .webp && p.manifest == .whatsAppContents)
        for rule in [PackRule.canvas, .bytes, .stickerCount, .emojis, .frameDelay, .duration, .packImage, .metadata] {
            #expect(p.source(of: rule).contains("StickerPackValidator.java"), "\(rule)")
        }
        #expect(p.source(of: .manifest).contains("ContentFileParser.java"))
    }

    @Test("WhatsApp checkStringValidity: identifiers of letters, digits, _ - . , ' and spaces, no '..', at most 128")
    func whatsAppIdentifier() {
        let rule = PackPlatform.whatsApp.metadata!.identifier!
        #expect(rule.accepts("party-animals 2.0") && rule.accepts("it's_fine"))
        #expect(
            !rule.accepts("a..b") && !rule.accepts("a/b") && !rule.accepts("")
                && !rule.accepts(String(repeating: "a", count: 129)))
        #expect(rule.accepts(rule.sanitized("Party/Animals..2 🎉")))
    }

    @Test(
        "Signal sticker-creator constants.ts and processImage.ts: 300 KiB, 1-200 stickers, APNG square up to 512 px and endless"
    )
    func signal() {
        let p = PackPlatform.signal
        #expect(p.maximumStaticBytes == 300 * 1024 && p.maximumAnimatedBytes == 300 * 1024)  // MAX_STICKER_BYTE_SIZE
        #expect(p.minimumStickers == 1 && p.maximumStickers == 200)  // MIN_STICKERS, MAX_STICKERS
        // 'Image must be square', STICKER_SIZE
        #expect(p.canvas(animated: true).mode == .squareWithin && p.canvas(animated: true).width == 512)
        #expect(p.canvas(animated: true).minimumLongerSide == 10)  // MIN_IMAGE_SIZE
        #expect(!p.canvas(animated: true).accepts(width: 512, height: 427))
        #expect(p.canvas(animated: true).accepts(width: 300, height: 300))
        #expect(p.requiresEndlessLoop && p.animatedFormat == .apng)  // 'Animated images must loop forever'
        #expect(p.source(of: .bytes).contains("constants.ts") && p.source(of: .canvas).contains("processImage.ts"))
        #expect(p.source(of: .loops).contains("processImage.ts"))
        // useEmojisReady: every sticker needs its one emoji before upload.
        #expect(p.metadata?.emojisPerSticker == 1...1 && p.source(of: .emojis).contains("useEmojisReady"))
    }

    @Test(
        "Telegram StickerFormat.cpp get_max_sticker_file_size: WEBP 1 << 19, thumbnail 1 << 17; video stickers WebM ≤ 256 KB, ≤ 3 s, ≤ 30 fps; one side 512; 1-20 emojis; short names; custom emoji 100 x 100"
    )
    func telegram() {
        let p = PackPlatform.telegram
        #expect(p.maximumStaticBytes == 1 << 19 && p.staticFormat == .webp && p.otherStaticFormats == [.png])
        // core.telegram.org/stickers
        #expect(
            p.animatedFormat == .webm && p.maximumAnimatedBytes == 256_000 && p.maximumDurationMilliseconds == 3_000)
        #expect(p.minimumFrameMilliseconds == 33 && p.videoStickers?.maximumFramesPerSecond == 30)  // up to 30 FPS
        #expect(p.vectorStickers?.format == .tgs && p.vectorStickers?.maximumBytes == 64_000)  // TGS ≤ 64 KB
        #expect(p.source(of: .duration).contains("3 seconds") && p.source(of: .bytes).contains("256 KB"))
        let emoji = PackPlatform.telegramEmoji
        #expect(emoji.canvas == CanvasRule(mode: .exact, width: 100, height: 100) && emoji.maximumStickers == 200)
        #expect(emoji.vectorStickers?.width == 100 && emoji.source(of: .canvas).contains("custom-emoji"))
        #expect(
            p.canvas.mode == .longerSideExactly && p.canvas.accepts(width: 512, height: 300)
                && !p.canvas.accepts(width: 500, height: 300))
        let thumbnail = p.packImages?.first
        #expect(
            thumbnail?.role == .thumbnail && thumbnail?.width == 100 && thumbnail?.height == 100
                && thumbnail?.maximumBytes == 1 << 17)
        #expect(
            p.metadata?.emojisPerSticker == 1...20 && p.maximumStickers == 120 && p.metadata?.maximumNameLength == 64)
        let name = p.metadata!.identifier!
        #expect(
            name.accepts("party_animals") && !name.accepts("party__animals") && !name.accepts("1party")
                && !name.accepts("party-animals"))
        #expect(name.accepts(name.sanitized("2 Party-Animals!")))
        #expect(
            p.source(of: .bytes).contains("StickerFormat.cpp") && p.source(of: .packImage).contains("StickerFormat.cpp")
        )
    }

    @Test(
        "Discord create-guild-sticker: PNG, APNG or GIF, 320 x 320, 512 KB, animations up to 5 s, names of 2-30 characters"
    )
    func discord() {
        let p = PackPlatform.discord
        #expect(p.canvas == CanvasRule(mode: .exact, width: 320, height: 320) && p.maximumAnimatedBytes == 512_000)
        #expect(p.acceptedAnimatedFormats == [.apng, .gif] && p.staticFormat == .png)
        #expect(p.maximumDurationMilliseconds == 5_000 && p.metadata?.stickerNameLength == 2...30)
        #expect(p.source(of: .format).contains("create-guild-sticker"))
    }

    @Test(
        "LINE Creators Market guidelines: APNG within 320x270 (longer side >= 270), 5-20 frames, 1-4 loops, <= 4 s in all, 8/16/24 animated and 8-40 still, main 240x240, tab 96x74"
    )
    func line() {
        let p = PackPlatform.line
        let animated = p.canvas(animated: true)
        #expect(animated.width == 320 && animated.height == 270 && animated.minimumLongerSide == 270)
        #expect(!animated.accepts(width: 200, height: 200) && animated.accepts(width: 320, height: 200))
        #expect(
            p.canvas.width == 370 && p.canvas.height == 320 && p.canvas.evenDimensions == true
                && !p.canvas.accepts(width: 301, height: 300))
        #expect(p.minimumFrames == 5 && p.maximumFrames == 20 && p.loopCountRange == 1...4)
        #expect(
            p.maximumDurationMilliseconds == 4_000 && p.maximumPlayMilliseconds == 4_000
                && p.rejectsIdenticalFrames == true)
        #expect(p.allowedAnimatedCounts == [8, 16, 24] && p.allowedStillCounts == [8, 16, 24, 32, 40])
        #expect(p.maximumAnimatedBytes == 300_000 && p.maximumStaticBytes == 1_000_000)
        let images = p.packImages ?? []
        #expect(images.map(\.role) == [.main, .tab])
        #expect(images.first { $0.role == .main }.map { ($0.width, $0.height) } ?? (0, 0) == (240, 240))
        #expect(images.first { $0.role == .tab }.map { ($0.width, $0.height) } ?? (0, 0) == (96, 74))
        #expect(images.first { $0.role == .main }?.animatedInAnimatedPack == true)
        #expect(p.separatesStillAndAnimated == true && p.fileNaming == .twoDigitNumbers)
        #expect(
            p.source(of: .playTime).contains("animationsticker") && p.source(of: .allowedCounts).contains("guideline"))
    }
}
