import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs
@testable import RenditionLint
@testable import RenditionPipeline

/// Variable-rate video masters (ffmpeg drops repeated frames) keep their frames and their
/// times to the millisecond in WebM, APNG and WebP; GIF keeps its 10 ms grid; a frame-rate cap
/// drops the fewest frames and moves none. The master's times are ffmpeg's reading of it
/// (`Fixtures/webm/expected/NAME.framemd5`); the output's are its blocks' timestamps, read by
/// Rendition's demuxer, and its decoded frames.
@Suite("video timing: master frame times kept")
struct VideoTimingTests {
    static let thirtyClock = "vp9-alpha-512x512-vfr-30fps-clock"
    static let sixtyClock = "vp9-alpha-256x256-vfr-60fps-clock"

    /// ffmpeg's start time (ms) of each frame of `name` and when the last one ends.
    static func masterTimes(_ name: String) throws -> (starts: [Int], end: Int) {
        let text = String(decoding: try Fixtures.bytes("webm/expected/\(name).framemd5"), as: UTF8.self)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) ?? -1 }
        }
        let starts = rows.map { $0[2] }
        return (starts, (starts.last ?? 0) + (rows.last?[3] ?? 0))
    }

    /// The start time (ms) of each block of a WebM file, read by Rendition's own demuxer.
    static func blockTimes(_ bytes: [UInt8]) throws -> (times: [Int], defaultDuration: Int?) {
        let container = try bytes.withUnsafeBufferPointer { try WebMContainer($0, limits: .default) }
        #expect(container.timecodeScale == 1_000_000)
        return (container.blocks.map(\.timestamp), container.video.defaultDuration)
    }

    /// Each frame's start in whole milliseconds, rounded.
    static func starts(_ animation: Animation) -> [Int] {
        var start = FrameDelay.zero
        return animation.frames.map { frame in
            defer { start = start + frame.delay }
            return Int((start.seconds * 1000).rounded())
        }
    }

    /// The mean absolute difference of two frames' bytes.
    static func difference(_ a: Raster, _ b: Raster) -> Double {
        Double(zip(a.bytes, b.bytes).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.bytes.count)
    }

    /// `master` made for `target`.
    static func make(_ master: [UInt8], _ target: RenditionTarget) throws -> TargetOutput {
        try StickerPipeline(options: RenderOptions(frameThreads: 2)).run(.bytes(master), targets: [target]).outputs[
            0
        ].get()
    }

    /// A target on Telegram's 512 px canvas with its frame rules, in `format`.
    static func telegramRules(_ format: OutputFormat) -> RenditionTarget {
        RenditionTarget(
            label: "Telegram rules as \(format)", size: .canvas(PackPlatform.telegram.canvas), formats: .one(format),
            frameRules: PackPlatform.telegram.framePolicy)
    }

    @Test("a 75-frame master on a 30 fps clock becomes a Telegram WebM with its 75 frames at its times")
    func telegramWebMKeepsTimes() throws {
        let master = try Fixtures.bytes("webm/made/\(Self.thirtyClock).webm")
        let expected = try Self.masterTimes(Self.thirtyClock)
        #expect(expected.starts.count == 75 && expected.starts.prefix(5) == [0, 33, 67, 133, 167])
        let made = try Self.make(master, PackPlatform.telegram.stickerTarget(animatedFormats: [.webm]))
        #expect(made.format == .webm)
        let blocks = try Self.blockTimes(made.bytes)
        #expect(blocks.times == expected.starts)
        // Variable timing declares no constant frame time.
        let info = try WebMDecoder.info(made.bytes)
        #expect(blocks.defaultDuration == nil && info.frameRate == nil)
        // Decoded, each frame is the master's frame at that time (nearer it than its neighbours).
        let output = try WebMDecoder.decode(made.bytes)
        let source = try WebMDecoder.decode(master)
        #expect(output.frames.count == 75 && Self.starts(output) == expected.starts)
        #expect(abs(output.duration.seconds - 3) < 0.0005)
        for k in 1..<74 {
            let here = Self.difference(output.frames[k].raster, source.frames[k].raster)
            let before = Self.difference(output.frames[k].raster, source.frames[k - 1].raster)
            let after = Self.difference(output.frames[k].raster, source.frames[k + 1].raster)
            #expect(here < before && here < after, "frame \(k): \(here) against \(before), \(after)")
        }
    }

    @Test(
        "APNG and WebP under Telegram's frame rules keep the master's 75 frames at its times",
        arguments: [
            OutputFormat.apng, .webp,
        ])
    func apngAndWebPKeepTimes(format: OutputFormat) throws {
        let master = try Fixtures.bytes("webm/made/\(Self.thirtyClock).webm")
        let expected = try Self.masterTimes(Self.thirtyClock)
        let made = try Self.make(master, Self.telegramRules(format))
        let decoded = try ImageDecoder.decodeAnimation(made.bytes)
        #expect(decoded.frames.count == 75)
        #expect(Self.starts(decoded) == expected.starts)
    }

    @Test("GIF rounds each of the master's frame times to its 10 ms grid, every frame kept")
    func gifOnItsGrid() throws {
        let master = try Fixtures.bytes("webm/made/\(Self.thirtyClock).webm")
        let expected = try Self.masterTimes(Self.thirtyClock)
        let made = try Self.make(master, RenditionTarget(label: "GIF", size: .scale(.x2), formats: .one(.gif)))
        let decoded = try ImageDecoder.decodeAnimation(made.bytes)
        let delays = zip(expected.starts, expected.starts.dropFirst() + [expected.end]).map { ($1 - $0 + 5) / 10 * 10 }
        #expect(decoded.frames.map(\.delay) == delays.map { FrameDelay.milliseconds($0) })
    }

    @Test("a loop played faster keeps the master's frame times in WebM; GIF's are on its 10 ms grid")
    func fasterLoop() throws {
        // 8 frames at 0, 100, 150, 400, 500, 520, 900, 1000 ms, fitted to 500 ms.
        let name = "vp9-alpha-64x64-vfr"
        let master = try Fixtures.bytes("webm/made/\(name).webm")
        let rules = FramePolicy(name: "half a second", maximumDurationMilliseconds: 500)
        let webm = try Self.make(
            master, RenditionTarget(label: "WebM", size: .scale(.x3), formats: .one(.webm), frameRules: rules))
        // Starts before 500 ms: 0, 100, 150 and 400, showing the master's frames on screen at
        // 2.2 times those times (0, 220, 330, 880 ms: frames 1, 3, 3, 6); the second frame 3
        // joins the first.
        #expect(try Self.blockTimes(webm.bytes).times == [0, 100, 400])
        let decoded = try WebMDecoder.decode(webm.bytes)
        #expect(decoded.duration == .milliseconds(500))
        #expect(webm.report.notes.contains { $0.contains("5 of 8 frames dropped to keep the master's frame times") })
        let gif = try Self.make(
            master, RenditionTarget(label: "GIF", size: .scale(.x3), formats: .one(.gif), frameRules: rules))
        let gifFrames = try ImageDecoder.decodeAnimation(gif.bytes)
        #expect(gifFrames.duration <= .milliseconds(500) && gifFrames.frames.count > 4)
        #expect(
            gifFrames.frames.allSatisfy { ($0.delay.seconds * 1000).rounded().truncatingRemainder(dividingBy: 10) == 0 }
        )
    }

    @Test("a master on a 60 fps clock meets Telegram's 30 fps by dropping the fewest frames, moving none")
    func frameRateCap() throws {
        let master = try Fixtures.bytes("webm/made/\(Self.sixtyClock).webm")
        let expected = try Self.masterTimes(Self.sixtyClock)
        #expect(expected.starts.count == 90 && expected.starts.prefix(5) == [0, 17, 33, 67, 83])
        // The most frames at least 33 ms apart (the last at least 33 ms before the end),
        // chosen from the start: the fewest dropped.
        var kept = [0]
        for time in expected.starts.dropFirst() where time - kept.last! >= 33 && expected.end - time >= 33 {
            kept.append(time)
        }
        let made = try Self.make(master, PackPlatform.telegram.stickerTarget(animatedFormats: [.webm]))
        let times = try Self.blockTimes(made.bytes).times
        #expect(times == kept, "\(times.count) frames for \(kept.count)")
        #expect(Set(times).isSubset(of: expected.starts))
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 33 })
        #expect(try WebMDecoder.decode(made.bytes).frames.count == kept.count)
    }
}
