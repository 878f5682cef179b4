import RenditionCodecs
import RenditionCore

extension StickerPipeline {
    /// Makes one target from `content`, the master already resampled to the target's content
    /// size (every frame when the target animates): placed on its canvas, adapted to its frame
    /// rules, then encoded, or fitted under its byte limit trying its containers in order (or,
    /// for a target that returns pixels, returned as they are). `masterPixels`, the decoded
    /// master when there is one, lets a truecolour animation on a canvas that accepts smaller
    /// squares be fitted on a smaller one, resampled from it (`SizeFitter.fitTruecolour`).
    func make(
        _ target: RenditionTarget, content: Animation, master: (width: Int, height: Int, animated: Bool),
        input: ImageFormat, threads: Int, compressor: DeflateCompressor? = nil, masterPixels: Animation? = nil
    ) throws(TargetError) -> TargetOutput {
        let animated = master.animated && target.animates
        var notes: [String] = []
        if master.animated && !target.animates {
            notes.append("\(target.label) takes still stickers here: first frame used")
        }
        let source = animated || !content.isAnimated ? content : Animation(still: content.firstFrame)
        let canvas = target.placement(masterWidth: master.width, masterHeight: master.height, animated: animated).canvas
        // Frame rules are applied for the clock of the first container tried (GIF's 10 ms grid
        // or milliseconds), and again for a later container on the other clock.
        let unadapted = CanvasPlacement.placed(
            source, width: canvas.width, height: canvas.height, background: target.background)
        let clock = FrameClock(target.formats.animated.first?.resolved(input: input, animated: true) ?? .auto)
        let adapted = try Self.adapted(unadapted, to: target.frameRules, clock: clock)
        let placed = adapted.animation
        let ruleNotes = notes.count..<notes.count + adapted.notes.count
        notes += adapted.notes
        if target.returnsPixels { return TargetOutput(pixels: placed, notes: notes) }
        guard placed.hasVisiblePixel else { throw .blank(target.label, input: input) }
        guard let byteLimit = target.byteLimit else {
            return try encodeOnce(
                placed, target: target, input: input, notes: notes, threads: threads, compressor: compressor)
        }
        let isAnimated = placed.isAnimated
        let limit = byteLimit.bytes(animated: isAnimated)
        let fitter = SizeFitter(
            limit: limit, compressionLevel: options.png.compressionLevel, preserveFrames: target.preservesFrames,
            threads: threads, animatedPalette: target.animatedPalette, webpKeyFramesOnly: target.webpKeyFramesOnly)
        let smaller: SmallerCanvas? =
            isAnimated && !target.animatedPalette
            ? masterPixels.flatMap { smallerCanvas(target, placed: placed, master: $0, clock: clock, threads: threads) }
            : nil
        if isAnimated && target.framesAsSequence, sequenceTiming(placed, notes: &notes) != nil {
            // The limit is the whole sticker's: all frames together.
            let sequenceFitter = SequenceFitter(
                limit: limit, compressionLevel: options.png.compressionLevel, threads: threads,
                preserveFrames: target.preservesFrames, paletteSimilarity: PaletteQuantization.defaultMinimumSimilarity)
            do {
                let fitted = try sequenceFitter.fit(placed)
                var timingNotes: [String] = []
                if let sequence = sequenceTiming(fitted.animation, notes: &timingNotes) {
                    let quality =
                        fitted.givenUp.isEmpty ? 1 : FittedQuality.heldScore(of: fitted.animation, against: placed)
                    return TargetOutput(
                        files: fitted.files, format: .png, width: placed.width, height: placed.height, animated: true,
                        sequence: sequence,
                        report: TargetReport(
                            limit: limit, step: "sequence, \(fitted.step)", stepIndex: fitted.stepIndex,
                            givenUp: fitted.givenUp, notes: notes, quality: quality))
                }
                notes += timingNotes
            } catch let error as SizeFitError {
                notes.append(
                    "a sticker sequence could not get under \(limit) bytes for all its frames (\(error.smallest) bytes at best): written as an APNG sticker"
                )
            } catch {
                throw TargetError(error)
            }
        }
        let formats = (isAnimated ? target.formats.animated : [target.formats.still]).map {
            $0.resolved(input: input, animated: isAnimated)
        }
        var firstError: TargetError?
        for format in formats {
            var placed = placed
            var notes = notes
            if target.frameRules != nil, FrameClock(format) != clock {
                let adapted = try Self.adapted(unadapted, to: target.frameRules, clock: FrameClock(format))
                placed = adapted.animation
                notes.replaceSubrange(ruleNotes, with: adapted.notes)
            }
            do {
                let fitted = try fitter.fit(placed, as: format, smallerCanvas: smaller)
                var step = fitted.step
                if format != formats[0] {
                    step += ", as \(format.rawValue.uppercased())"
                    notes.append(
                        "\(formats[0].rawValue.uppercased()) could not get under \(limit) bytes: written as \(format.rawValue.uppercased())"
                    )
                }
                // The truecolour ladder scores its own steps (`FittedQuality.heldScore`). A
                // lossless step scores 1; VP9 and GIF files are never lossless (a GIF of more
                // than 256 colours is quantised), so they are scored even at their first step.
                let lossless = fitted.givenUp.isEmpty && format.encoder.isLossless
                let quality =
                    lossless
                    ? 1
                    : fitted.quality ?? FittedQuality.score(of: fitted.bytes, against: placed, limits: options.limits)
                let side = fitted.canvasSide
                return TargetOutput(
                    files: [fitted.bytes], format: format, width: side ?? placed.width, height: side ?? placed.height,
                    animated: isAnimated, sequence: nil,
                    report: TargetReport(
                        limit: limit, step: step, stepIndex: fitted.stepIndex, givenUp: fitted.givenUp, notes: notes,
                        quality: quality))
            } catch let error as SizeFitError {
                if firstError == nil { firstError = .overLimit(error) }
            } catch {
                throw TargetError(error)
            }
        }
        throw firstError ?? .other("no container to write \(target.label) in")
    }

    /// `placed` encoded once in the target's first container with the pipeline's encoder
    /// settings (a still asked for as APNG is a plain PNG; an animated PNG in truecolour when
    /// the target allows no palette); a still PNG reuses `compressor` when one is given.
    func encodeOnce(
        _ placed: Animation, target: RenditionTarget, input: ImageFormat, notes: [String], threads: Int,
        compressor: DeflateCompressor? = nil
    ) throws(TargetError) -> TargetOutput {
        let isAnimated = placed.isAnimated
        var format = (isAnimated ? target.formats.animated[0] : target.formats.still)
            .resolved(input: input, animated: isAnimated)
        if format == .apng && !isAnimated { format = .png }
        var options = encoderOptions(threads: threads)
        if target.webpKeyFramesOnly { options.webp.keyframeInterval = 1...1 }
        let request = EncodingRequest(
            options: options, compressor: compressor, animatedPalette: target.animatedPalette)
        let bytes: [UInt8]
        do { bytes = try format.encoder.encode(placed, request) } catch { throw .codec(error) }
        return TargetOutput(
            files: [bytes], format: format, width: placed.width, height: placed.height,
            animated: isAnimated && format != .png, sequence: nil,
            report: TargetReport(limit: nil, step: "encoded", stepIndex: 1, givenUp: [], notes: notes))
    }

    /// The target's animation on smaller squares, each resampled from `master` and placed,
    /// flattened and adapted to the frame rules (on `clock`) as `placed` was, when the target's animated
    /// canvas rule accepts any square up to its size (`squareWithin`) and `placed` is that
    /// square; `nil` otherwise. Sides go down to a quarter of the full one (and the rule's
    /// smallest), even.
    func smallerCanvas(
        _ target: RenditionTarget, placed: Animation, master: Animation, clock: FrameClock, threads: Int
    ) -> SmallerCanvas? {
        let size = target.animatedCanvas.map(RenditionTarget.Size.canvas) ?? target.size
        guard case .canvas(let rule) = size, rule.mode == .squareWithin, placed.width == placed.height,
            placed.width == rule.width, master.isAnimated
        else { return nil }
        let minimum = max(rule.minimumLongerSide ?? 2, placed.width / 4, 2)
        let background = target.background
        let frameRules = target.frameRules
        return SmallerCanvas(
            minimumSide: minimum + (minimum & 1),
            accepts: { side in rule.accepts(width: side, height: side) },
            make: { side in
                var smaller = rule
                smaller.width = side
                smaller.height = side
                let content = smaller.contentSize(masterWidth: master.width, masterHeight: master.height)
                let made = CanvasPlacement.placed(
                    LanczosResampler().resample(master, width: content.width, height: content.height, threads: threads),
                    width: side, height: side, background: background)
                return (try? Self.adapted(made, to: frameRules, clock: clock))?.animation ?? made
            })
    }

    /// `placed` adapted to the frame rules `rules` (none: unchanged) for a container whose
    /// frame times run on `clock`.
    /// - Returns: the adapted animation and the notes saying what the rules changed.
    /// - Throws: ``TargetError/frameRules(_:)`` when the animation cannot keep the rules.
    static func adapted(_ placed: Animation, to rules: FramePolicy?, clock: FrameClock) throws(TargetError) -> (
        animation: Animation, notes: [String]
    ) {
        guard let rules else { return (placed, []) }
        do {
            let adapted = try AnimationConstraints.apply(rules, to: placed, clock: clock)
            return (adapted.animation, adapted.notes)
        } catch { throw .frameRules(error) }
    }

    /// The timing of `animation` as a sticker sequence, or `nil` with a note when a sequence
    /// cannot express it (it is then written in the target's animated container).
    func sequenceTiming(_ animation: Animation, notes: inout [String]) -> TargetOutput.SequenceTiming? {
        guard let timing = StickerSequence.timing(of: animation) else {
            notes.append("frame delays vary, which a sticker sequence cannot express: written as an APNG sticker")
            return nil
        }
        guard let repetitions = StickerSequence.repetitions(forLoopCount: animation.loopCount) else {
            notes.append(
                "the animation plays once, which a sticker sequence cannot express: written as an APNG sticker")
            return nil
        }
        return TargetOutput.SequenceTiming(timing: timing, repetitions: repetitions)
    }
}
