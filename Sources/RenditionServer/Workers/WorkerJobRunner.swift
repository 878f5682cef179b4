import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionPack
import RenditionPipeline

/// Runs a `WorkerRequest`: in a worker process (`ServerWorker`), or in the server's own
/// process when it has no worker executable. Every failure becomes the response's error.
enum WorkerJobRunner {
    /// The response to `request` over `inputs` (the bytes of `request.files`, in order), and
    /// the bytes of its files.
    static func run(_ request: WorkerRequest, inputs: [[UInt8]]) -> (WorkerResponse, [[UInt8]]) {
        do throws(ServerError) {
            guard inputs.count == request.files.count, !inputs.isEmpty else {
                throw .internalError("the job's files do not match its description")
            }
            for file in request.files { FaultInjection.injectIfRequested(decoding: file.filename ?? file.name) }
            let limits = request.limits
            let name = request.files[0].filename ?? "sticker"
            switch request.job {
            case .render(let formatName, let scaleValues):
                var settings = RenditionSettings()
                do throws(SettingsError) { try settings.setFormat(named: formatName) } catch {
                    throw .badRequest(error.message(on: .library))
                }
                let scales = scaleValues.compactMap(StickerScale.init(rawValue:))
                let renditions = try RenditionJobs.render(
                    inputs[0], format: settings.format, scales: scales, limits: limits)
                let files = renditions.map { WorkerFile(name: "\($0.scale.rawValue).\($0.fileExtension)") }
                return (WorkerResponse(files: files), renditions.map(\.bytes))
            case .lint(let profile):
                let json = try RenditionJobs.lint(inputs[0], name: name, profile: profile, limits: limits)
                return (WorkerResponse(files: [WorkerFile(name: "lint.json")]), [json])
            case .preview:
                let png = try RenditionJobs.preview(inputs[0], name: name, limits: limits)
                return (WorkerResponse(files: [WorkerFile(name: "preview.png")]), [png])
            case .pack(let platforms, let packName):
                let files = zip(request.files, inputs).map { (name: $0.name, bytes: $1) }
                let (zip, outcome) = try PackJob(files: files, platforms: platforms, name: packName, limits: limits)
                    .run()
                let report: [UInt8]
                do { report = Array(try JSONEncoder().encode(outcome)) } catch {
                    throw .internalError("the packs' outcome could not be written: \(error)")
                }
                return (
                    WorkerResponse(files: [WorkerFile(name: "packs.zip"), WorkerFile(name: "packs.json")]),
                    [zip, report]
                )
            }
        } catch {
            return (WorkerResponse(error: WorkerFailure(error), files: []), [])
        }
    }
}

extension WorkerFile {
    /// A file known by one name.
    init(name: String) {
        self.init(name: name, filename: nil)
    }
}

extension WorkerResponse {
    /// A successful response.
    init(files: [WorkerFile]) {
        self.init(error: nil, files: files)
    }
}
