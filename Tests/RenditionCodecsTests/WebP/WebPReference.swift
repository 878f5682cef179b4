import Foundation
import RenditionCore
import RenditionTestSupport

@testable import RenditionCodecs

/// Pillow's decoding of the WebP fixtures, written by `Scripts/make-webp-references.py`.
struct WebPReference: Decodable {
    let width: Int
    let height: Int
    let frames: Int
    let loopCount: Int
    let durations: [Int]
    /// Per frame, the MD5 of the canvas as straight RGBA8.
    let md5: [String]
    let mode: String

    static let all: [String: WebPReference] = {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: Fixtures.path("webp/expected/index.json"))),
            let index = try? JSONDecoder().decode([String: WebPReference].self, from: data)
        else { return [:] }
        return index
    }()
}

/// Helpers shared by the WebP tests.
enum WebPFixtures {
    /// `libwebp_tests.md5`: file name (such as `test.webp.pam`) to the digest of `dwebp`'s output.
    static let dwebpDigests: [String: String] = {
        guard
            let text = try? String(
                contentsOfFile: Fixtures.path("webp/libwebp-test-data/libwebp_tests.md5"), encoding: .utf8)
        else { return [:] }
        var digests: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count == 2 { digests[String(fields[1])] = String(fields[0]) }
        }
        return digests
    }()

    /// The bytes `dwebp -pam` writes for straight RGBA pixels.
    static func pam(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        Array("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8) + rgba
    }

    /// The bytes `dwebp -ppm` writes: the colour channels only.
    static func ppm(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var rgb = [UInt8]()
        rgb.reserveCapacity(width * height * 3)
        for i in stride(from: 0, to: rgba.count, by: 4) { rgb.append(contentsOf: rgba[i..<(i + 3)]) }
        return Array("P6\n\(width) \(height)\n255\n".utf8) + rgb
    }

    /// The largest difference between two premultiplied rasters' samples.
    static func maxDifference(_ a: Raster, _ b: Raster) -> Int {
        zip(a.bytes, b.bytes).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}
