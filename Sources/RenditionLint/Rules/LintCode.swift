/// The stable codes of lint findings. The raw value is what tools match on; it never changes
/// meaning once released.
public enum LintCode: String, Sendable, Codable, CaseIterable {
    /// The file cannot be read or decoded.
    case unreadable
    /// The profile does not accept the format.
    case formatNotAllowed = "format-not-allowed"
    /// The file is animated in a format the profile accepts only for stills.
    case animationFormatNotAllowed = "animation-format-not-allowed"
    /// The file is larger than the profile's byte limit.
    case fileTooLarge = "file-too-large"
    /// A canvas side is below the profile's minimum.
    case canvasTooSmall = "canvas-too-small"
    /// A canvas side is above the profile's maximum.
    case canvasTooLarge = "canvas-too-large"
    /// The canvas is not square.
    case notSquare = "not-square"
    /// The animation has more frames than the profile allows.
    case tooManyFrames = "too-many-frames"
    /// One loop of the animation lasts longer than the profile allows.
    case animationTooLong = "animation-too-long"
    /// The animation's loop count is not allowed.
    case loopCountNotAllowed = "loop-count-not-allowed"
    /// Every pixel is transparent.
    case emptyImage = "empty-image"
    /// No pixel is transparent.
    case opaqueImage = "opaque-image"
    /// The image has an opaque (or near-opaque) background box around the art.
    case opaqueBackground = "opaque-background"
    /// The art reaches the canvas border, so it looks cut off.
    case contentTouchesEdge = "content-touches-edge"
    /// The art fills little of the canvas.
    case contentSmall = "content-small"
    /// The edge is hard (1-bit alpha) and jagged.
    case aliasedEdge = "aliased-edge"
    /// Edge colours were blended against a matte colour (a light or dark halo).
    case matteHalo = "matte-halo"
    /// Transparent pixels store a colour (invisible, bleeds in naive resizers).
    case hiddenColor = "hidden-color"
    /// Downscaling clamps strong Lanczos ringing.
    case ringingClamped = "ringing-clamped"
    /// The art nearly disappears on a test background.
    case invisibleOnBackground = "invisible-on-background"
    /// The art's outline blends into a test background (the inside still shows).
    case outlineBlends = "outline-blends"
    /// The longer side is not the size the profile requires (Telegram: exactly 512 px).
    case longerSideNotAllowed = "longer-side-not-allowed"
    /// A video's codec is not accepted (Telegram: VP9 only).
    case codecNotAllowed = "codec-not-allowed"
    /// A video has an audio track, which the profile forbids.
    case audioNotAllowed = "audio-not-allowed"
    /// The frame rate is above the profile's maximum, or not the rate it requires.
    case frameRateNotAllowed = "frame-rate-not-allowed"
    /// A vector sticker (TGS) breaks the profile's rules for vector stickers.
    case vectorStickerRejected = "vector-sticker-rejected"

    /// The severity findings with this code have.
    public var severity: LintSeverity {
        switch self {
        case .unreadable, .formatNotAllowed, .animationFormatNotAllowed, .fileTooLarge, .canvasTooSmall,
            .canvasTooLarge, .notSquare, .tooManyFrames, .animationTooLong, .loopCountNotAllowed,
            .emptyImage, .opaqueImage, .opaqueBackground, .longerSideNotAllowed, .codecNotAllowed, .audioNotAllowed,
            .frameRateNotAllowed, .vectorStickerRejected:
            .error
        case .contentTouchesEdge, .aliasedEdge, .matteHalo, .invisibleOnBackground:
            .warning
        case .contentSmall, .hiddenColor, .ringingClamped, .outlineBlends:
            .info
        }
    }

    /// What the code means, in one line (for documentation and `--list-codes`).
    public var summary: String {
        switch self {
        case .unreadable: "the file cannot be read or decoded"
        case .formatNotAllowed: "the profile does not accept this file format"
        case .animationFormatNotAllowed: "animated, in a format the profile accepts only for still stickers"
        case .fileTooLarge: "the file exceeds the profile's byte limit (decimal bytes)"
        case .canvasTooSmall: "a side is below the profile's smallest size"
        case .canvasTooLarge: "a side is above the profile's largest size"
        case .notSquare: "the canvas is not square"
        case .tooManyFrames: "more frames than the profile allows"
        case .animationTooLong: "one loop lasts longer than the profile allows"
        case .loopCountNotAllowed: "the loop count is not allowed by the profile"
        case .emptyImage: "every pixel is transparent"
        case .opaqueImage: "no pixel is transparent: the sticker shows as a box"
        case .opaqueBackground: "an opaque or near-opaque background surrounds the art"
        case .contentTouchesEdge: "the art reaches the canvas border and looks cut off"
        case .contentSmall: "the art fills less than 60% of the canvas width and height"
        case .aliasedEdge: "hard 1-bit edge: jagged on coloured backgrounds"
        case .matteHalo: "edge pixels were blended against a light or dark matte: a halo"
        case .hiddenColor: "transparent pixels store colour that naive resizers bleed into edges"
        case .ringingClamped: "downscaling clamps strong Lanczos ringing at hard edges"
        case .invisibleOnBackground: "the art nearly disappears on a test background"
        case .outlineBlends: "the outline blends into a test background; the inside still shows"
        case .longerSideNotAllowed: "the longer side is not the exact size the profile requires"
        case .codecNotAllowed: "the video codec is not accepted by the profile"
        case .audioNotAllowed: "the video has an audio track, which the profile forbids"
        case .frameRateNotAllowed: "the frame rate is above the profile's maximum or not the rate it requires"
        case .vectorStickerRejected: "a vector (TGS) sticker breaks the profile's rules for vector stickers"
        }
    }
}
