extension ImageFormat {
    /// dotLottie (`.lottie`, LottieFiles' default download): a ZIP archive holding
    /// `manifest.json` and the animations' Lottie JSON. Vector art, drawn at each target size.
    public static let dotLottie = ImageFormat(registering: "dotlottie")
}

/// dotLottie as the registry sees it: a ZIP archive read in memory (`ZIPReader`), whose
/// manifest names the animations; the first one is drawn, as any Lottie document is.
///
/// Read as hostile input: at most ``maxEntries`` entries with plain relative names of at most
/// ``maxNameBytes`` bytes; the manifest and the animation inflated only into buffers of their
/// declared sizes, which must together fit `DecodeLimits.maxDocumentBytes` (a zip bomb is
/// refused before it is inflated, a lying size as soon as the stream passes its declared end).
/// Images stored in the archive (`images/`, `i/`) are read into the document (PNG or JPEG,
/// decoded within the limits as embedded images are), their declared sizes together within
/// `DecodeLimits.maxInputBytes` before any is inflated; no image is ever read from disk.
public struct DotLottieFormat: LottieSourceFormat {
    /// Most entries an archive may list (real files hold a manifest, a few animations and
    /// their images).
    public static let maxEntries = 1_000
    /// Longest entry name, in bytes of UTF-8.
    public static let maxNameBytes = 255
    /// Largest manifest, in bytes.
    public static let maxManifestBytes = 1 << 20

    /// Creates the descriptor.
    public init() {}
    /// The registered identity.
    public var format: ImageFormat { .dotLottie }
    /// The name in messages.
    public var name: String { "dotLottie" }
    /// File extensions, the usual one first.
    public var fileExtensions: [String] { ["lottie"] }
    /// The IANA media type.
    public var mediaType: String { "application/zip+dotlottie" }
    /// The `rdn_format` value in `rendition.h`.
    public var cValue: UInt32 { 9 }

    /// A ZIP local file header.
    public func sniff(_ head: UnsafeBufferPointer<UInt8>) -> Bool { head.starts(with: [0x50, 0x4B, 0x03, 0x04]) }

    /// The JSON of the first animation the manifest lists (`animations/ID.json`, or `a/ID.json`
    /// in dotLottie 2).
    /// - Throws: `.corrupt` for a damaged archive or manifest, a manifest that lists no
    ///   animation or names one the archive lacks, and unacceptable entry names;
    ///   `.limitExceeded` for too many entries or documents over `maxDocumentBytes`;
    ///   `.unsupported` for ZIP64 and encryption.
    public func lottieJSON(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> [UInt8] {
        try animationJSON(in: try archive(bytes), limits: limits)
    }

    /// The first animation's JSON (``lottieJSON(_:limits:)``) and the images under `images/`
    /// (`i/` in dotLottie 2), from one read of the archive. Each image is inflated into a
    /// buffer of its declared size; the sizes together are at most `limits.maxInputBytes`.
    /// - Throws: what ``lottieJSON(_:limits:)`` throws; `.limitExceeded` naming `input-bytes`
    ///   when the images declare more than it allows.
    public func lottieSource(_ bytes: [UInt8], limits: DecodeLimits) throws(CodecError) -> LottieSource {
        let archive = try archive(bytes)
        let json = try animationJSON(in: archive, limits: limits)
        var images: [String: [UInt8]] = [:]
        var budget = limits.maxInputBytes
        for entry in archive.entries
        where !entry.isFolder && (entry.name.hasPrefix("images/") || entry.name.hasPrefix("i/")) {
            let image = try archive.data(of: entry, maxBytes: budget, key: .inputBytes)
            budget -= image.count
            images[entry.name] = image
        }
        return LottieSource(json: json, storedImages: images)
    }

    /// `bytes` read as an archive under this format's bounds.
    private func archive(_ bytes: [UInt8]) throws(CodecError) -> ZIPReader {
        try ZIPReader(bytes, format: format, maxEntries: Self.maxEntries, maxNameBytes: Self.maxNameBytes)
    }

    /// The JSON of the first animation `archive`'s manifest lists.
    private func animationJSON(in archive: ZIPReader, limits: DecodeLimits) throws(CodecError) -> [UInt8] {
        guard let manifestEntry = archive.entry(named: "manifest.json") else {
            throw .corrupt(format: format, reason: "the archive has no manifest.json")
        }
        var budget = limits.maxDocumentBytes
        let manifest = try archive.data(
            of: manifestEntry, maxBytes: min(budget, Self.maxManifestBytes),
            key: budget < Self.maxManifestBytes ? .documentBytes : nil)
        budget -= manifest.count
        let id = try Self.firstAnimationID(manifest, format: format)
        guard let animation = archive.entry(named: "animations/\(id).json") ?? archive.entry(named: "a/\(id).json")
        else {
            throw .corrupt(
                format: format,
                reason: "the manifest names animation \"\(id)\" but the archive has no animations/\(id).json")
        }
        guard animation.size <= budget else {
            throw .limitExceeded(
                format: format,
                limit: ExceededLimit(
                    .documentBytes, found: animation.size + manifest.count, maximum: limits.maxDocumentBytes,
                    measure:
                        "\"\(animation.name)\" of \(animation.size) bytes with the \(manifest.count)-byte manifest"))
        }
        return try archive.data(of: animation, maxBytes: budget, key: .documentBytes)
    }

    /// The `id` of the first element of the manifest's `animations` array: a plain name.
    static func firstAnimationID(_ manifest: [UInt8], format: ImageFormat) throws(CodecError) -> String {
        let root: JSONValue
        do throws(JSONReader.Failure) {
            root = try manifest.withUnsafeBufferPointer { (buffer) throws(JSONReader.Failure) in
                try JSONReader.parse(buffer, keeping: nil, maxDepth: 32, maxKeptValues: 100_000)
            }
        } catch {
            let why =
                switch error {
                case .syntax(let reason, let offset): "\(reason) at byte \(offset)"
                case .tooDeep(let depth): "it nests more than \(depth) deep"
                case .tooManyValues(let count): "it holds more than \(count) values"
                }
            throw .corrupt(format: format, reason: "manifest.json is not a JSON document Rendition reads: \(why)")
        }
        guard let first = root["animations"]?.elements?.first else {
            throw .corrupt(format: format, reason: "manifest.json lists no animation")
        }
        guard let id = first["id"]?.string, !id.isEmpty, id.utf8.count <= maxNameBytes - 16,
            !id.contains("/"), !id.contains("\\"), id != ".", id != "..",
            !id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw .corrupt(format: format, reason: "manifest.json's first animation has no plain id")
        }
        return id
    }
}
