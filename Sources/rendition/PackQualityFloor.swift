import RenditionLint
import RenditionPack

/// The files of a pack whose quality score fell below a floor, each with the step of the size
/// ladder that cost it: what `pack` lists after the stickers.
struct PackQualityFloor {
    /// Files scoring below this are listed (0 lists none).
    let floor: Double

    /// A header and one line per file below the floor (a sticker sequence once), lowest score
    /// first: `quality: PATH: SSIM 0.541 after STEP (what was given up)`; none when no file is.
    func lines(_ summary: PackSummary) -> [String] {
        var low: [(score: Double, line: String)] = []
        for sticker in summary.stickers {
            guard case .success(let files) = sticker.outcome else { continue }
            var listed = Set<String>()
            for file in files {
                guard let score = file.quality, score < floor else { continue }
                // A sticker sequence is listed once, by its folder (its frames share the score).
                var path = file.path
                if let range = path.range(of: ".stickersequence/") { path = String(path[..<range.lowerBound]) + ".stickersequence" }
                guard listed.insert(path).inserted else { continue }
                let givenUp = file.givenUp.isEmpty ? "" : " (\(file.givenUp.joined(separator: ", ")))"
                low.append(
                    (score, "quality: \(path): SSIM \(LintFormat.decimal(score, digits: 3)) after \(file.step)\(givenUp)"))
            }
        }
        guard !low.isEmpty else { return [] }
        let header = "quality: \(low.count) file(s) scored below SSIM \(LintFormat.decimal(floor, digits: 2)) against the unfitted rendition"
        return [header] + low.sorted { $0.score < $1.score }.map(\.line)
    }
}
