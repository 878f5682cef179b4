import Foundation
import RenditionTestSupport

/// ffmpeg's decoding of a WebM fixture (`Fixtures/webm/expected/NAME.framemd5`, made by
/// `Scripts/make-webm-references` with libvpx): each frame's timestamp and duration in
/// milliseconds and the MD5 of its planes.
struct WebMReference {
    struct Frame {
        let pts: Int
        let duration: Int
        let size: Int
        let md5: String
    }

    let frames: [Frame]

    init(_ name: String) throws {
        let text = String(decoding: try Fixtures.bytes("webm/expected/\(name).framemd5"), as: UTF8.self)
        frames = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return Frame(pts: Int(fields[2])!, duration: Int(fields[3])!, size: Int(fields[4])!, md5: fields[5])
        }
    }

    /// The fixtures with references: (path under Fixtures/webm, name).
    static let fixtures: [(String, String)] = [
        ("vp9-alpha-512x512-30fps-3s.webm", "vp9-alpha-512x512-30fps-3s"),
        ("vp9-alpha-512x384-24fps-3s.webm", "vp9-alpha-512x384-24fps-3s"),
        ("vp9-opaque-512x512-30fps-3s.webm", "vp9-opaque-512x512-30fps-3s"),
        ("vp8-alpha-512x512-30fps-3s.webm", "vp8-alpha-512x512-30fps-3s"),
        ("vp9-alpha-with-audio-512x512-30fps-2s.webm", "vp9-alpha-with-audio-512x512-30fps-2s"),
        ("made/vp9-alpha-171x129-24fps.webm", "vp9-alpha-171x129-24fps"),
        ("made/vp8-opaque-96x96-10fps.webm", "vp8-opaque-96x96-10fps"),
        ("made/vp9-bt709-full-128x128-ntsc.webm", "vp9-bt709-full-128x128-ntsc"),
        ("made/vp9-alpha-64x64-vfr.webm", "vp9-alpha-64x64-vfr"),
    ]
}
