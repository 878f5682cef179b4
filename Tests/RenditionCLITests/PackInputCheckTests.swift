import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// `rendition pack` lints what it packs: masters the platform would reject fail unless
/// --allow-lint-errors is given, and upscales are reported.
@Suite("pack lints its masters")
struct PackInputCheckTests {
    /// A source folder with three 618 px masters (so the pack is made of 618 px stickers), a
    /// 300 px master, an opaque JPEG, a white-box PNG and a 1x1 PNG.
    static func source() throws -> String {
        let folder = NSTemporaryDirectory() + "rendition-pack-check-" + UUID().uuidString
        let src = folder + "/src"
        try FileManager.default.createDirectory(atPath: src, withIntermediateDirectories: true)
        for (fixture, name) in [
            ("stickers/derived/1F601-300.png", "smile.png"), ("lint/opaque.jpg", "opaque.jpg"),
            ("lint/white-box.png", "white-box.png"), ("stickers/openmoji-618/002D.png", "a.png"),
            ("stickers/openmoji-618/1F195.png", "b.png"), ("stickers/openmoji-618/1F1E7-1F1F2.png", "c.png"),
        ] {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(src)/\(name)")
        }
        var dot = Raster(width: 1, height: 1)
        dot[0, 0] = RGBA(200, 30, 30, 255)
        try Data(try PNGEncoder().encode(dot)).write(to: URL(fileURLWithPath: src + "/tiny.png"))
        return folder
    }

    static func report(_ out: String) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/pack-report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let stickers = try #require(object["stickers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: stickers.map { ($0["name"] as! String, $0) })
    }

    @Test("masters lint rejects are not packed and exit 1; upscales are noted")
    func rejects() throws {
        let folder = try Self.source()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let result = try CommandLineTests.run(["pack", folder + "/src", "-o", out, "--log", "human", "--threads", "2"])
        #expect(result.status == 1, "\(result.out)\n\(result.err)")
        for name in ["opaque", "white-box", "tiny"] {
            #expect(result.err.contains("\(name)."), "\(result.err)")
            #expect(!FileManager.default.fileExists(atPath: "\(out)/renditions/\(name)@3x.png"), "\(name)")
        }
        #expect(result.err.contains("opaque-image") && result.err.contains("canvas-too-small"), "\(result.err)")
        #expect(result.out.contains("note: upscaled 300x300 to fit 618x618 (2.06x)"), "\(result.out)")
        let report = try Self.report(out)
        #expect(report["tiny"]?["status"] as? String == "failed")
        #expect((report["smile"]?["notes"] as? [String])?.first?.hasPrefix("upscaled 300x300 to fit 618x618") == true)
        #expect(FileManager.default.fileExists(atPath: "\(out)/renditions/smile@3x.png"))
    }

    @Test("--allow-lint-errors packs them, with a note each")
    func allowed() throws {
        let folder = try Self.source()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let result = try CommandLineTests.run([
            "pack", folder + "/src", "-o", out, "--log", "human", "--allow-lint-errors",
        ])
        #expect(result.status == 0, "\(result.out)\n\(result.err)")
        let report = try Self.report(out)
        for name in ["opaque", "white-box", "tiny"] {
            #expect(report[name]?["status"] as? String == "ok", "\(name)")
            #expect(
                (report[name]?["notes"] as? [String])?.contains { $0.hasPrefix("packed despite lint error") } == true,
                "\(name)")
        }
        #expect(
            (report["tiny"]?["notes"] as? [String])?.contains { $0.hasPrefix("upscaled 1x1 to fit 618x618 (618.0x)") }
                == true)
    }

    /// A 100 px animation: a disc moving across a transparent canvas, 3 frames.
    static func smallAnimation() throws -> [UInt8] {
        let frames = (0..<3).map { step -> AnimationFrame in
            var raster = Raster(width: 100, height: 100)
            for y in 0..<100 {
                for x in 0..<100 where (x - 30 - 20 * step) * (x - 30 - 20 * step) + (y - 50) * (y - 50) < 400 {
                    raster[x, y] = RGBA(220, 40, 40, 255)
                }
            }
            return AnimationFrame(raster: raster, delay: .milliseconds(100))
        }
        return try APNGEncoder().encode(Animation(width: 100, height: 100, frames: frames, loopCount: 0))
    }

    @Test("a master below Apple's 300 px is refused for Apple only: other platforms get it upscaled, named; exit 1")
    func smallMasterPerPlatform() throws {
        let folder = NSTemporaryDirectory() + "rendition-pack-small-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let src = folder + "/src", out = folder + "/out"
        try FileManager.default.createDirectory(atPath: src, withIntermediateDirectories: true)
        for (fixture, name) in [
            ("stickers/openmoji-618/002D.png", "a.png"), ("stickers/openmoji-618/1F195.png", "b.png"),
            ("stickers/openmoji-618/1F1E7-1F1F2.png", "c.png"),
        ] {
            try FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: "\(src)/\(name)")
        }
        try Data(try Self.smallAnimation()).write(to: URL(fileURLWithPath: src + "/small.png"))
        let result = try CommandLineTests.run([
            "pack", src, "-o", out, "--platform", "messages,telegram,signal", "--log", "human", "--threads", "2",
        ])
        #expect(result.status == 1, "a partial pack is not a success: \(result.out)\n\(result.err)")
        let all = result.out + result.err
        #expect(all.contains("Apple Messages: canvas-too-small"), "\(all)")
        // Apple's catalog and renditions leave it out; the catalog lists the other three.
        #expect(!FileManager.default.fileExists(atPath: "\(out)/renditions/small@3x.png"))
        let pack =
            try Self.json(
                "\(out)/Stickers.xcstickers/Sticker Pack.stickerpack/Contents.json")["stickers"] as? [[String: String]]
        #expect(pack?.map { $0["filename"] ?? "" }.sorted() == ["a.sticker", "b.sticker", "c.sticker"])
        // Telegram and Signal have it, each file naming its upscale.
        let report = try Self.report(out)
        let files = try #require(report["small"]?["files"] as? [[String: Any]])
        for (platform, side) in [("telegram", 512), ("signal", 512)] {
            let file = try #require(files.first { $0["platform"] as? String == platform }, "\(platform): \(files)")
            let notes = file["notes"] as? [String] ?? []
            #expect(
                notes.contains("upscaled 100x100 to \(side)x\(side) (5.12x)"), "\(platform): \(notes)")
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(file["path"] as! String)"), "\(file)")
        }
        #expect((report["small"]?["problems"] as? [String])?.count == 1)
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
