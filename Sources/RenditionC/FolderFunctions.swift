import CRendition
import RenditionPack

@c @implementation
public func rdn_render_directory(
    _ inputDir: UnsafePointer<CChar>?, _ outputDir: UnsafePointer<CChar>?, _ options: UnsafePointer<rdn_render_options>?,
    _ outReportJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outReportJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let input = try CPath.read(inputDir, "input_dir")
        let output = try CPath.read(outputDir, "output_dir")
        let settings = try RenderSettings(options)
        var renderOptions = settings.renderOptions
        renderOptions.frameThreads = 1  // the batch spreads spare threads over frames itself
        let results: [StickerResult]
        do throws(FileError) {
            let files = try StickerInputs.expand([input])
            let batch = BatchRenderer(renderer: StickerRenderer(options: renderOptions), outputDirectory: output, threads: settings.threads)
            results = try batch.run(inputs: files)
        } catch { throw CFailure(error) }
        guard let outReportJSON else { return }
        let report = DirectoryReport.json(results, output: output)
        guard let copy = CStrings.duplicate(report) else {
            throw CFailure(RDN_ERROR_OUT_OF_MEMORY, "no memory for the \(report.utf8.count)-byte report")
        }
        outReportJSON.pointee = copy
    }
}

@c @implementation
public func rdn_render_pack(
    _ sourceDir: UnsafePointer<CChar>?, _ outputDir: UnsafePointer<CChar>?, _ options: UnsafePointer<rdn_render_options>?,
    _ outReportJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outReportJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        _ = try CPath.read(sourceDir, "source_dir")
        _ = try CPath.read(outputDir, "output_dir")
        _ = try RenderSettings(options)
        throw CFailure(RDN_ERROR_UNSUPPORTED, "the pack builder is not part of librendition \(RenditionCVersion.string) yet")
    }
}

@c @implementation
public func rdn_lint_bytes(
    _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ name: UnsafePointer<CChar>?, _ profile: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        _ = try required(outJSON, "out_json")
        guard bytes != nil || length == 0 else { throw .invalidArgument("bytes is NULL but length is \(length)") }
        throw CFailure(RDN_ERROR_UNSUPPORTED, "the linter is not part of librendition \(RenditionCVersion.string) yet")
    }
}

/// Reads C path arguments.
enum CPath {
    /// The UTF-8 path at `pointer`, or RDN_ERROR_INVALID_ARGUMENT for NULL, empty or invalid UTF-8.
    static func read(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CFailure) -> String {
        let pointer = try required(pointer, name)
        guard let path = String(validatingCString: pointer), !path.isEmpty else {
            throw .invalidArgument("\(name) is empty or not UTF-8")
        }
        return path
    }
}

/// The JSON report of `rdn_render_directory`.
enum DirectoryReport {
    /// `{"total":…,"rendered":…,"skipped":…,"failed":…,"output":…,"stickers":[…]}`.
    static func json(_ results: [StickerResult], output: String) -> String {
        var failed = 0, skipped = 0
        var stickers: [String] = []
        for result in results {
            var members: [(String, String)] = [("name", JSONText.string(result.name)), ("input", JSONText.string(result.inputPath))]
            switch result.outcome {
            case .success(let written):
                if result.skipped { skipped += 1 }
                members.append(("status", JSONText.string(result.skipped ? "up-to-date" : "ok")))
                members.append(("outputs", JSONText.array(written.map { output in
                    JSONText.object([
                        ("scale", String(output.scale.rawValue)), ("width", String(output.width)),
                        ("height", String(output.height)), ("bytes", String(output.byteCount)),
                        ("path", JSONText.string(output.path)),
                    ])
                })))
            case .failure(let error):
                failed += 1
                members.append(("status", JSONText.string("failed")))
                members.append(("outputs", "[]"))
                members.append(("error", JSONText.string(error.description)))
            }
            stickers.append(JSONText.object(members))
        }
        return JSONText.object([
            ("total", String(results.count)), ("rendered", String(results.count - failed - skipped)),
            ("skipped", String(skipped)), ("failed", String(failed)), ("output", JSONText.string(output)),
            ("stickers", JSONText.array(stickers)),
        ])
    }
}
