import RenditionCodecs

/// What a job is expected to take, known from the inputs' headers before any decoder runs:
/// its peak memory (which the server's memory budget admits it against and its worker
/// process's address-space limit is set from) and its CPU time (its worker's CPU limit).
package struct JobCost: Sendable, Equatable, CustomStringConvertible {
    /// Peak resident memory of the job's worker, in bytes.
    package var memoryBytes: Int
    /// CPU time on one core, in seconds.
    package var cpuSeconds: Double

    /// Creates a cost.
    package init(memoryBytes: Int, cpuSeconds: Double) {
        self.memoryBytes = memoryBytes
        self.cpuSeconds = cpuSeconds
    }

    /// `312 MB, 1.4 s`.
    package var description: String {
        "\(memoryBytes / 1_000_000) MB, \((cpuSeconds * 10).rounded() / 10) s"
    }

    /// What a worker process takes before any input: the executable, its libraries and
    /// their allocators' first arenas.
    static let workerBaseline = 64_000_000
}

/// The kinds of work a job does with one input, for its estimate.
enum JobWork: Sendable, Equatable {
    /// Renditions at these scales (of 3).
    case render(scales: [Int])
    /// A lint report.
    case lint
    /// A preview sheet (three sizes on six backgrounds).
    case preview
    /// One sticker of a pack for this many platforms (Apple's catalog counted as one).
    case packSticker(platforms: Int)
}

/// Estimates a job's cost from `SourceHeader`s, after checking each header against the
/// server's per-request limits.
///
/// The model is simple and on the safe side of what was measured (docs/SERVER.md, "Cost of a
/// job"): a job holds its decoded frames (RGBA, 4 bytes a pixel) and its outputs' frames; a
/// still's encoders keep several working copies of a frame (lossless WebP of a 10 MP frame
/// takes about twice its RGBA), an animation's encoders work a frame at a time. CPU time
/// grows with the pixels decoded and written.
struct JobEstimator: Sendable {
    let configuration: ServerConfiguration

    /// Copies of the decoded frames a job holds (stills, animations).
    static let sourceCopies = (still: 2.5, animation: 1.5)
    /// Copies of the written frames a job holds (stills, animations).
    static let outputCopies = (still: 2.0, animation: 0.75)
    /// CPU time per pixel decoded or written, in seconds (measured: 25-50 ns).
    static let secondsPerPixel = 60e-9
    /// The side vector animations are drawn at in packs (every platform's canvas is 512 px).
    static let packCanvas = 512

    /// Refuses a header over the per-request limits, with the limit's name; otherwise the
    /// cost of `work` on it.
    func cost(of header: SourceHeader, work: JobWork) throws(ServerError) -> JobCost {
        try check(header)
        let frames = Double(header.frameCount)
        var sourcePixels = Double(header.width) * Double(header.height)
        if header.format.isVector {
            // Drawn at each output's size rather than decoded once at the canvas's.
            let side = Double(max(header.width, header.height, Self.packCanvas))
            sourcePixels = side * side
        }
        let outputPixels: Double
        switch work {
        case .render(let scales): outputPixels = sourcePixels * scales.reduce(0) { $0 + Double($1 * $1) / 9 }
        case .lint: outputPixels = sourcePixels * 0.2
        case .preview: outputPixels = sourcePixels * 1.6
        case .packSticker(let platforms):
            // Apple's @3x, @2x and @1x, and one 512 px canvas for each other platform.
            let canvas = Double(Self.packCanvas * Self.packCanvas)
            outputPixels = sourcePixels * 14 / 9 + Double(max(0, platforms - 1)) * canvas
        }
        let animated = header.frameCount > 1
        let copies =
            (animated ? Self.sourceCopies.animation : Self.sourceCopies.still) * sourcePixels
            + (animated ? Self.outputCopies.animation : Self.outputCopies.still) * outputPixels
        let memory = Double(JobCost.workerBaseline) + 4 * frames * copies
        let seconds = 0.05 + Self.secondsPerPixel * frames * (sourcePixels + outputPixels)
        return JobCost(memoryBytes: Int(min(memory, Double(Int.max / 2))), cpuSeconds: seconds)
    }

    /// The cost of a pack of `headers` (whose files have `inputBytes` in all) for `platforms`
    /// platforms: its stickers are made one after another, so the memory is the largest
    /// sticker's plus the pack's files (written to disk as they are made, then read into the
    /// ZIP: about the size of the inputs, and at most 100 KB a file on top), and the CPU time
    /// their sum.
    func packCost(of headers: [SourceHeader], platforms: Int, inputBytes: Int) throws(ServerError) -> JobCost {
        var memory = JobCost.workerBaseline
        var seconds = 0.05
        for header in headers {
            let cost = try cost(of: header, work: .packSticker(platforms: platforms))
            memory = max(memory, cost.memoryBytes)
            seconds += cost.cpuSeconds
        }
        memory += 2 * inputBytes + headers.count * (platforms + 3) * 100_000
        return JobCost(memoryBytes: memory, cpuSeconds: seconds)
    }

    /// Refuses a job whose estimate is over `maxJobMemory`, or whose estimated CPU time is
    /// over `timeout` (the time its request may take), so that every job admitted can finish.
    func checkAdmission(_ cost: JobCost, timeout: Duration) throws(ServerError) {
        if cost.memoryBytes > configuration.maxJobMemory {
            throw .limitExceeded(
                "max-job-memory", maximum: configuration.maxJobMemory, value: cost.memoryBytes,
                "the job would need about \(cost.memoryBytes / 1_000_000) MB, over the limit of \(configuration.maxJobMemory / 1_000_000) MB a job may have"
            )
        }
        let (whole, fraction) = timeout.components
        let seconds = Double(whole) + Double(fraction) / 1e18
        if cost.cpuSeconds > seconds {
            throw .limitExceeded(
                "job-seconds", maximum: Int(seconds.rounded(.up)), value: Int(cost.cpuSeconds.rounded(.up)),
                "the job would take about \(Int(cost.cpuSeconds.rounded(.up))) s of CPU, over the \(Int(seconds.rounded(.up))) s its request may take; send fewer or smaller files"
            )
        }
    }

    /// The per-request limits: pixels of a still, frames, and pixels over all frames.
    func check(_ header: SourceHeader) throws(ServerError) {
        let pixels = header.width.multipliedReportingOverflow(by: header.height)
        let stillPixels = pixels.overflow ? Int.max : pixels.partialValue
        if header.frameCount > configuration.maxFrames {
            throw .limitExceeded(
                "max-frames", maximum: configuration.maxFrames, value: header.frameCount,
                "\(header.frameCount) frames is over the limit of \(configuration.maxFrames) frames")
        }
        if stillPixels > configuration.maxSourcePixels {
            throw .limitExceeded(
                "max-source-pixels", maximum: configuration.maxSourcePixels, value: stillPixels,
                "\(header.width)x\(header.height) px is over the limit of \(configuration.maxSourcePixels) pixels")
        }
        if header.frameCount > 1, header.pixelsOverFrames > configuration.maxAnimationPixels {
            throw .limitExceeded(
                "max-animation-pixels", maximum: configuration.maxAnimationPixels, value: header.pixelsOverFrames,
                "\(header.frameCount) frames of \(header.width)x\(header.height) px make \(header.pixelsOverFrames) pixels, over the limit of \(configuration.maxAnimationPixels) pixels over all frames"
            )
        }
    }

    /// The decoding limits a worker applies, in agreement with the per-request limits (so a
    /// file whose headers understate its frames or size is stopped by its decoder too).
    func decodeLimits() -> DecodeLimits {
        var limits = DecodeLimits.default
        limits.maxPixels = min(limits.maxPixels, configuration.maxSourcePixels)
        limits.maxFrames = min(limits.maxFrames, configuration.maxFrames)
        let (bytes, overflow) = max(configuration.maxSourcePixels, configuration.maxAnimationPixels)
            .multipliedReportingOverflow(by: 4)
        limits.maxDecodedBytes = overflow ? limits.maxDecodedBytes : min(limits.maxDecodedBytes, bytes)
        limits.maxInputBytes = min(limits.maxInputBytes, configuration.maxUploadBytes)
        limits.maxDocumentBytes = min(limits.maxDocumentBytes, 4 << 20)
        return limits
    }
}
