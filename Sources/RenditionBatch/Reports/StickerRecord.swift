import RenditionCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One rendered sticker as every face reports it in JSON: each `"event": "sticker"` line of
/// `rendition render --log jsonl` (which adds its progress figures), each entry of the
/// `"stickers"` of `rdn_render_directory` and `rdn_render_files`, and the text
/// `rdn_sticker_callback` receives (which Python reads into `StickerResult`).
///
/// ```
/// {"input":"in/wave.png","master":{"height":618,"width":618},"name":"wave",
///  "outputs":[{"bytes":8787,"height":412,"path":"out/wave@2x.png","scale":2,"width":412},…],
///  "status":"ok"}
/// ```
/// `status` is `ok`, `up-to-date` or `failed`; `master` is there when the master was decoded
/// (not for a sticker found up to date or one that failed), `outputs` is empty and `error`
/// says why when it failed; `warnings`, there only when there are some, says why a master
/// rendered does not look like a sticker (`StickerResult.warnings`).
package struct StickerRecord: Codable, Sendable, Equatable {
    /// What happened to the sticker.
    package enum Status: String, Codable, Sendable {
        /// Rendered.
        case ok
        /// Skipped: the manifest lists its outputs as current.
        case upToDate = "up-to-date"
        /// Not rendered; see `error`.
        case failed
    }

    /// A pixel size.
    package struct Size: Codable, Sendable, Equatable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
    }

    /// One file written (or found up to date).
    package struct Output: Codable, Sendable, Equatable {
        /// 1, 2 or 3.
        package var scale: Int
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// The file's size.
        package var bytes: Int
        /// Where it is.
        package var path: String
    }

    /// The sticker's name (its renditions are NAME@2x...).
    package var name: String
    /// The input path.
    package var input: String
    /// What happened.
    package var status: Status
    /// The master's size, when it was decoded.
    package var master: Size?
    /// The files, highest scale first; empty when the sticker failed.
    package var outputs: [Output]
    /// Why the sticker failed.
    package var error: String?
    /// Why the master does not look like a sticker; `nil` (no key) when there is nothing to say.
    package var warnings: [String]?

    /// The record of `result`; `describe` words a failure (by default its `description`; the
    /// command line adds the `--limit` setting that would let a trusted file through).
    package init(_ result: StickerResult, describe: (StickerError) -> String = { $0.description }) {
        name = result.name
        input = result.inputPath
        master = result.masterSize.map { Size(width: $0.width, height: $0.height) }
        warnings = result.warnings.isEmpty ? nil : result.warnings
        switch result.outcome {
        case .success(let written):
            status = result.skipped ? .upToDate : .ok
            outputs = written.map {
                Output(scale: $0.scale.rawValue, width: $0.width, height: $0.height, bytes: $0.byteCount, path: $0.path)
            }
            error = nil
        case .failure(let failure):
            status = .failed
            outputs = []
            error = describe(failure)
        }
    }

    /// `value` as one line of compact JSON with sorted keys and unescaped slashes, as every
    /// face writes these records.
    package static func jsonLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every member is a string, a whole number or a finite figure: encoding cannot fail.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The record as one line of JSON.
    package var json: String { Self.jsonLine(self) }
}

/// What `rdn_render_directory` and `rdn_render_files` return: the counts of a batch, its
/// output folder and one `StickerRecord` per sticker, in input order.
///
/// `{"failed":0,"output":"out","rendered":6,"skipped":0,"stickers":[…],"total":6}`
package struct BatchReport: Codable, Sendable, Equatable {
    /// Stickers in the batch: `rendered + skipped + failed`.
    package var total: Int
    /// Stickers rendered.
    package var rendered: Int
    /// Stickers found up to date.
    package var skipped: Int
    /// Stickers that failed.
    package var failed: Int
    /// The output folder.
    package var output: String
    /// One record per sticker.
    package var stickers: [StickerRecord]

    /// The report of `results` written into `output`.
    package init(_ results: [StickerResult], output: String, describe: (StickerError) -> String = { $0.description }) {
        stickers = results.map { StickerRecord($0, describe: describe) }
        total = results.count
        failed = results.filter(\.failed).count
        skipped = results.filter(\.skipped).count
        rendered = total - failed - skipped
        self.output = output
    }

    /// The report as one line of JSON.
    package var json: String { StickerRecord.jsonLine(self) }
}
