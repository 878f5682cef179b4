import Foundation
import RenditionPack

/// What `rendition pack` says about the files it wrote: the JSON of a file in its `--log
/// jsonl` lines, the `placed` lines naming where the platform files went, and the kind of
/// each pack in the closing lines.
///
/// A sticker's platform files (WhatsApp, Telegram, …) are written only once every sticker is
/// made and the packs are planned (how many packs, stills and animations apart or not), so a
/// sticker line, printed as the sticker is made, lists the files already in place (Apple's
/// catalog, the renditions), and a `placed` line per sticker after the build lists its platform
/// files at the paths they were written to.
enum PackEvents {
    /// A file as the JSON lines show it; `path` is relative to the output folder.
    static func entry(_ file: PackOutputFile) -> [String: Any] {
        var entry: [String: Any] = ["path": file.path, "bytes": file.bytes, "step": file.step, "givenUp": file.givenUp]
        if let platform = file.platform { entry["platform"] = platform }
        if let quality = file.quality { entry["quality"] = (quality * 10_000).rounded() / 10_000 }
        return entry
    }

    /// The files of a sticker line: those in place when the sticker is made.
    static func filesInPlace(_ files: [PackOutputFile]) -> [[String: Any]] {
        files.filter { $0.platform == nil }.map(entry)
    }

    /// One `"event": "placed"` object per sticker with platform files in the built packs,
    /// naming them at their paths (none for a `--shard` build, which writes no packs).
    static func placed(_ summary: PackSummary) -> [[String: Any]] {
        summary.stickers.compactMap { sticker in
            guard case .success(let files) = sticker.outcome else { return nil }
            let platformFiles = files.filter { $0.platform.map { summary.packs[$0] != nil } ?? false }
            guard !platformFiles.isEmpty else { return nil }
            return ["event": "placed", "name": sticker.name, "files": platformFiles.map(entry)]
        }
    }

    /// How a file is named in a human line: a platform file, whose pack folder is not known
    /// yet when the line is printed, by its platform and file name.
    static func humanName(_ file: PackOutputFile) -> String {
        guard let platform = file.platform else { return file.path }
        return "\(platform) \(file.path.split(separator: "/").last.map(String.init) ?? file.path)"
    }

    /// `still`, `animated` or `mixed`: what `pack` holds, from the pack's kind where the
    /// platform keeps stills and animations apart, else from its stickers' files.
    static func kind(of pack: PlannedPack, in summary: PackSummary) -> String {
        if let animated = pack.animated { return animated ? "animated" : "still" }
        let names = Set(pack.stickers)
        let kinds = Set(
            summary.stickers.filter { names.contains($0.name) }.flatMap { sticker -> [Bool] in
                guard case .success(let files) = sticker.outcome else { return [] }
                return files.filter { $0.platform == pack.platform }.compactMap(\.animated)
            })
        return kinds.count == 1 ? (kinds.first! ? "animated" : "still") : "mixed"
    }
}
