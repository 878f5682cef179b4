import RenditionCodecs
import RenditionCore

/// The profile's rules that read the file itself rather than its pixels: the exact longer
/// side, a video's codec, audio and frame rate (`VideoStickerRule`), and a vector sticker's
/// rules (`VectorStickerRule`).
enum FormatRuleFindings {
    static func findings(bytes: [UInt8], source: SourceImage, profile: StickerProfile, limits: DecodeLimits)
        -> [LintFinding]
    {
        var findings: [LintFinding] = []
        let animation = source.animation
        if let side = profile.exactLongerSide, max(animation.width, animation.height) != side {
            findings.append(
                LintFinding(
                    .longerSideNotAllowed,
                    "the canvas is \(animation.width)x\(animation.height) px; \(profile.name) needs the longer side to be exactly \(side) px",
                    values: [
                        "width": .integer(animation.width), "height": .integer(animation.height),
                        "required": .integer(side),
                    ]))
        }
        if source.format == .webm, let rule = profile.videoRule, let info = try? WebMDecoder.info(bytes, limits: limits)
        {
            if !rule.codecs.contains(info.codec) {
                findings.append(
                    LintFinding(
                        .codecNotAllowed,
                        "the video is \(info.codec); \(profile.name) takes \(rule.codecs.map(\.description).joined(separator: " or "))",
                        values: ["codec": .text(info.codec.description)]))
            }
            if info.hasAudio && !rule.allowsAudio {
                findings.append(
                    LintFinding(
                        .audioNotAllowed, "the file has an audio track; \(profile.name) takes video without sound"))
            }
            // WebM keeps times in whole milliseconds: a variable-rate file on a 30 fps clock
            // has 33 ms frames, so only a frame a millisecond or more shorter than the fastest
            // rate's is too fast.
            let fastest = animation.frames.map(\.delay).filter { $0 > .zero }.min()
            let shortestAllowed = FrameDelay(numerator: 1, denominator: rule.maximumFramesPerSecond)
            if let fastest, fastest < shortestAllowed, fastest.seconds <= shortestAllowed.seconds - 0.001 {
                let rate = 1 / fastest.seconds
                findings.append(
                    LintFinding(
                        .frameRateNotAllowed,
                        "frames as short as \(LintFormat.decimal(fastest.seconds * 1000, digits: 1)) ms (\(LintFormat.decimal(rate, digits: 1)) fps); \(profile.name) allows at most \(rule.maximumFramesPerSecond) fps",
                        values: ["fps": .number(rate), "maximum": .integer(rule.maximumFramesPerSecond)]))
            }
        }
        if let rule = profile.vectorRule, source.format == rule.format {
            let problems = rule.problems(bytes, limits: limits)
            if !problems.isEmpty {
                findings.append(
                    LintFinding(
                        .vectorStickerRejected,
                        "\(profile.name) would not take this \(rule.format) sticker: \(problems.joined(separator: "; "))",
                        values: ["problems": .text(problems.joined(separator: "; "))]))
            }
        }
        return findings
    }
}
