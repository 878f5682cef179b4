import Foundation
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionTestSupport
import Testing

/// Every fix removes the finding it targets, on the fixture made for it, and changes nothing
/// else: the pixels it is not about are compared byte for byte with the input.
@Suite("Fixes")
struct StickerFixerTests {
    let linter = StickerLinter()

    func fixed(_ file: String, _ kinds: [FixKind], matte: RGBColor? = nil) throws -> (
        before: Raster, after: Raster, codes: [LintCode]
    ) {
        let before = try Fixtures.raster("lint/" + file)
        let fixer = StickerFixer(options: FixOptions(kinds: kinds, matte: matte))
        let after = fixer.fix(before).raster
        let report = linter.lint(bytes: try PNGEncoder().encode(after), path: file)
        return (before, after, report.codes)
    }

    /// Compares two rasters: the number of pixels that differ where `include` holds.
    func differences(_ a: Raster, _ b: Raster, where include: (Int, Int) -> Bool) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where include(x, y) && a[x, y] != b[x, y] { count += 1 } }
        return count
    }

    @Test(
        "unmatte and defringe remove the halo and change only the colour of partially transparent pixels",
        arguments: ["halo-white.png", "halo-dark.png"], [FixKind.unmatte, .defringe])
    func halo(file: String, kind: FixKind) throws {
        #expect(linter.lint(path: Fixtures.path("lint/" + file)).codes == [.matteHalo])
        let (before, after, codes) = try fixed(file, [kind])
        #expect(codes.isEmpty)
        #expect(after.width == before.width && after.height == before.height)
        // Alpha is untouched everywhere; opaque and transparent pixels are untouched entirely.
        var alphaChanges = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before[x, y].a != after[x, y].a { alphaChanges += 1 }
        }
        #expect(alphaChanges == 0)
        #expect(differences(before, after) { before[$0, $1].a == 0 || before[$0, $1].a == 255 } == 0)
        // The edge now has the art's colour: the fixture's art is #1a4fd0 (white matte) or #7fd0ff (black matte).
        let art = file == "halo-white.png" ? RGBColor(26, 79, 208) : RGBColor(127, 208, 255)
        var worst = 0.0
        for y in 0..<after.height {
            for x in 0..<after.width {
                let p = after[x, y]
                guard p.a >= 64 && p.a < 255 else { continue }
                let straight = [p.r, p.g, p.b].map { Double(AlphaConversion.unpremultiply($0, alpha: p.a)) }
                worst = max(
                    worst, abs(straight[0] - Double(art.r)), abs(straight[1] - Double(art.g)),
                    abs(straight[2] - Double(art.b)))
            }
        }
        #expect(worst <= 6, "largest edge colour error \(worst)")
    }

    @Test(
        "remove-background clears the white box and leaves the art's interior as it was",
        arguments: ["white-box.png", "opaque.jpg"])
    func removeBackground(file: String) throws {
        let (before, after, codes) = try fixed(file, [.removeBackground])
        #expect(codes.isEmpty)
        let clean = try Fixtures.raster("lint/clean.png")
        // Where the art is fully opaque and at least 3 px away from any less-than-opaque pixel of
        // the clean art, nothing changed (the JPEG's art is its own decoded pixels).
        func interior(_ x: Int, _ y: Int) -> Bool {
            for dy in -3...3 {
                for dx in -3...3 {
                    let xx = x + dx, yy = y + dy
                    if xx < 0 || yy < 0 || xx >= clean.width || yy >= clean.height || clean[xx, yy].a < 255 {
                        return false
                    }
                }
            }
            return true
        }
        #expect(differences(before, after, where: interior) == 0)
        // Where the clean art is transparent (and away from it), the fix made pixels transparent.
        var leftovers = 0
        for y in 0..<after.height {
            for x in 0..<after.width where clean[x, y].a == 0 && after[x, y].a != 0 {
                var near = false
                for dy in -2...2 {
                    for dx in -2...2 {
                        let xx = x + dx, yy = y + dy
                        if xx >= 0 && yy >= 0 && xx < clean.width && yy < clean.height && clean[xx, yy].a > 0 {
                            near = true
                        }
                    }
                }
                if !near { leftovers += 1 }
            }
        }
        #expect(leftovers == 0)
    }

    @Test(
        "pad squares the canvas, reaches the minimum size and moves art off the border; pixels are moved, not changed",
        arguments: [("touching-edge.png", 432), ("non-square.png", 408), ("canvas-299.png", 300)])
    func pad(file: String, side: Int) throws {
        let (before, after, codes) = try fixed(file, [.pad])
        #expect(codes.isEmpty, "\(codes)")
        #expect(after.width == side && after.height == side)
        let dx = (side - before.width) / 2, dy = (side - before.height) / 2
        #expect(after.cropped(to: PixelRect(x: dx, y: dy, width: before.width, height: before.height)) == before)
        var outside = 0
        for y in 0..<side {
            for x in 0..<side
            where (x < dx || y < dy || x >= dx + before.width || y >= dy + before.height) && after[x, y].a != 0 {
                outside += 1
            }
        }
        #expect(outside == 0)
    }

    @Test(
        "trim crops to the art plus a margin; the art's pixels are moved, not changed",
        arguments: [("small-art.png", 300), ("canvas-620.png", 500)])
    func trim(file: String, side: Int) throws {
        let (before, after, codes) = try fixed(file, [.trim])
        #expect(codes.isEmpty, "\(codes)")
        #expect(after.width == side && after.height == side)
        let bounds = EdgeAnalyzer().analyze(before).alpha.bounds!
        let afterBounds = EdgeAnalyzer().analyze(after).alpha.bounds!
        #expect(afterBounds.width == bounds.width && afterBounds.height == bounds.height)
        #expect(after.cropped(to: afterBounds) == before.cropped(to: bounds))
    }

    @Test("a fix that does not apply says so and changes nothing")
    func skipped() throws {
        let clean = try Fixtures.raster("lint/clean.png")
        let fixer = StickerFixer(options: FixOptions(kinds: [.removeBackground, .unmatte, .pad]))
        let (result, steps) = fixer.fix(clean)
        #expect(result == clean)
        #expect(steps.count == 3 && steps.allSatisfy { $0.contains("skipped") })
    }

    @Test("a canvas that would exceed the largest size is scaled down to it")
    func fitsMaximum() throws {
        // 618 px art touching the border: padding would make it 656 px, so it is scaled to 618.
        let art = try Fixtures.raster("lint/touching-edge.png")
        let big = LanczosResampler().resample(art, width: 618, height: 618)
        let (result, steps) = StickerFixer(options: FixOptions(kinds: [.pad])).fix(big)
        #expect(result.width == 618 && result.height == 618)
        #expect(steps.first?.contains("scaled to 618x618") == true)
        #expect(EdgeAnalyzer().analyze(result).alpha.touching.isEmpty)
    }

    @Test("fixed files are written atomically to the output folder as PNG, the input untouched")
    func writesFiles() throws {
        let folder = NSTemporaryDirectory() + "rendition-fix-" + UUID().uuidString
        let input = Fixtures.path("lint/opaque.jpg")
        let original = try Fixtures.bytes("lint/opaque.jpg")
        let destination = FixedFileNames.path(for: input, in: folder)
        #expect(destination == folder + "/opaque.png")
        let outcome = StickerFixer(options: FixOptions(kinds: [.removeBackground])).fix(
            path: input, writingTo: destination, linter: linter)
        #expect(outcome.error == nil && outcome.output == destination)
        #expect(outcome.after?.findings.isEmpty == true)
        #expect(try Fixtures.bytes("lint/opaque.jpg") == original)
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: destination)))
        #expect(ImageFormat.sniff(written) == .png)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["opaque.png"])
        #expect(FixedFileNames.path(for: "a/b/c.png", in: nil) == "a/b/c.png")
        #expect(FixedFileNames.path(for: "a/b/c.jpg", in: nil) == "a/b/c.png")
        let animated = StickerFixer(options: FixOptions(kinds: [.pad])).fix(
            path: Fixtures.path("lint/animated.png"), writingTo: folder + "/animated.png", linter: linter)
        #expect(animated.output == nil && animated.error?.contains("animations") == true)
    }
}
