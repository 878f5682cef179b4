import CRendition
import RenditionBatch
import RenditionLint
import RenditionPack
import RenditionPipeline

/// `rdn_render_directory`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_directory(
    _ inputDir: UnsafePointer<CChar>?, _ outputDir: UnsafePointer<CChar>?,
    _ options: UnsafePointer<rdn_render_options>?,
    _ outReportJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outReportJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let input = try CPath.read(inputDir, "input_dir")
        let output = try CPath.read(outputDir, "output_dir")
        let settings = try RenderSettings(options).settings
        let results: [StickerResult]
        do throws(FileError) {
            let files = try StickerInputs.expand([input])
            // The batch gives its spare threads to the stickers' frames itself.
            let batch = BatchRenderer(
                renderer: StickerRenderer(options: settings.renderOptions()), outputDirectory: output,
                threads: settings.threads.count, incremental: settings.incremental)
            results = try batch.run(inputs: files)
        } catch { throw CFailure(error) }
        guard let outReportJSON else { return }
        outReportJSON.pointee = try CStrings.report(BatchReport(results, output: output).json)
    }
}

/// `rdn_render_pack`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_render_pack(
    _ sourceDir: UnsafePointer<CChar>?, _ outputDir: UnsafePointer<CChar>?,
    _ options: UnsafePointer<rdn_render_options>?,
    _ outReportJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outReportJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let source = try CPath.read(sourceDir, "source_dir")
        let output = try CPath.read(outputDir, "output_dir")
        let settings = try RenderSettings(options, for: .packs).settings
        guard FileSystem.isDirectory(source) else { throw CFailure(RDN_ERROR_IO, "\(source) is not a folder") }
        let summary: PackSummary
        do throws(PackError) {
            summary = try PackBuilder(source: source, output: output, options: settings.packOptions()).build()
        } catch {
            switch error {
            case .file(let fileError): throw CFailure(fileError)
            case .invalidConfiguration, .empty, .unknownPlatform: throw .invalidArgument(error.description)
            }
        }
        guard let outReportJSON else { return }
        // The bytes PackBuilder wrote to pack-report.json, made from the summary it returned.
        outReportJSON.pointee = try CStrings.report(String(decoding: PackReport.bytes(summary), as: UTF8.self))
    }
}

/// `rdn_lint_bytes`, as `rendition.h` declares and documents it.
@c @implementation
public func rdn_lint_bytes(
    _ bytes: UnsafePointer<UInt8>?, _ length: Int, _ name: UnsafePointer<CChar>?, _ profile: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ error: UnsafeMutablePointer<OpaquePointer?>?
) -> rdn_status {
    outJSON?.pointee = nil
    return reportingErrors(error) { () throws(CFailure) in
        let outJSON = try required(outJSON, "out_json")
        guard bytes != nil || length == 0 else { throw .invalidArgument("bytes is NULL but length is \(length)") }
        let profileName = try RenderSettings.profileName(profile)
        let stickerProfile: StickerProfile
        do throws(SettingsError) { stickerProfile = try RenditionSettings.profile(named: profileName) } catch {
            throw CFailure(error)
        }
        var path = "sticker"
        if let name {
            guard let text = String(validatingCString: name) else { throw .invalidArgument("name is not UTF-8") }
            path = text
        }
        let input = Array(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : length))
        let report = StickerLinter(options: LintOptions(profile: stickerProfile)).lint(bytes: input, path: path)
        let json: String
        do { json = try LintDocument(reports: [report], profile: stickerProfile).json() } catch {
            throw CFailure(RDN_ERROR_INTERNAL, "the lint report could not be written as JSON: \(error)")
        }
        outJSON.pointee = try CStrings.report(json)
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

    /// The `count` UTF-8 paths of the array at `pointer` (`name[i]` in messages); NULL is
    /// accepted only with a count of 0.
    static func readArray(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, count: Int, _ name: String) throws(CFailure)
        -> [String]
    {
        guard let pointer else {
            guard count == 0 else { throw .invalidArgument("\(name) is NULL but \(name.dropLast())_count is \(count)") }
            return []
        }
        var paths: [String] = []
        paths.reserveCapacity(count)
        for index in 0..<count {
            paths.append(try read(pointer[index], "\(name)[\(index)]"))
        }
        return paths
    }
}
