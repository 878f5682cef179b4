import RenditionCodecs
import RenditionCore

/// The profile's rules that need no pixels: format, bytes, canvas size, frames, duration, loops.
enum ProfileRules {
    static func findings(source: SourceImage, byteCount: Int, profile: StickerProfile) -> [LintFinding] {
        var findings: [LintFinding] = []
        let animation = source.animation
        let format = source.format
        if animation.isAnimated {
            if !profile.animatedFormats.contains(format) {
                findings.append(
                    LintFinding(
                        .animationFormatNotAllowed,
                        "animated \(format) is not accepted by \(profile.name); use \(profile.animatedFormats.map { $0 == .png ? "APNG" : $0.description }.joined(separator: " or "))",
                        values: ["format": .text(format.rawValue)]))
            }
        } else if !profile.formats.contains(format) {
            findings.append(
                LintFinding(
                    .formatNotAllowed, "still \(format) images are not accepted by \(profile.name)",
                    values: ["format": .text(format.rawValue)]))
        }
        if let size = byteFinding(byteCount, profile: profile, animated: animation.isAnimated) { findings.append(size) }

        let w = animation.width, h = animation.height
        let sizeValues: [String: LintValue] = [
            "width": .integer(w), "height": .integer(h),
            "minimum": .integer(profile.minimumSide), "maximum": .integer(profile.maximumSide),
        ]
        if min(w, h) < profile.minimumSide {
            findings.append(
                LintFinding(
                    .canvasTooSmall,
                    "\(w)x\(h) px is smaller than \(profile.name)'s minimum of \(profile.minimumSide) px per side (--fix pad)",
                    values: sizeValues))
        }
        if max(w, h) > profile.maximumSide {
            findings.append(
                LintFinding(
                    .canvasTooLarge,
                    "\(w)x\(h) px is larger than \(profile.name)'s maximum of \(profile.maximumSide) px per side (--fix trim when there is margin, or resize)",
                    values: sizeValues))
        }
        if profile.requiresSquare && w != h {
            findings.append(
                LintFinding(
                    .notSquare, "the canvas is \(w)x\(h) px; \(profile.name) needs a square canvas (--fix pad)",
                    values: ["width": .integer(w), "height": .integer(h)]))
        }

        guard animation.isAnimated else { return findings }
        if let maximum = profile.maximumFrames, animation.frames.count > maximum {
            findings.append(
                LintFinding(
                    .tooManyFrames, "\(animation.frames.count) frames; \(profile.name) allows at most \(maximum)",
                    values: ["frames": .integer(animation.frames.count), "maximum": .integer(maximum)]))
        }
        let milliseconds = animation.duration.seconds * 1000
        if let maximum = profile.maximumDurationMilliseconds, milliseconds > Double(maximum) {
            findings.append(
                LintFinding(
                    .animationTooLong,
                    "one loop lasts \(LintFormat.decimal(milliseconds / 1000, digits: 3)) s; \(profile.name) allows at most \(LintFormat.decimal(Double(maximum) / 1000, digits: 3)) s",
                    values: ["duration_ms": .number(milliseconds), "maximum_ms": .integer(maximum)]))
        }
        if profile.requiresEndlessLoop && animation.loopCount != 0 {
            findings.append(
                LintFinding(
                    .loopCountNotAllowed,
                    "the animation plays \(animation.loopCount) time(s); \(profile.name) needs it to loop forever",
                    values: ["loop_count": .integer(animation.loopCount)]))
        } else if let maximum = profile.maximumLoops, animation.loopCount == 0 || animation.loopCount > maximum {
            let plays = animation.loopCount == 0 ? "forever" : "\(animation.loopCount) times"
            findings.append(
                LintFinding(
                    .loopCountNotAllowed, "the animation plays \(plays); \(profile.name) allows at most \(maximum)",
                    values: ["loop_count": .integer(animation.loopCount), "maximum": .integer(maximum)]))
        }
        return findings
    }

    static func byteFinding(_ byteCount: Int, profile: StickerProfile, animated: Bool?) -> LintFinding? {
        let limit = profile.byteLimit(animated: animated)
        guard byteCount > limit else { return nil }
        return LintFinding(
            .fileTooLarge,
            "\(grouped(byteCount)) bytes is over \(profile.name)'s limit of \(grouped(limit)) bytes (\(LintFormat.kilobytes(limit)))",
            values: ["bytes": .integer(byteCount), "maximum": .integer(limit)])
    }

    /// `501000` → `501,000`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(abs(value)))
        var text = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { text.append(",") }
            text.append(d)
        }
        return value < 0 ? "-" + text : text
    }
}
