import RenditionBatch
import RenditionCodecs
import RenditionCore
import Testing

@testable import RenditionPack
@testable import RenditionPipeline

/// No error prints nothing: every error type's description says something in words, whatever
/// reason (empty, blank, punctuation) whoever raised it gave.
@Suite("error messages are never empty")
struct ErrorMessageTests {
    /// Reasons that say nothing.
    static let silentReasons = ["", " ", "\n", ": ", "; "]

    /// An error whose own description is empty, as a third-party error's can be.
    struct Mute: Error, CustomStringConvertible {
        var description: String { "" }
    }

    /// Every error type's descriptions, each made with `reason` wherever it takes text.
    static func descriptions(reason: String) -> [(String, String)] {
        let codec: [CodecError] = [
            .unrecognizedFormat, .corrupt(format: .webm, reason: reason),
            .unsupported(format: .png, reason: reason), .limitExceeded(format: .gif, limit: .outOfMemory(reason)),
            .encodingFailed(format: .webp, reason: reason), .blank(format: .tgs, reason: reason),
        ]
        let targets: [TargetError] = [
            .blank(reason), .other(reason), .codec(.corrupt(format: .png, reason: reason)),
            .frameRules(AnimationConstraints.Violation(reason: reason)),
            .overLimit(SizeFitError(limit: 10, smallest: 20, lastStep: reason)), TargetError(Mute()),
        ]
        return codec.map { ("CodecError \($0)", $0.description) }
            + codec.map { ("CodecError short \($0)", $0.shortReason) }
            + targets.map { ("TargetError", $0.description) }
            + [
                ("PackStickerError", PackStickerError(path: "a.webm", reason: reason).description),
                ("PackError", PackError.invalidConfiguration(path: "pack.json", reason: reason).description),
                ("PackError.empty", PackError.empty(source: reason).description),
                ("FileError", FileError(path: "a.png", operation: "read", reason: reason).description),
                ("StickerError", StickerError.codec(path: "a.png", .corrupt(format: .png, reason: reason)).description),
                ("Violation", AnimationConstraints.Violation(reason: reason).description),
            ]
    }

    @Test("each error type says something after its last colon, whatever the reason given", arguments: silentReasons)
    func neverEmpty(reason: String) {
        for (type, text) in Self.descriptions(reason: reason) {
            // The words after the last ": " (the reason's place) hold a letter.
            let tail = text.components(separatedBy: ": ").last ?? ""
            #expect(tail.contains { $0.isLetter }, "\(type): \"\(text)\"")
            #expect(!text.hasSuffix(":") && !text.hasSuffix(": "), "\(type): \"\(text)\"")
        }
    }

    @Test("a reason that says something is kept word for word")
    func reasonKept() {
        #expect(CodecError.corrupt(format: .png, reason: "bad CRC").description == "corrupt PNG data: bad CRC")
        #expect(PackStickerError(path: "a.webm", reason: "too long").description == "a.webm: too long")
        #expect(StatedReason.stated("7", otherwise: "x") == "7" && StatedReason.stated(" ", otherwise: "x") == "x")
    }
}
