import CRendition
import RenditionBatch
import RenditionPack
import RenditionPipeline

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
        var settings = try RenderSettings(options).settings
        let batchSettings = try BatchSettings(batch)
        try batchSettings.apply(to: &settings)
        let results: [StickerResult]
        do throws(FileError) {
            var files = try StickerInputs.expand(paths)
            if let shard = settings.shard {
                files = shard.stickerFiles(files)
            }
            // The batch gives its spare threads to the stickers' frames itself; the options
            // are `rendition render`'s, so the manifest's fingerprint and every byte are too.
            let batchRenderer = BatchRenderer(
                renderer: StickerRenderer(options: settings.renderOptions()), outputDirectory: output,
                threads: settings.threads.count, incremental: settings.incremental)
            let callback = StickerCallback(batchSettings.onSticker, total: files.count)
            results = try batchRenderer.run(inputs: files) { callback.call($0) }
        } catch { throw CFailure(error) }
        guard let outReportJSON else { return }
        outReportJSON.pointee = try CStrings.report(BatchReport(results, output: output).json)
    }
}

/// A caller's `rdn_batch_options`, read.
struct BatchSettings {
    /// Render everything and keep no manifest.
    let force: Bool
    /// The 0-based shard index and the shard count, as given.
    let shard: (index: Int, count: Int)
    /// The callback and its context.
    let onSticker: (function: rdn_sticker_callback, context: UnsafeMutableRawPointer?)?

    /// Reads `pointer`; NULL means the defaults of `rdn_batch_options_init`.
    init(_ pointer: UnsafePointer<rdn_batch_options>?) throws(CFailure) {
        let options = try SizedStruct.read(
            pointer, name: "batch", described: "batch options", type: "rdn_batch_options",
            initialiser: "rdn_batch_options_init",
            initialise: { rdn_batch_options_init(&$0) }, empty: rdn_batch_options())
        force = options.force != 0
        shard = (Int(options.shard_index), Int(options.shard_count))
        onSticker = options.on_sticker.map { ($0, options.context) }
    }

    /// Sets `settings`' force and shard, refusing a shard index not below the count.
    func apply(to settings: inout RenditionSettings) throws(CFailure) {
        settings.force = force
        do throws(SettingsError) { try settings.setShard(index: shard.index, count: shard.count) } catch {
            throw CFailure(error)
        }
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
        StickerRecord(result).json.withCString { target.function(target.context, done, total, $0) }
    }
}
