import Foundation
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// 30 fps as WebM muxers store it in milliseconds: ffmpeg rounds (0, 33, 67, 100 ...), libwebm
/// (vpxenc, MediaRecorder) cuts the nanoseconds off (0, 33, 66, 100 ...). Both are 30 fps.
@Suite("WebM: constant frame rates read from millisecond timestamps")
struct WebMFrameTimingTests {
    static let thirtyFPS = FrameDelay(numerator: 1, denominator: 30)

    /// Start times in ms of `count` frames at 30 fps, truncated as libwebm writes them.
    static func truncated(_ count: Int, startNanoseconds: Int = 0) -> [Int] {
        (0..<count).map { (startNanoseconds + $0 * 1_000_000_000 / 30) / 1_000_000 }
    }

    @Test("truncated timestamps (0, 33, 66, 100 ms) are 30 fps, with or without a DefaultDuration")
    func truncatedTimestamps() throws {
        let timestamps = Self.truncated(90)
        #expect(timestamps.prefix(7) == [0, 33, 66, 100, 133, 166, 200])
        for defaultDuration in [nil, 33_333_333] {
            #expect(
                WebMFrameTiming.constantRate(timestamps: timestamps, scale: 1_000_000, defaultDuration: defaultDuration)
                    == FrameRate(numerator: 30, denominator: 1))
            let delays = try WebMFrameTiming.delays(
                timestamps: timestamps, scale: 1_000_000, defaultDuration: defaultDuration, lastBlockDuration: nil,
                segmentDuration: 3000)
            #expect(delays.allSatisfy { $0 == Self.thirtyFPS })
        }
        // A stream that starts part-way into a millisecond, truncated from there.
        let offset = Self.truncated(60, startNanoseconds: 7_600_000)
        #expect(
            WebMFrameTiming.constantRate(timestamps: offset, scale: 1_000_000, defaultDuration: nil)
                == FrameRate(numerator: 30, denominator: 1))
    }

    @Test("a timestamp a whole tick off the rate, or variable timing, is still read frame by frame")
    func notConstant() throws {
        var late = Self.truncated(30)
        late[12] += 1  // 401 ms where 30 fps puts 400 ms
        #expect(WebMFrameTiming.constantRate(timestamps: late, scale: 1_000_000, defaultDuration: 33_333_333) == nil)
        let delays = try WebMFrameTiming.delays(
            timestamps: late, scale: 1_000_000, defaultDuration: nil, lastBlockDuration: nil, segmentDuration: nil)
        #expect(delays[11] == .milliseconds(35) && delays[12] == .milliseconds(32))
        // Coarse ticks never make timing look constant: frames at 0, 1 and 3 s are not
        // 1000/1001 fps cut to whole seconds.
        #expect(WebMFrameTiming.constantRate(timestamps: [0, 1, 3], scale: 1_000_000_000, defaultDuration: nil) == nil)
        let variable = [0, 100, 150, 400, 500, 520, 900, 1000]
        #expect(
            WebMFrameTiming.constantRate(timestamps: variable, scale: 1_000_000, defaultDuration: 100_000_000) == nil)
    }

    /// 90 opaque frames with the given delays.
    static func animation(delays: [FrameDelay]) -> Animation {
        let frames = delays.enumerated().map { (i, delay) in
            var canvas = Raster(width: 32, height: 32)
            for y in 0..<32 { for x in 0..<32 { canvas[x, y] = RGBA(UInt8((i * 9) % 256), UInt8(x * 8), 90, 255) } }
            return AnimationFrame(raster: canvas, delay: delay)
        }
        return Animation(width: 32, height: 32, frames: frames, loopCount: 0)
    }

    /// The container's block times (ms) and DefaultDuration.
    static func timing(_ bytes: [UInt8]) throws -> (times: [Int], defaultDuration: Int?) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CodecError) in
            let container = try WebMContainer(buffer, limits: .default)
            #expect(container.timecodeScale == 1_000_000)
            return (container.blocks.map(\.timestamp), container.video.defaultDuration)
        }
    }

    @Test("30 fps stored as 33, 33, 34 ms decodes as exact 1/30 s and is written back at a constant rate")
    func millisecondCadenceRoundTrip() throws {
        // What a millisecond-only source holds for 30 fps: the encoder keeps those times
        // (0, 33, 66, 100 ms) and, the delays differing, writes no DefaultDuration.
        let cadence = (0..<90).map { FrameDelay.milliseconds($0 % 3 == 2 ? 34 : 33) }
        let first = try WebMEncoder().encode(Self.animation(delays: cadence))
        let stored = try Self.timing(first)
        #expect(stored.times == Self.truncated(90) && stored.defaultDuration == nil)
        #expect(try WebMDecoder.info(first).frameRate == FrameRate(numerator: 30, denominator: 1))
        let decoded = try WebMDecoder.decode(first)
        #expect(decoded.frames.count == 90 && decoded.frames.allSatisfy { $0.delay == Self.thirtyFPS })
        #expect(decoded.duration == FrameDelay(numerator: 3, denominator: 1))
        // Encoded again: every frame at round(i * 1000 / 30) ms and a constant frame time.
        let again = try Self.timing(try WebMEncoder().encode(decoded))
        #expect(again.times == (0..<90).map { Int((Double($0) * 1000 / 30).rounded()) })
        #expect(again.defaultDuration == 33_333_333)
    }

    @Test("a corpus 30 fps WebM with its block times truncated still decodes as 90 frames of 1/30 s")
    func truncatedCorpusFile() throws {
        var bytes = try Fixtures.bytes("webm/vp9-opaque-512x512-30fps-3s.webm")
        let blocks = try bytes.withUnsafeBufferPointer { (buffer) throws(CodecError) in
            try WebMContainer(buffer, limits: .default).blocks
        }
        #expect(blocks.count == 90)
        let wanted = Self.truncated(90)
        for (block, time) in zip(blocks, wanted) {
            // Block header: track number (one byte), a signed 16-bit time from the cluster's, flags.
            let at = block.data.lowerBound - 3
            let relative = Int(Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])))
            let patched = UInt16(bitPattern: Int16(time - (block.timestamp - relative)))
            bytes[at] = UInt8(patched >> 8)
            bytes[at + 1] = UInt8(patched & 0xFF)
        }
        #expect(try Self.timing(bytes).times == wanted)
        let animation = try WebMDecoder.decode(bytes)
        #expect(animation.frames.count == 90 && animation.frames.allSatisfy { $0.delay == Self.thirtyFPS })
        #expect(animation.duration == FrameDelay(numerator: 3, denominator: 1))
    }
}
