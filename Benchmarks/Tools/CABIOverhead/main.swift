import CRendition
import Dispatch
import Foundation
import RenditionC
import RenditionPack

// The cost of going through librendition's C interface. Each sticker is rendered
// (bytes → decode → @2x + @1x PNG bytes) through the Swift API (`StickerRenderer.render`) and
// through the C functions (`rdn_image_decode`, `rdn_render`, the frees), in the same process,
// back to back, alternating which goes first; both must give the same bytes. Run from
// Benchmarks/:
//
//   swift run -c release CABIOverhead FILE... [--iterations N] [--warmup N] [--glibc-malloc] [--json]
//
// FILE is an @3x master or a folder of them. Prints the median microseconds per sticker of
// each path, the overhead of the C path, and the median overhead of back-to-back pairs (the
// figure least disturbed by other load on the machine).
//
// The process gets the allocator settings the `rendition` command gives itself (blocks under
// 32 MB stay on the heap, trimming above 256 MB; see MallocTuning in Sources/rendition), as
// `rendition bench c-abi` measured before it moved here; the environment's
// MALLOC_MMAP_THRESHOLD_ / MALLOC_TRIM_THRESHOLD_ win. --glibc-malloc keeps glibc's defaults,
// as in a host program that sets nothing: the C path's copies of the input and of the
// renditions are then fresh mmap'ed blocks, faulted in page by page.
#if canImport(Glibc)
    import Glibc
#endif

/// The command line: files, rounds and output form.
struct Settings {
    var files: [String] = []
    var iterations = 30
    var warmup = 3
    var json = false
    var glibcMalloc = false

    static let usage = "usage: CABIOverhead FILE... [--iterations N] [--warmup N] [--glibc-malloc] [--json]"

    /// Reads `arguments` (without the program name); exits with the usage on a mistake.
    static func parse(_ arguments: [String]) -> Settings {
        var settings = Settings()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--iterations", "--warmup":
                guard let text = rest.popFirst(), let value = Int(text) else { fail("\(argument) needs a number") }
                if argument == "--iterations" { settings.iterations = value } else { settings.warmup = value }
            case "--json": settings.json = true
            case "--glibc-malloc": settings.glibcMalloc = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                if argument.hasPrefix("-") { fail("unknown option \(argument)") }
                settings.files.append(argument)
            }
        }
        if settings.files.isEmpty { fail("give at least one sticker file or folder") }
        if settings.iterations < 1 || settings.warmup < 0 {
            fail("--iterations must be at least 1 and --warmup not negative")
        }
        return settings
    }
}

/// Applies the `rendition` command's glibc allocator settings (`mallopt` looked up at run
/// time, as the command does), unless the environment sets them.
func applyCommandAllocatorSettings() {
    #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        if getenv("MALLOC_MMAP_THRESHOLD_") == nil { _ = mallopt(-3, 32 << 20) }  // M_MMAP_THRESHOLD
        if getenv("MALLOC_TRIM_THRESHOLD_") == nil { _ = mallopt(-1, 256 << 20) }  // M_TRIM_THRESHOLD
    #endif
}

/// Every round's mean per sticker of each path, and each timed pair's C / Swift ratio.
struct Timings {
    var swiftRounds: [Double] = []
    var cRounds: [Double] = []
    var pairRatios: [Double] = []
}

/// Decode + render + free through the C functions; the renditions' bytes.
func renderThroughC(_ bytes: [UInt8]) -> [[UInt8]] {
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

/// Microseconds `body` takes, and what it returns.
func timed(_ body: () -> [[UInt8]]) -> (microseconds: Double, renditions: [[UInt8]]) {
    let start = DispatchTime.now().uptimeNanoseconds
    let renditions = body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1000, renditions)
}

/// Renders `bytes` through both paths, `swiftFirst` deciding the order; exits when their
/// renditions differ (checked on the first round).
func pair(_ bytes: [UInt8], path: String, swiftFirst: Bool, check: Bool) -> (swift: Double, c: Double) {
    let swiftRender = { (try? StickerRenderer().render(bytes).map(\.bytes)) ?? [] }
    let first = timed(swiftFirst ? swiftRender : { renderThroughC(bytes) })
    let second = timed(swiftFirst ? { renderThroughC(bytes) } : swiftRender)
    let (swift, c) = swiftFirst ? (first, second) : (second, first)
    if check && (swift.renditions != c.renditions || swift.renditions.isEmpty) {
        fail("\(path): the C interface and the Swift API gave different renditions")
    }
    return (swift.microseconds, c.microseconds)
}

/// Runs the warm-up and timed rounds over `inputs`.
func measure(_ inputs: [(path: String, bytes: [UInt8])], settings: Settings) -> Timings {
    var timings = Timings()
    for round in 0..<(settings.warmup + settings.iterations) {
        var swiftTotal = 0.0, cTotal = 0.0
        for (index, input) in inputs.enumerated() {
            let times = pair(input.bytes, path: input.path, swiftFirst: (round + index) % 2 == 0, check: round == 0)
            swiftTotal += times.swift
            cTotal += times.c
            if round >= settings.warmup { timings.pairRatios.append(times.c / times.swift) }
        }
        if round >= settings.warmup {
            timings.swiftRounds.append(swiftTotal / Double(inputs.count))
            timings.cRounds.append(cTotal / Double(inputs.count))
        }
    }
    return timings
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Prints the medians and overheads as text or one JSON object.
func printSummary(_ timings: Timings, stickers: Int, settings: Settings) {
    let swiftMedian = median(timings.swiftRounds), cMedian = median(timings.cRounds)
    let overhead = (cMedian / swiftMedian - 1) * 100
    let pairedOverhead = (median(timings.pairRatios) - 1) * 100
    if settings.json {
        let object: [String: Any] = [
            "benchmark": "c-abi", "stickers": stickers, "iterations": settings.iterations,
            "swift_median_us": swiftMedian, "c_median_us": cMedian, "overhead_percent": overhead,
            "paired_overhead_percent": pairedOverhead,
            "allocator": settings.glibcMalloc ? "glibc-defaults" : "rendition-command",
        ]
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
    } else {
        let allocator =
            settings.glibcMalloc ? "glibc's default allocator settings" : "the rendition command's allocator settings"
        print(
            "\(stickers) stickers x \(settings.iterations) rounds, \(allocator), median µs per sticker (decode + @2x + @1x PNG):"
        )
        print("  Swift API  \(String(format: "%9.1f", swiftMedian))")
        print("  C ABI      \(String(format: "%9.1f", cMedian))")
        print(
            "  overhead   \(String(format: "%+8.2f", overhead)) % (median of back-to-back pairs \(String(format: "%+.2f", pairedOverhead)) %)"
        )
    }
}

/// Prints `message` and the usage on standard error and exits with status 2.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CABIOverhead: \(message)\n\(Settings.usage)\n".utf8))
    exit(2)
}

let settings = Settings.parse(Array(CommandLine.arguments.dropFirst()))
if !settings.glibcMalloc { applyCommandAllocatorSettings() }
let inputs: [(path: String, bytes: [UInt8])]
do {
    inputs = try StickerInputs.expand(settings.files).map { ($0, try FileSystem.read($0)) }
} catch {
    fail("\(error)")
}
printSummary(measure(inputs, settings: settings), stickers: inputs.count, settings: settings)
