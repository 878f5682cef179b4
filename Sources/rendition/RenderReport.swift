import RenditionPack

/// Formats what `render` prints.
enum RenderReport {
    /// `NAME  618x618 -> @2x 412x412 (12.3 KB)  @1x 206x206 (4.1 KB)`.
    static func line(for result: StickerResult, written: [WrittenRendition]) -> String {
        let master = result.masterSize.map { "\($0.width)x\($0.height)" } ?? "?"
        let parts = written.map { "\($0.scale.suffix) \($0.width)x\($0.height) (\(kilobytes($0.byteCount)))" }
        return "\(result.name)  \(master) -> \(parts.joined(separator: "  "))"
    }

    /// The final line: counts, time and where the files are.
    static func summary(total: Int, failed: Int, seconds: Double, output: String) -> String {
        let ok = total - failed
        let rate = seconds > 0 ? Double(total) / seconds : 0
        var line = "\(ok) of \(total) stickers rendered into \(output) in \(format(seconds, digits: 2)) s (\(format(rate, digits: 1)) stickers/s)"
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
