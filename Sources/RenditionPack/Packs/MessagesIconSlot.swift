/// One icon of an Xcode `.stickersiconset`.
package struct MessagesIconSlot: Sendable, Equatable {
    /// Size in points, as Xcode writes it (`60x45`).
    package let size: String
    /// `iphone`, `ipad`, `universal` or `ios-marketing`.
    package let idiom: String
    /// `1x`, `2x` or `3x`.
    package let scale: String
    /// `ios` for universal and marketing slots.
    package let platform: String?
    /// Pixel width.
    package let width: Int
    /// Pixel height.
    package let height: Int

    /// The file name Rendition gives this icon.
    package var filename: String { "icon-\(idiom)-\(size)@\(scale).png" }

    /// Every slot of the Messages extension icon set, with exact pixel sizes (points x scale),
    /// from Apple's Asset Catalog Format Reference (Messages Extension Icon Type).
    package static let all: [MessagesIconSlot] = [
        .init(size: "29x29", idiom: "iphone", scale: "2x", platform: nil, width: 58, height: 58),
        .init(size: "29x29", idiom: "iphone", scale: "3x", platform: nil, width: 87, height: 87),
        .init(size: "60x45", idiom: "iphone", scale: "2x", platform: nil, width: 120, height: 90),
        .init(size: "60x45", idiom: "iphone", scale: "3x", platform: nil, width: 180, height: 135),
        .init(size: "29x29", idiom: "ipad", scale: "2x", platform: nil, width: 58, height: 58),
        .init(size: "67x50", idiom: "ipad", scale: "2x", platform: nil, width: 134, height: 100),
        .init(size: "74x55", idiom: "ipad", scale: "2x", platform: nil, width: 148, height: 110),
        .init(size: "27x20", idiom: "universal", scale: "2x", platform: "ios", width: 54, height: 40),
        .init(size: "27x20", idiom: "universal", scale: "3x", platform: "ios", width: 81, height: 60),
        .init(size: "32x24", idiom: "universal", scale: "2x", platform: "ios", width: 64, height: 48),
        .init(size: "32x24", idiom: "universal", scale: "3x", platform: "ios", width: 96, height: 72),
        .init(size: "1024x768", idiom: "ios-marketing", scale: "1x", platform: "ios", width: 1024, height: 768),
    ]
}
