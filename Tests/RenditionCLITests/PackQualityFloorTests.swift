import Foundation
import RenditionTestSupport
import Testing

/// `pack` lists the files whose quality score fell below `--quality-floor`, lowest first, each
/// with the ladder step that cost it.
@Suite("pack: files below the quality floor")
struct PackQualityFloorTests {
    @Test(
        "3 s video stickers squeezed into WhatsApp's 500 KiB are listed under a floor of 0.99 with their score and step; --quality-floor 0 lists none"
    )
    func listsLowScores() throws {
        let source = try TemporaryFolder.make("rendition-quality-floor-src")
        let out = try TemporaryFolder.make("rendition-quality-floor")
        // Three, as a WhatsApp pack needs at least three stickers (files in no pack are not listed).
        for index in 1...3 {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("webm/vp9-alpha-512x384-24fps-3s.webm"), toPath: "\(source)/clip-\(index).webm")
        }
        let low = try CommandLineTests.run([
            "pack", source, "-o", out, "--platform", "whatsapp", "--quality-floor", "0.99", "--log", "human",
            "--threads", "2",
        ])
        let text = low.out + low.err
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("quality: ") }
        #expect(lines.count == 4, "\(text)")
        let header = try #require(lines.first, "\(text)")
        #expect(header == "quality: 3 file(s) scored below SSIM 0.99 against the unfitted rendition")
        let line = try #require(lines.last)
        #expect(
            line.hasPrefix("quality: whatsapp/") && line.contains("clip-") && line.contains(".webp: SSIM 0."), "\(line)"
        )
        #expect(line.contains(" after WebP lossy quality") && line.contains("(lossy compression at quality"), "\(line)")
        // The report holds the same score.
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(out)/pack-report.json")))
                as? [String: Any])
        let files = (report["stickers"] as? [[String: Any]] ?? []).flatMap { $0["files"] as? [[String: Any]] ?? [] }
        let score = try #require(files.first?["quality"] as? Double)
        let shown = try #require(
            line.split(separator: "SSIM ").last?.split(separator: " ").first.flatMap { Double($0) })
        #expect(
            score < 0.99 && abs(shown - files.compactMap { $0["quality"] as? Double }.min()!) <= 0.001,
            "\(score) \(line)")

        let none = try CommandLineTests.run([
            "pack", source, "-o", out, "--platform", "whatsapp", "--quality-floor", "0", "--log", "human", "--force",
            "--threads", "2",
        ])
        #expect(!(none.out + none.err).contains("quality: "))
    }
}
