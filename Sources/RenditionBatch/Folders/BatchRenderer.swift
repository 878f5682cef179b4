import RenditionCodecs
import RenditionCore
import RenditionPipeline

/// Why one sticker of a batch failed.
public enum StickerError: Error, Sendable, CustomStringConvertible {
    /// Reading the input or writing an output failed.
    case file(FileError)
    /// The input could not be decoded, or an output not encoded.
    case codec(path: String, CodecError)
    /// Another input earlier in the batch produces the same output names.
    case duplicateName(path: String, name: String, firstPath: String)
    /// The process died of `signal` while this input was being decoded (a supervised batch
    /// goes on with the other inputs in a new process: `BatchSupervision`).
    case processDied(path: String, signal: Int32)

    /// `PATH: what went wrong`.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .codec(let path, let error): "\(path): \(error)"
        case .duplicateName(let path, let name, let firstPath):
            "\(path): its renditions would be named \(name)@… like those of \(firstPath); rename one of them"
        case .processDied(let path, let signal):
            "\(path): \(BatchSupervision.processDiedReason(path: path, signal: signal))"
        }
    }
}

/// A rendition written to disk.
public struct WrittenRendition: Sendable {
    /// @1x, @2x or @3x.
    public let scale: StickerScale
    /// Pixel width.
    public let width: Int
    /// Pixel height.
    public let height: Int
    /// Size of the file in bytes.
    public let byteCount: Int
    /// Where it was written.
    public let path: String
}

/// The outcome for one input of a batch.
public struct StickerResult: Sendable {
    /// The input file.
    public let inputPath: String
    /// The sticker's name (file name without extension and `@3x`).
    public let name: String
    /// Master size, when it could be decoded.
    public let masterSize: (width: Int, height: Int)?
    /// The files written, or why there are none.
    public let outcome: Result<[WrittenRendition], StickerError>
    /// True when the outputs were already up to date and nothing was rendered.
    public var skipped: Bool = false
    /// Why the master, rendered anyway, does not look like a sticker (photo-sized, opaque):
    /// one sentence each, without the path; empty for a sticker-like master and for one
    /// found up to date.
    public var warnings: [String] = []

    /// Whether the sticker failed.
    public var failed: Bool {
        if case .failure = outcome { true } else { false }
    }
}

/// Renders many stickers into one output folder, in parallel across stickers.
///
/// Each worker thread owns its resampling workspace and compressor. A failing input is
/// reported and the batch goes on. Results are delivered in input order.
public struct BatchRenderer: Sendable {
    /// The per-sticker renderer.
    package let renderer: StickerRenderer
    /// The folder receiving `NAME@2x.png` and friends.
    package let outputDirectory: String
    /// Number of worker threads (at least 1).
    package let threads: Int
    /// Whether to skip stickers whose outputs are up to date according to the folder's
    /// `RenderManifest`, and to record what is rendered.
    package let incremental: Bool

    /// Creates a batch renderer. Trailing slashes of `outputDirectory` are dropped, so the
    /// paths it reports read `out/NAME@2x.png` for `out/` too.
    public init(renderer: StickerRenderer, outputDirectory: String, threads: Int, incremental: Bool = true) {
        self.renderer = renderer
        var directory = outputDirectory
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        self.outputDirectory = directory
        self.threads = max(1, threads)
        self.incremental = incremental
    }

    /// Renders every input; `report` is called once per input, in input order, from
    /// whichever thread completes the prefix.
    ///
    /// The files are written without waiting for the disk and flushed together at the end
    /// (`PendingFlush`): each output file, the manifest, then the folder, once. Throws when the
    /// output folder cannot be created, or when that flush fails (the files are in place but
    /// may not survive a power cut); a sticker that fails is a result, not a throw.
    @discardableResult
    public func run(
        inputs: [String], report: @escaping @Sendable (StickerResult) -> Void = { _ in }
    ) throws(FileError) -> [StickerResult] {
        try run(inputs: inputs, supervision: nil, report: report)
    }

    /// Renders `inputs` as `run(inputs:report:)` does, followed by a supervisor in another
    /// process (the command line's `render`): under `supervision`, only the inputs from its
    /// `firstIndex` are rendered and returned, and it is told which inputs are in flight.
    @discardableResult
    package func run(
        inputs: [String], supervision: BatchSupervision?,
        report: @escaping @Sendable (StickerResult) -> Void = { _ in }
    ) throws(FileError) -> [StickerResult] {
        try FileSystem.createDirectory(outputDirectory)
        // Other processes may be writing into the same folder: see OutputFolderLock.
        let folderLock = OutputFolderLock(directory: outputDirectory) {
            AtomicFile.removeStaleTemporaries(in: outputDirectory)
        }
        let earlierWithSameName = StickerInputs.earlierInputsWithSameName(inputs)
        // With fewer stickers than threads, the spare threads resample animation frames.
        let frameThreads = ThreadBudget(threads).frameThreads(forBatchOf: inputs.count)
        let renderer = frameThreads > 1 ? self.renderer.withFrameThreads(frameThreads) : self.renderer
        let manifest = incremental ? RenderManifest(directory: outputDirectory) : nil
        let pending = PendingFlush()
        // Runs after the flush below: the manifest is compacted once the files it lists are durable.
        defer { folderLock.release { try? manifest?.compact() } }
        let directory = outputDirectory
        let results = BatchSupervision.map(
            supervision, count: inputs.count, threads: threads,
            worker: { _ in RenderWorker(renderer: renderer, manifest: manifest, pending: pending) },
            reportingInOrder: report
        ) { index, worker in
            let path = inputs[index]
            let name = StickerInputs.stickerName(for: path)
            if let first = earlierWithSameName[index] {
                let duplicate = StickerError.duplicateName(path: path, name: name, firstPath: first)
                return StickerResult(inputPath: path, name: name, masterSize: nil, outcome: .failure(duplicate))
            }
            guard let supervision else { return worker.render(path: path, name: name, into: directory) }
            if let signal = supervision.fatalInputs[index] {
                let died = StickerError.processDied(path: path, signal: signal)
                return StickerResult(inputPath: path, name: name, masterSize: nil, outcome: .failure(died))
            }
            supervision.willStart(index)
            let result = worker.render(path: path, name: name, into: directory)
            supervision.didFinish(index, !result.skipped && !result.failed)
            return result
        }
        // The lines appended to the manifest (when any sticker was rendered) are flushed too.
        if manifest != nil, !pending.pendingPaths.isEmpty { pending.record("\(directory)/\(RenderManifest.fileName)") }
        try pending.flush()
        return results
    }
}

/// Per-thread state: reusable scratch memory for one worker.
final class RenderWorker {
    let renderer: StickerRenderer
    let manifest: RenderManifest?
    /// Where the files written are recorded, to be flushed at the end of the batch.
    let pending: PendingFlush
    private var scratch: RenderScratch?

    init(renderer: StickerRenderer, manifest: RenderManifest?, pending: PendingFlush) {
        self.renderer = renderer
        self.manifest = manifest
        self.pending = pending
    }

    func render(path: String, name: String, into directory: String) -> StickerResult {
        do {
            let maxInput = renderer.options.limits.maxInputBytes
            let bytes = try FileSystem.read(path, upTo: maxInput)
            if bytes.isEmpty { throw FileError(path: path, operation: "render", reason: "the file is empty (0 bytes)") }
            if bytes.count > maxInput {
                guard let format = ImageFormat.sniff(bytes) else {
                    throw StickerError.codec(path: path, .unrecognizedFormat)
                }
                do throws(CodecError) {
                    try renderer.options.limits.check(inputBytes: nil, format: format)
                } catch {
                    throw StickerError.codec(path: path, error)
                }
            }
            let inputHash = manifest == nil ? "" : SHA256.hex(bytes)
            let optionsHash = renderer.options.fingerprint
            if let manifest,
                let entry = manifest.upToDateEntry(name: name, inputHash: inputHash, optionsHash: optionsHash)
            {
                let written = entry.outputs.map {
                    WrittenRendition(
                        scale: StickerScale(rawValue: $0.scale) ?? .x1, width: $0.width, height: $0.height,
                        byteCount: $0.bytes, path: "\(directory)/\($0.file)")
                }
                var result = StickerResult(inputPath: path, name: name, masterSize: nil, outcome: .success(written))
                result.skipped = true
                return result
            }
            let rendered: RenderedSticker
            FaultInjection.trapIfRequested(decoding: path)
            do {
                if scratch == nil { scratch = try RenderScratch(options: renderer.options) }
                rendered = try renderer.renderSticker(bytes, scratch: scratch!)
            } catch {
                throw StickerError.codec(path: path, error)
            }
            var written: [WrittenRendition] = []
            for rendition in rendered.renditions {
                let outPath = "\(directory)/\(name)\(rendition.scale.suffix).\(rendition.fileExtension)"
                do { try AtomicFile.write(rendition.bytes, to: outPath, deferringFlushTo: pending) } catch {
                    throw StickerError.file(error)
                }
                written.append(
                    WrittenRendition(
                        scale: rendition.scale, width: rendition.width, height: rendition.height,
                        byteCount: rendition.bytes.count, path: outPath))
            }
            if let manifest {
                let outputs = written.map {
                    RenderManifest.Entry.Output(
                        file: String($0.path.split(separator: "/").last!), bytes: $0.byteCount,
                        scale: $0.scale.rawValue, width: $0.width, height: $0.height)
                }
                do {
                    try manifest.record(
                        RenderManifest.Entry(
                            name: name, inputHash: inputHash, optionsHash: optionsHash, outputs: outputs))
                } catch { throw StickerError.file(error) }
            }
            var result = StickerResult(
                inputPath: path, name: name, masterSize: (rendered.masterWidth, rendered.masterHeight),
                outcome: .success(written))
            result.warnings =
                NotAStickerWarnings.warnings(
                    width: rendered.masterWidth, height: rendered.masterHeight, opaque: rendered.masterIsOpaque)
                + LottieRendererWarning.warnings(format: ImageFormat.sniff(bytes))
            return result
        } catch let error as StickerError {
            return StickerResult(inputPath: path, name: name, masterSize: nil, outcome: .failure(error))
        } catch let error as FileError {
            return StickerResult(inputPath: path, name: name, masterSize: nil, outcome: .failure(.file(error)))
        } catch {
            return StickerResult(
                inputPath: path, name: name, masterSize: nil,
                outcome: .failure(.file(FileError(path: path, operation: "render", reason: "\(error)"))))
        }
    }
}
