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
}
