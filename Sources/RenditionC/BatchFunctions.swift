import CRendition
import RenditionPack

/// `rdn_batch_options_init`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_batch_options_init(_ options: UnsafeMutablePointer<rdn_batch_options>?) {
    options?.pointee = rdn_batch_options(
        struct_size: UInt32(MemoryLayout<rdn_batch_options>.size), force: 0, shard_index: 0, shard_count: 0,
        on_sticker: nil, context: nil)
}

/// `rdn_render_files`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_files(
    _ inputs: UnsafePointer<UnsafePointer<CChar>?>?, _ inputCount: Int, _ outputDir: UnsafePointer<CChar>?,
    _ options: UnsafePointer<rdn_render_options>?, _ batch: UnsafePointer<rdn_batch_options>?,
    _ outReportJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outReportJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let paths = try CPath.readArray(inputs, count: inputCount, "inputs")
        let output = try CPath.read(outputDir, "output_dir")
        let settings = try RenderSettings(options)
        let batchSettings = try BatchSettings(batch)
        var renderOptions = settings.renderOptions
        renderOptions.frameThreads = 1  // the batch spreads spare threads over frames itself
        // As `rendition render --compression`: PNG and APNG only, WebP at its default method,
        // so the manifest's options fingerprint (and every byte) is the command line's.
        renderOptions.webp = .lossless
        let results: [StickerResult]
        do throws(FileError) {
            var files = try StickerInputs.expand(paths)
            if let shard = batchSettings.shard {
                files = shard.stickerFiles(files)
            }
            let batchRenderer = BatchRenderer(
                renderer: StickerRenderer(options: renderOptions), outputDirectory: output,
                threads: settings.threads, incremental: !batchSettings.force)
            let callback = StickerCallback(batchSettings.onSticker, total: files.count)
            results = try batchRenderer.run(inputs: files) { callback.call($0) }
        } catch { throw CFailure(error) }
        guard let outReportJSON else { return }
        outReportJSON.pointee = try CStrings.report(DirectoryReport.json(results, output: output))
    }
}

/// A caller's `rdn_batch_options`, checked.
struct BatchSettings {
    /// Render everything and keep no manifest.
    let force: Bool
    /// The part of the catalog to render, or nil for all of it.
    let shard: Shard?
    /// The callback and its context.
    let onSticker: (function: rdn_sticker_callback, context: UnsafeMutableRawPointer?)?

    /// Reads `pointer`; NULL means the defaults of `rdn_batch_options_init`.
    init(_ pointer: UnsafePointer<rdn_batch_options>?) throws(CFailure) {
        let options = try SizedStruct.read(
            pointer, name: "batch", described: "batch options", type: "rdn_batch_options",
            initialiser: "rdn_batch_options_init",
            initialise: { rdn_batch_options_init(&$0) }, empty: rdn_batch_options())
        force = options.force != 0
        if options.shard_count > 1 || options.shard_index != 0 {
            guard let shard = Shard(index: Int(options.shard_index), count: Int(options.shard_count)) else {
                throw .invalidArgument(
                    "shard_index \(options.shard_index) is not below shard_count \(options.shard_count)")
            }
            self.shard = shard
        } else {
            shard = nil
        }
        onSticker = options.on_sticker.map { ($0, options.context) }
    }
}

/// Passes each sticker's result to the caller's `rdn_sticker_callback`. The batch reports
/// results one at a time, in input order (under its own lock), so calls never overlap.
final class StickerCallback: @unchecked Sendable {
    private let target: (function: rdn_sticker_callback, context: UnsafeMutableRawPointer?)?
    private let total: Int
    private var done = 0

    init(_ target: (function: rdn_sticker_callback, context: UnsafeMutableRawPointer?)?, total: Int) {
        self.target = target
        self.total = total
    }

    func call(_ result: StickerResult) {
        guard let target else { return }
        done += 1
        DirectoryReport.sticker(result).withCString { target.function(target.context, done, total, $0) }
    }
}
