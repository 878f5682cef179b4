import RenditionBatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes `pack-report.json`: per sticker, every file with its size, limit, the size-fitting
/// step reached and what was given up; per platform, pack-level problems; and the top-level
/// folders the build owns (`PackOwnedFolders`). The report is written, never read back.
package enum PackReport {
    /// The report's name in the pack's output folder.
    static let fileName = "pack-report.json"

    static func write(_ summary: PackSummary, to path: String) throws(PackError) {
        do { try AtomicFile.write(bytes(summary), to: path) } catch { throw .file(error) }
    }

    /// The bytes of `pack-report.json` for `summary`.
    package static func bytes(_ summary: PackSummary) -> [UInt8] {
        let stickers: [[String: Any]] = summary.stickers.map { result in
            var object: [String: Any] = ["name": result.name, "input": result.inputPath]
            switch result.outcome {
            case .success(let files):
                object["status"] = result.skipped ? "up-to-date" : (result.problems.isEmpty ? "ok" : "partial")
                object["files"] = files.map(fileObject)
                if !result.problems.isEmpty { object["problems"] = result.problems }
                if !result.notes.isEmpty { object["notes"] = result.notes }
            case .failure(let error):
                object["status"] = "failed"
                object["error"] = error.reason
            }
            return object
        }
        let packs: [String: Any] = summary.packs.mapValues { list in
            list.map { pack -> [String: Any] in
                var object: [String: Any] = [
                    "identifier": pack.identifier, "title": pack.title, "stickers": pack.stickers,
                    "folder": "\(pack.platform)/\(pack.identifier)",
                ]
                if let animated = pack.animated { object["animated"] = animated }
                return object
            }
        }
        let report: [String: Any] = [
            "sizeClass": summary.sizeClass.rawValue, "stickers": stickers,
            "platformProblems": summary.platformProblems, "packs": packs,
            "platformNotes": summary.platformNotes, PackOwnedFolders.reportKey: summary.folders,
        ]
        return JSONValue.bytes(report, newline: false, fallback: "")
    }

    static func fileObject(_ file: PackOutputFile) -> [String: Any] {
        var object: [String: Any] = [
            "path": file.path, "bytes": file.bytes, "width": file.width, "height": file.height,
            "limit": file.limit, "step": file.step, "givenUp": file.givenUp, "notes": file.notes,
        ]
        if let platform = file.platform { object["platform"] = platform }
        if let animated = file.animated { object["animated"] = animated }
        if let quality = file.quality { object["quality"] = (quality * 10_000).rounded() / 10_000 }
        return object
    }
}
