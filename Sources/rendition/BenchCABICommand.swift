import ArgumentParser
import CRendition
import Dispatch
import Foundation
import RenditionC
import RenditionPack

/// `rendition bench c-abi`: the cost of going through librendition's C interface. Each
/// sticker is rendered (bytes → decode → @2x + @1x PNG bytes) through the Swift API
/// (`StickerRenderer.render`) and through the C functions (`rdn_image_decode`, `rdn_render`,
/// the frees), in the same process, alternating which goes first; both must give the same
/// bytes.
struct BenchCABICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "c-abi",
        abstract: "Time a render through the C interface (rdn_image_decode + rdn_render) against the same render through the Swift API, interleaved.")

    @Argument(help: ArgumentHelp("Sticker files (or folders) to time; each is an @3x master.", valueName: "file"))
    var files: [String]

    @Option(help: "Timed rounds over the file list (after warm-up).")
    var iterations: Int = 30

    @Option(help: "Untimed warm-up rounds.")
    var warmup: Int = 3

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func validate() throws {
        guard iterations >= 1, warmup >= 0 else { throw ValidationError("--iterations must be at least 1 and --warmup not negative") }
    }

    func run() throws {
        let loaded = try BenchOptions.load(files)
        let inputs = loaded.map(\.bytes)
        var swiftRounds: [Double] = [], cRounds: [Double] = [], pairRatios: [Double] = []
        for round in 0..<(warmup + iterations) {
            var swiftTotal = 0.0, cTotal = 0.0
            for (index, bytes) in inputs.enumerated() {
                let swiftFirst = (round + index) % 2 == 0
                var swiftBytes: [[UInt8]] = [], cBytes: [[UInt8]] = []
                var swiftTime = 0.0, cTime = 0.0
                for step in 0..<2 {
                    if (step == 0) == swiftFirst {
                        let start = DispatchTime.now().uptimeNanoseconds
                        swiftBytes = (try? StickerRenderer().render(bytes).map(\.bytes)) ?? []
                        swiftTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
                    } else {
                        let start = DispatchTime.now().uptimeNanoseconds
                        cBytes = Self.renderThroughC(bytes)
                        cTime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
                    }
                }
                swiftTotal += swiftTime
                cTotal += cTime
                if round >= warmup { pairRatios.append(cTime / swiftTime) }
                if round == 0 && (swiftBytes != cBytes || swiftBytes.isEmpty) {
                    throw ValidationError("\(loaded[index].path): the C interface and the Swift API gave different renditions")
                }
            }
            if round >= warmup {
                swiftRounds.append(swiftTotal / Double(inputs.count))
                cRounds.append(cTotal / Double(inputs.count))
            }
        }
        let swiftMedian = BenchReport.percentile(swiftRounds, 50), cMedian = BenchReport.percentile(cRounds, 50)
        // Each sticker's two renders run back to back, so their ratio is the least disturbed by
        // other load on the machine.
        let pairedRatio = BenchReport.percentile(pairRatios, 50)
        if json {
            let object: [String: Any] = [
                "benchmark": "c-abi", "stickers": inputs.count, "iterations": iterations,
                "swift_median_us": swiftMedian, "c_median_us": cMedian, "overhead_percent": (cMedian / swiftMedian - 1) * 100,
                "paired_overhead_percent": (pairedRatio - 1) * 100,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("\(inputs.count) stickers x \(iterations) rounds, median µs per sticker (decode + @2x + @1x PNG):")
            print("  Swift API  \(String(format: "%9.1f", swiftMedian))")
            print("  C ABI      \(String(format: "%9.1f", cMedian))")
            print("  overhead   \(String(format: "%+8.2f", (cMedian / swiftMedian - 1) * 100)) % (median of back-to-back pairs \(String(format: "%+.2f", (pairedRatio - 1) * 100)) %)")
        }
    }

    /// Decode + render + free through the C functions; the renditions' bytes.
    static func renderThroughC(_ bytes: [UInt8]) -> [[UInt8]] {
        var image: OpaquePointer?
        var array: UnsafeMutablePointer<rdn_rendition>?
        var count = 0
        defer {
            rdn_renditions_free(array, count)
            rdn_image_free(image)
        }
        guard bytes.withUnsafeBufferPointer({ rdn_image_decode($0.baseAddress, $0.count, nil, &image, nil) }) == RDN_OK,
            rdn_render(image, nil, &array, &count, nil) == RDN_OK, let array
        else { return [] }
        return (0..<count).map { Array(UnsafeBufferPointer(start: array[$0].bytes, count: array[$0].length)) }
    }
}
