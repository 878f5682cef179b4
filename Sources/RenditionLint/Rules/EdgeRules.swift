import RenditionCore
import RenditionPipeline

/// Turns the alpha-edge analysis of every frame into findings. Per-frame findings of an
/// animation are reported once, for the first frame showing them, with the number of
/// frames affected.
struct EdgeRules {
    let options: LintOptions

    func findings(analyses: [EdgeAnalysis], hidden: HiddenColor?, ringing: RingingMeasurement?) -> [LintFinding] {
        guard let first = analyses.first else { return [] }
        var found = FrameFindings(analyses: analyses)
        if analyses.allSatisfy({ $0.alpha.isEmpty }) {
            return [LintFinding(.emptyImage, "every pixel is transparent: there is nothing to see")]
        }

        var opaque = false
        if options.profile.requiresTransparency {
            if let hit = found.firstFrame(where: { !$0.alpha.hasTransparency }) {
                opaque = true
                var values: [String: LintValue] = [:]
                var color = ""
                if let c = hit.analysis.border.color {
                    values["color"] = .text(c.hex)
                    color = " (its border is \(Self.colorName(c)) \(c.hex): --fix remove-background)"
                }
                found.add(
                    .opaqueImage, "no pixel is transparent, so the sticker shows as a rectangle\(color)", at: hit,
                    values)
            } else if let hit = found.firstFrame(where: { $0.border.isOpaque }) {
                opaque = true
                let border = hit.analysis.border
                var values: [String: LintValue] = [
                    "opaque_border_fraction": .number(border.opaqueFraction), "mean_alpha": .number(border.meanAlpha),
                ]
                var described = "an opaque background"
                if border.meanAlpha < 254.5 {
                    described = "a near-opaque background (alpha \(Int(border.meanAlpha.rounded())))"
                }
                var fix = ""
                if let c = border.color {
                    values["color"] = .text(c.hex)
                    described += " in \(Self.colorName(c)) \(c.hex)"
                    fix = "; --fix remove-background"
                }
                found.add(
                    .opaqueBackground,
                    "\(described) covers \(LintFormat.percent(border.opaqueFraction)) of the border: the art sits in a box\(fix)",
                    at: hit, values)
            }
        }

        if !opaque {
            silhouetteFindings(first: first, into: &found)
        }

        if let hidden, hidden.coloredPixels > 0 {
            var values: [String: LintValue] = [
                "pixels": .integer(hidden.coloredPixels), "fraction": .number(hidden.fraction),
            ]
            if let c = hidden.meanColor { values["mean_color"] = .text(c.hex) }
            found.findings.append(
                LintFinding(
                    .hiddenColor,
                    "\(LintFormat.percent(hidden.fraction)) of the transparent pixels store a colour (mean \(hidden.meanColor?.hex ?? "?")); resizers that skip premultiplication bleed it into the edges (Rendition's renditions do not)",
                    values: values))
        }

        if let ringing, !opaque, ringing.clampedFraction >= options.ringingClampedFraction,
            ringing.maxOvershoot >= options.ringingOvershoot
        {
            found.findings.append(
                LintFinding(
                    .ringingClamped,
                    "at @1x (\(ringing.width)x\(ringing.height)) Lanczos rings on \(LintFormat.percent(ringing.clampedFraction)) of the pixels and the clamp removes up to \(Int(ringing.maxOvershoot.rounded())) levels: fine high-contrast detail is near the @1x resolution and loses contrast; simplify it for small sizes",
                    values: [
                        "max_overshoot": .number(ringing.maxOvershoot),
                        "mean_overshoot": .number(ringing.meanOvershoot),
                        "clamped_fraction": .number(ringing.clampedFraction), "width": .integer(ringing.width),
                        "height": .integer(ringing.height),
                    ]))
        }
        return found.findings
    }

    private func silhouetteFindings(first: EdgeAnalysis, into found: inout FrameFindings) {
        let analyses = found.analyses
        let analysis = options.analysis
        if let hit = found.firstFrame(where: { !$0.alpha.touching.isEmpty }) {
            let sides = hit.analysis.alpha.touching.names
            found.add(
                .contentTouchesEdge,
                "the art touches the \(Self.list(sides)) edge\(sides.count > 1 ? "s" : "") (\(hit.analysis.alpha.touchingPixels) border pixels): it will look cut off; leave a margin (--fix pad)",
                at: hit,
                ["sides": .text(sides.joined(separator: ",")), "pixels": .integer(hit.analysis.alpha.touchingPixels)])
        }

        // Content size: the union of every frame's bounds.
        var union: PixelRect? = nil
        for a in analyses {
            guard let b = a.alpha.bounds else { continue }
            guard let u = union else {
                union = b
                continue
            }
            let x0 = min(u.x, b.x), y0 = min(u.y, b.y)
            union = PixelRect(x: x0, y: y0, width: max(u.maxX, b.maxX) - x0, height: max(u.maxY, b.maxY) - y0)
        }
        if let u = union {
            let fillW = Double(u.width) / Double(first.width), fillH = Double(u.height) / Double(first.height)
            if max(fillW, fillH) < options.contentSmallFraction {
                found.findings.append(
                    LintFinding(
                        .contentSmall,
                        "the art spans only \(LintFormat.percent(fillW)) of the width and \(LintFormat.percent(fillH)) of the height: it will look small (--fix trim)",
                        values: [
                            "width_fraction": .number(fillW), "height_fraction": .number(fillH),
                            "bounds": .text("\(u.width)x\(u.height)+\(u.x)+\(u.y)"),
                        ]))
            }
        }

        if let hit = found.firstFrame(where: {
            $0.band.softness == .hard && $0.band.stepFraction >= analysis.stepFractionForAliasing
        }) {
            let band = hit.analysis.band
            found.add(
                .aliasedEdge,
                "the edge is hard (\(LintFormat.percent(band.hardFraction)) of the outline jumps from transparent to opaque): it looks jagged, especially on coloured backgrounds; export with anti-aliased alpha",
                at: hit,
                [
                    "hard_fraction": .number(band.hardFraction), "step_fraction": .number(band.stepFraction),
                    "outline_pixels": .integer(band.outlinePixels),
                ])
        }

        if let hit = found.firstFrame(where: { $0.halo.isDetected }) {
            let halo = hit.analysis.halo
            let matte = halo.matte ?? .white
            found.add(
                .matteHalo,
                "\(halo.kind ?? "colored") halo: edge pixels were blended over \(Self.colorName(matte)) \(matte.hex) before the background was removed (\(LintFormat.percent(halo.fringeFraction)) of edge pixels, off by \(Int(halo.meanDeviation.rounded())) levels on average); --fix unmatte or defringe",
                at: hit,
                [
                    "matte": .text(matte.hex), "kind": .text(halo.kind ?? "colored"),
                    "fringe_fraction": .number(halo.fringeFraction), "mean_deviation": .number(halo.meanDeviation),
                    "matte_spread": .number(halo.matteSpread), "samples": .integer(halo.samples),
                ])
        }

        for (index, background) in options.backgrounds.enumerated() {
            let limit = Int(analysis.blendDeltaE)
            if let hit = found.firstFrame(where: { index < $0.visibility.count && $0.visibility[index].disappears }) {
                let v = hit.analysis.visibility[index]
                found.add(
                    .invisibleOnBackground,
                    "the art almost disappears on \(background.name): \(LintFormat.percent(v.outlineBlendFraction)) of its outline and \(LintFormat.percent(v.areaBlendFraction)) of its area are within dE \(limit) of the background",
                    at: hit, Self.details(v, on: background.name))
            } else if let hit = found.firstFrame(where: {
                index < $0.visibility.count && $0.visibility[index].outlineBlends
            }) {
                let v = hit.analysis.visibility[index]
                found.add(
                    .outlineBlends,
                    "the outline blends into \(background.name) (\(LintFormat.percent(v.outlineBlendFraction)) within dE \(limit)); the inside still shows",
                    at: hit, Self.details(v, on: background.name))
            }
        }
    }

    /// The facts of how art shows on the background called `name`, for a finding's details.
    private static func details(_ v: BackgroundVisibility, on name: String) -> [String: LintValue] {
        [
            "background": .text(name), "outline_blend": .number(v.outlineBlendFraction),
            "area_blend": .number(v.areaBlendFraction), "outline_delta_e": .number(v.meanOutlineDeltaE),
        ]
    }

    /// A rough colour name for messages.
    static func colorName(_ c: RGBColor) -> String {
        let r = Int(c.r), g = Int(c.g), b = Int(c.b)
        let hi = max(r, g, b), lo = min(r, g, b)
        if hi - lo < 24 {
            if c.luma >= 230 { return "white" }
            if c.luma <= 30 { return "black" }
            return c.luma >= 128 ? "light grey" : "dark grey"
        }
        if r == hi && g < r - 60 && b < r - 60 { return "red" }
        if r >= 200 && g >= 160 && b < 120 { return "yellow" }
        if g == hi && r < g - 40 { return "green" }
        if b == hi { return "blue" }
        return "coloured"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

/// Findings being collected for the frames of one file.
struct FrameFindings {
    let analyses: [EdgeAnalysis]
    var findings: [LintFinding] = []

    init(analyses: [EdgeAnalysis]) {
        self.analyses = analyses
    }

    /// A frame matching `test`: the first one, with the number of frames matching.
    struct Hit {
        let index: Int
        let analysis: EdgeAnalysis
        let count: Int
    }

    func firstFrame(where test: (EdgeAnalysis) -> Bool) -> Hit? {
        var first: (Int, EdgeAnalysis)? = nil
        var count = 0
        for (i, a) in analyses.enumerated() where test(a) {
            if first == nil { first = (i, a) }
            count += 1
        }
        return first.map { Hit(index: $0.0, analysis: $0.1, count: count) }
    }

    /// Adds a per-frame finding; for animations it names the frame and counts the frames.
    mutating func add(_ code: LintCode, _ message: String, at hit: Hit, _ values: [String: LintValue]) {
        let animated = analyses.count > 1
        var values = values
        if animated { values["frames_affected"] = .integer(hit.count) }
        let suffix =
            animated
            ? " (frame \(hit.index + 1) of \(analyses.count)\(hit.count > 1 ? ", \(hit.count) frames" : ""))" : ""
        findings.append(LintFinding(code, message + suffix, frame: animated ? hit.index : nil, values: values))
    }
}
