import RenditionBatch

/// Formats what `render` prints.
enum RenderReport {
    /// `NAME  618x618 -> @2x 412x412 (12.3 KB)  @1x 206x206 (4.1 KB)`; without the master's
    /// size when it was not decoded (a sticker already up to date):
    /// `NAME  @2x 412x412 (12.3 KB)  @1x 206x206 (4.1 KB)`.
    static func line(for result: StickerResult, written: [WrittenRendition]) -> String {
        let parts = written.map { "\($0.scale.suffix) \($0.width)x\($0.height) (\(kilobytes($0.byteCount)))" }
        guard let size = result.masterSize else { return "\(result.name)  \(parts.joined(separator: "  "))" }
        return "\(result.name)  \(size.width)x\(size.height) -> \(parts.joined(separator: "  "))"
    }

    /// The final line: counts, time, rate of the stickers rendered (when any were) and where
    /// the files are.
    static func summary(total: Int, failed: Int, skipped: Int, seconds: Double, output: String) -> String {
        let rendered = total - failed - skipped
        var line = "\(rendered) of \(total) stickers rendered into \(output) in \(format(seconds, digits: 2)) s"
        if rendered > 0 && seconds > 0 { line += " (\(format(Double(rendered) / seconds, digits: 1)) stickers/s)" }
        if skipped > 0 { line += "; \(skipped) already up to date" }
        if failed > 0 { line += "; \(failed) failed" }
        return line
    }

    /// Decimal kilobytes with one decimal.
    static func kilobytes(_ bytes: Int) -> String { "\(format(Double(bytes) / 1000, digits: 1)) KB" }

    static func format(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < digits { text += String(repeating: "0", count: digits - decimals) }
        }
        return text
    }
}
