import Foundation
import RenditionTestSupport
import Testing

/// The decompression and CPU bombs of RenditionPackTests' DecompressionBombTests, rendered by
/// `rendition render` in a process of its own: each is refused with its reason, and bounded
/// work is shown by memory, not time. The JSON summary reports the process's peak resident
/// set (`peak_rss_bytes`, the kernel's `VmHWM`); had the decoder gone on decoding, that peak
/// would be the gigabytes the file asks for. The times observed are listed in the README.
/// (Under a sanitizer, which multiplies memory use, only the errors are checked.)
@Suite("Decompression bombs on the command line")
struct BombRenderTests {
    /// Peak resident memory allowed for `rendition` refusing a bomb: the process itself takes
    /// about 20 MB.
    static let smallProcess = 96 << 20

    /// One bomb: its file name, how it is made, what the error says and the peak resident
    /// memory allowed (`nil`: not checked).
    struct Bomb: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () throws -> [UInt8]
        let message: String
        let peakLimit: Int?
        var testDescription: String { name }
    }

    static let bombs: [Bomb] = [
        Bomb(
            name: "claims-100000.png", make: { HostileInputs.pngClaiming(side: 100_000) },
            message: "exceeds a decoding limit: width 100000 px", peakLimit: smallProcess),
        Bomb(
            name: "inflates-1gib.png", make: { HostileInputs.pngInflatingPastItsSize(inflatedBytes: 1 << 30) },
            message: "holds more than the 1000x1000 image needs", peakLimit: smallProcess),
        // The scanline buffer (16,384 x 4 + 1 bytes x 2,441 rows = 160 MB) and the process.
        Bomb(
            name: "pixel-limit.png",
            make: { HostileInputs.png(width: 16_384, height: 2_441, chunks: [("IDAT", HostileInputs.zlibZeros(1))]) },
            message: "ends before the 16384x2441 image is complete", peakLimit: smallProcess + 16_385 * 4 * 2_441),
        Bomb(
            name: "frames-65535.gif", make: { HostileInputs.gif(frames: 65_535) },
            message: "65535 frames is over the frames limit of 1000", peakLimit: smallProcess),
        // Not one of the 1.5 MB frames is composited.
        Bomb(
            name: "frames-800x618.gif", make: { HostileInputs.gif(frames: 800, width: 618, height: 618) },
            message: "decoding 1222156800 bytes is over the decoded-bytes limit of 1073741824", peakLimit: smallProcess),
        Bomb(
            name: "frames-65535.png", make: { HostileInputs.apng(frames: 65_535) },
            message: "65535 frames is over the frames limit of 1000", peakLimit: smallProcess),
        Bomb(
            name: "declares-2g-frames.png", make: { HostileInputs.apng(frames: 2, declaredFrames: 0x7FFF_FFFF) },
            message: "acTL declares 2147483647 frames", peakLimit: smallProcess),
        Bomb(
            name: "frames-65535.webp", make: { try HostileInputs.webpAnimation(frames: 65_535) },
            message: "65535 frames is over the frames limit of 1000", peakLimit: smallProcess),
        Bomb(
            name: "scans-1000.jpg",
            make: { HostileInputs.jpegWithScans(1_000, from: try Fixtures.bytes("jpeg/small/progressive.jpg")) },
            message: "more than 100 progressive scans is over the scans limit of 100", peakLimit: nil),
    ]

    @Test("rendition render refuses each bomb with its reason, in a process that stays small", arguments: bombs)
    func refused(bomb: Bomb) throws {
        let folder = try TemporaryFolder.make("rendition-bomb")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/" + bomb.name
        try Data(try bomb.make()).write(to: URL(fileURLWithPath: input))
        let result = try CommandLineTests.run([
            "render", input, "-o", folder + "/out", "--threads", "1", "--log", "jsonl",
        ])
        #expect(result.status == 1, "a refused input makes the run fail")
        let events = result.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let sticker = try #require(events.first { $0["event"] as? String == "sticker" }, "stdout: \(result.out)")
        let summary = try #require(events.first { $0["event"] as? String == "summary" }, "stdout: \(result.out)")
        #expect(sticker["status"] as? String == "failed")
        let error = sticker["error"] as? String ?? ""
        #expect(error.contains(bomb.message), "\(error)")
        let peakBytes = try #require(summary["peak_rss_bytes"] as? Int)
        if let limit = bomb.peakLimit, TestEnvironment.checksPeakMemory {
            #expect(peakBytes < limit, "peak RSS \(peakBytes >> 20) MB")
        }
    }
}
