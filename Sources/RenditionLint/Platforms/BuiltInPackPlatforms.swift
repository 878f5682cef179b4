import RenditionPipeline

/// The platforms built into Rendition. Every number comes from the platform's own code or
/// guidelines; `sources` names the file and constant (or page and line) for each rule, and
/// the tests in `PackPlatformRuleTests` check each value against the same citation.
extension PackPlatform {
    static let whatsAppSample = "WhatsApp/stickers Android sample"

    /// WhatsApp (Android sample app's StickerPackValidator and ContentFileParser): 512 x 512
    /// WebP; still ≤ 100 KiB, animated ≤ 500 KiB; frames ≥ 8 ms, ≤ 10 s; 3–30 stickers, all
    /// still or all animated; 1–3 emojis each; a 24–512 px tray image ≤ 50 KiB (96 x 96 PNG
    /// written); `contents.json` with identifier, name, publisher, tray and image_data_version.
    /// Every frame of an animated sticker is a key frame (WhatsApp has drawn lines across
    /// frames built on the one before).
    public static let whatsApp = PackPlatform(
        id: "whatsapp", name: "WhatsApp", canvas: CanvasRule(mode: .exact, width: 512, height: 512),
        staticFormat: .webp, animatedFormat: .webp, maximumStaticBytes: 100 * 1024, maximumAnimatedBytes: 500 * 1024,
        minimumStickers: 3, maximumStickers: 30, minimumFrameMilliseconds: 8, maximumDurationMilliseconds: 10_000,
        separatesStillAndAnimated: true,
        packImages: [
            PackImageRule(
                role: .tray, filename: "tray.png", width: 96, height: 96, format: .png, maximumBytes: 50 * 1024,
                minimumSide: 24, maximumSide: 512)
        ],
        metadata: PackMetadataRules(
            emojisPerSticker: 1...3, maximumNameLength: 128, requiresPublisher: true, maximumPublisherLength: 128,
            identifier: IdentifierRule(characters: .whatsApp, maximumLength: 128),
            maximumStillAccessibilityLength: 125, maximumAnimatedAccessibilityLength: 255),
        manifest: .whatsAppContents, fileNaming: .stickerName,
        sources: [
            .format:
                "\(whatsAppSample): ContentFileParser.java (image_file must end in .webp); StickerPackValidator.java (WebPImage)",
            .canvas: "\(whatsAppSample): StickerPackValidator.java IMAGE_WIDTH = IMAGE_HEIGHT = 512",
            .bytes:
                "\(whatsAppSample): StickerPackValidator.java STATIC_STICKER_FILE_LIMIT_KB = 100, ANIMATED_STICKER_FILE_LIMIT_KB = 500, KB_IN_BYTES = 1024",
            .stickerCount: "\(whatsAppSample): StickerPackValidator.java STICKER_SIZE_MIN = 3, STICKER_SIZE_MAX = 30",
            .stillOrAnimated:
                "\(whatsAppSample): StickerPackValidator.java (animated_sticker_pack: every sticker animated, else every sticker still)",
            .frameDelay: "\(whatsAppSample): StickerPackValidator.java ANIMATED_STICKER_FRAME_DURATION_MIN = 8 (ms)",
            .duration:
                "\(whatsAppSample): StickerPackValidator.java ANIMATED_STICKER_TOTAL_DURATION_MAX = 10 * 1000 (ms)",
            .emojis: "\(whatsAppSample): StickerPackValidator.java EMOJI_MIN_LIMIT = 1, EMOJI_MAX_LIMIT = 3",
            .metadata:
                "\(whatsAppSample): StickerPackValidator.java CHAR_COUNT_MAX = 128, checkStringValidity [\\w-.,'\\s]+ without '..'; MAX_STATIC/ANIMATED_STICKER_A11Y_TEXT_CHAR_LIMIT = 125/255",
            .manifest:
                "\(whatsAppSample): ContentFileParser.java (sticker_packs; identifier, name, publisher, tray_image_file, image_data_version required; sticker keys image_file, emojis, accessibility_text only)",
            .packImage:
                "\(whatsAppSample): StickerPackValidator.java TRAY_IMAGE_FILE_SIZE_MAX_KB = 50, TRAY_IMAGE_DIMENSION_MIN = 24, TRAY_IMAGE_DIMENSION_MAX = 512; README: 96 x 96 PNG",
            .fileNames: "\(whatsAppSample): ContentFileParser.java (no '..' or '/' in image_file)",
            .keyFrames:
                "WhatsApp/stickers issues 661 and 1087: animated WebP frames drawn with lines in WhatsApp only, from frames blended onto the one before; laggykiller/sticker-convert converter.py sets kmax = 1 (every frame a key frame) for the same artefact",
        ], animatedKeyFramesOnly: true)

    static let signalCreator = "signalapp/Signal-Desktop sticker-creator"

    /// Signal (Desktop sticker creator): up to 512 px, ≤ 300 KiB; APNG must be square and
    /// loop forever; 1–200 stickers; one emoji per sticker. Stills fit within 512 px;
    /// animations go on a 512 x 512 canvas, padded, never stretched, in truecolour (Signal for
    /// iOS shows palette APNGs without animation); one that does not fit 300 KiB losslessly
    /// gives up frame rate or canvas size (any square up to 512 px), whichever costs less.
    public static let signal = PackPlatform(
        id: "signal", name: "Signal", canvas: CanvasRule(mode: .fitWithin, width: 512, height: 512),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 300 * 1024, maximumAnimatedBytes: 300 * 1024,
        minimumStickers: 1, maximumStickers: 200, requiresEndlessLoop: true,
        animatedCanvas: CanvasRule(mode: .squareWithin, width: 512, height: 512, minimumLongerSide: 10),
        metadata: PackMetadataRules(emojisPerSticker: 1...1),
        manifest: .signalManifest, fileNaming: .stickerName,
        sources: [
            .format:
                "\(signalCreator): src/util/processImage.ts (APNG kept as is; other images drawn and converted to WebP)",
            .canvas:
                "\(signalCreator): src/constants.ts STICKER_SIZE = 512, MIN_IMAGE_SIZE = 10; src/util/processImage.ts 'Image must be square' for APNG",
            .bytes: "\(signalCreator): src/constants.ts MAX_STICKER_BYTE_SIZE = 300 * 1024",
            .stickerCount: "\(signalCreator): src/constants.ts MIN_STICKERS = 1, MAX_STICKERS = 200",
            .loops:
                "\(signalCreator): src/util/processImage.ts 'Animated images must loop forever' (acTL num_plays 0, src/util/apng.ts)",
            .emojis:
                "\(signalCreator): protos/Stickers.proto (Sticker: one emoji string); src/selectors/art.ts useEmojisReady (every sticker needs an emoji before upload)",
            .manifest: "\(signalCreator): protos/Stickers.proto (Pack: title, author, cover, stickers with emoji)",
            .colourType:
                "signalapp/Signal-iOS issue 4611 (open, wontfix): animated APNG stickers with a palette are not animated on iOS; without a palette they are",
        ], animatedTruecolourOnly: true)

    static let telegramBotAPI = "core.telegram.org/bots/api"

    /// Telegram stickers: one side exactly 512 px; stills as WebP (PNG also accepted)
    /// ≤ 512 KiB; animations as WebM video (VP9 with alpha, no audio, ≤ 30 fps, ≤ 3 s,
    /// ≤ 256 KB); a TGS master that follows Telegram's animated-sticker rules (512 x 512,
    /// ≤ 64 KB, ≤ 3 s, 60 fps or 30) is kept as it is. 1–120 stickers; 1–20 emojis each; a 100 x 100
    /// WebP set thumbnail ≤ 128 KiB; title 1–64 characters, short name of letters, digits and
    /// underscores.
    public static let telegram = PackPlatform(
        id: "telegram", name: "Telegram", canvas: CanvasRule(mode: .longerSideExactly, width: 512, height: 512),
        staticFormat: .webp, animatedFormat: .webm, maximumStaticBytes: 512 * 1024, maximumAnimatedBytes: 256_000,
        minimumStickers: 1, maximumStickers: 120, minimumFrameMilliseconds: 33, maximumDurationMilliseconds: 3_000,
        packImages: [
            PackImageRule(
                role: .thumbnail, filename: "thumbnail.webp", width: 100, height: 100, format: .webp,
                maximumBytes: 128 * 1024)
        ],
        metadata: PackMetadataRules(
            emojisPerSticker: 1...20, maximumNameLength: 64,
            identifier: IdentifierRule(characters: .telegramShortName, maximumLength: 64)),
        manifest: .telegramSet, fileNaming: .stickerName,
        sources: [
            .format:
                "tdlib/td td/telegram/StickerFormat.cpp (static stickers are WEBP, PNG converted server-side; video stickers WEBM; animated stickers TGS)",
            .frameDelay: "core.telegram.org/stickers#video-stickers: frame rate up to 30 FPS",
            .duration: "core.telegram.org/stickers#video-stickers: duration must not exceed 3 seconds",
            .canvas: "core.telegram.org/stickers: one side exactly 512 px, the other 512 px or less",
            .bytes:
                "tdlib/td td/telegram/StickerFormat.cpp get_max_sticker_file_size: Webp 1 << 19; core.telegram.org/stickers: video stickers 256 KB, animated (TGS) 64 KB",
            .stickerCount:
                "\(telegramBotAPI) createNewStickerSet (1-50 initial stickers), addStickerToSet (static sets up to 120)",
            .emojis: "\(telegramBotAPI) InputSticker.emoji_list (1-20 emoji)",
            .metadata:
                "core.telegram.org/method/stickers.createStickerSet: title 1-64 chars; short_name letters, digits, underscores, starting with a letter, no '__', 1-64 chars",
            .packImage:
                "tdlib/td td/telegram/StickerFormat.cpp get_max_sticker_file_size for_thumbnail: Webp 1 << 17; \(telegramBotAPI) setStickerSetThumbnail (100 x 100 WEBP or PNG)",
            .manifest:
                "\(telegramBotAPI) createNewStickerSet (name, title, stickers: InputSticker with sticker, format, emoji_list)",
        ],
        vectorStickers: .telegramSticker, videoStickers: .telegram, otherStaticFormats: [.png])

    /// Telegram custom emoji: exactly 100 x 100, otherwise the sticker rules (WebP stills,
    /// WebM video, TGS kept when it follows the rules on a 100 x 100 canvas); the set's
    /// `sticker_type` is `custom_emoji`, and sets hold up to 200.
    public static let telegramEmoji: PackPlatform = {
        var emoji = telegram
        emoji.id = "telegram-emoji"
        emoji.name = "Telegram emoji"
        emoji.canvas = CanvasRule(mode: .exact, width: 100, height: 100)
        emoji.maximumStickers = 200
        emoji.vectorStickers = .telegramEmoji
        emoji.sources?[PackRule.canvas.rawValue] = "core.telegram.org/stickers#custom-emoji: 100 x 100 pixels"
        emoji.sources?[PackRule.stickerCount.rawValue] =
            "\(telegramBotAPI) addStickerToSet (custom emoji sets up to 200)"
        return emoji
    }()

    static let discordAPI = "discord.com/developers/docs/resources/sticker#create-guild-sticker"

    /// Discord (guild stickers): PNG, APNG or GIF, 320 x 320, ≤ 512 KB, animations at most
    /// 5 s; name 2–30 characters; tags name an emoji.
    public static let discord = PackPlatform(
        id: "discord", name: "Discord", canvas: CanvasRule(mode: .exact, width: 320, height: 320),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 512_000, maximumAnimatedBytes: 512_000,
        maximumDurationMilliseconds: 5_000, otherAnimatedFormats: [.gif],
        metadata: PackMetadataRules(emojisPerSticker: 1...1, stickerNameLength: 2...30),
        manifest: .discordStickers, fileNaming: .stickerName,
        sources: [
            .format: "\(discordAPI): file must be a PNG, APNG, GIF, or Lottie JSON file",
            .canvas: "\(discordAPI): uploaded stickers are constrained to 320 x 320 pixels",
            .bytes: "\(discordAPI): max 512 KB",
            .duration: "\(discordAPI): uploaded stickers are constrained to 5 seconds in length for animated stickers",
            .metadata: "\(discordAPI): name 2-30 characters; description empty or 2-100 characters",
            .emojis: "\(discordAPI): tags, the name of a unicode emoji representing the sticker's expression",
            .manifest: "\(discordAPI): form fields name, description, tags, file",
        ])

    static let lineAnimated = "creator.line.me/en/guideline/animationsticker"
    static let lineStatic = "creator.line.me/en/guideline/sticker"

    /// LINE (Creators Market): still PNG within 370 x 320 with even sides and a 10 px margin,
    /// ≤ 1 MB, 8/16/24/32/40 per set; animated APNG within 320 x 270 (longer side ≥ 270),
    /// ≤ 300 KB, 5–20 frames, 1–4 loops, ≤ 4 s and loops x duration ≤ 4 s, frames not all the
    /// same, 8/16/24 per set; stills and animations in separate sets; a 240 x 240 main image
    /// (APNG in an animated set) and a 96 x 74 tab image; files named 01.png, 02.png...
    public static let line = PackPlatform(
        id: "line", name: "LINE",
        canvas: CanvasRule(mode: .fitWithin, width: 370, height: 320, evenDimensions: true, margin: 10),
        staticFormat: .png, animatedFormat: .apng, maximumStaticBytes: 1_000_000, maximumAnimatedBytes: 300_000,
        maximumDurationMilliseconds: 4_000, minimumFrames: 5, maximumFrames: 20, loopCountRange: 1...4,
        animatedCanvas: CanvasRule(mode: .fitWithin, width: 320, height: 270, minimumLongerSide: 270),
        maximumPlayMilliseconds: 4_000, rejectsIdenticalFrames: true, separatesStillAndAnimated: true,
        allowedStillCounts: [8, 16, 24, 32, 40], allowedAnimatedCounts: [8, 16, 24],
        packImages: [
            PackImageRule(
                role: .main, filename: "main.png", width: 240, height: 240, format: .png, maximumBytes: 300_000,
                animatedInAnimatedPack: true),
            PackImageRule(role: .tab, filename: "tab.png", width: 96, height: 74, format: .png, maximumBytes: 300_000),
        ],
        fileNaming: .twoDigitNumbers,
        sources: [
            .format: "\(lineStatic): PNG; \(lineAnimated): .png (APNG)",
            .canvas:
                "\(lineStatic): W 370 x H 320 max, even width and height, about 10 px margin; \(lineAnimated): within 320 x 270, width or height at least 270",
            .bytes: "\(lineStatic): 1 MB per image; \(lineAnimated): 300 KB per image",
            .allowedCounts:
                "\(lineStatic): 8, 16, 24, 32 or 40 stickers; \(lineAnimated): 8, 16 or 24 animated stickers",
            .stillOrAnimated:
                "\(lineAnimated): animated sets hold animated stickers only (separate product from sticker sets)",
            .frames: "\(lineAnimated): between 5 and 20 frames per APNG",
            .duration: "\(lineAnimated): playback time up to 4 seconds per sticker",
            .loops: "\(lineAnimated): 1 - 4 loops per sticker",
            .playTime:
                "\(lineAnimated)/detail: the playback time multiplied by the number of loops cannot be more than 4 seconds",
            .identicalFrames: "\(lineAnimated): files that use the same data for all frames result in an upload error",
            .packImage:
                "\(lineStatic) and \(lineAnimated): main image 240 x 240 (APNG in animated sets), chat tab image 96 x 74",
            .fileNames: "\(lineStatic): ZIP upload with 01.png ... 40.png, main.png, tab.png",
        ])

    /// The platforms built into Rendition, by identifier.
    public static let builtIn: [String: PackPlatform] = Dictionary(
        uniqueKeysWithValues: [whatsApp, signal, telegram, telegramEmoji, discord, line].map { ($0.id, $0) })
}
