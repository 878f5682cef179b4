import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// GIF delays: kept exactly as stored (centiseconds), and the browsers' playback delay.
@Suite("GIF delays")
struct GIFDelayTests {
    @Test("browsers show delays of 10 ms or less for 100 ms")
    func browserPlayback() {
        #expect(FrameDelay.centiseconds(0).browserPlaybackDelay == .centiseconds(10))
        #expect(FrameDelay.centiseconds(1).browserPlaybackDelay == .centiseconds(10))
        #expect(FrameDelay.centiseconds(2).browserPlaybackDelay == .centiseconds(2))
        #expect(FrameDelay.milliseconds(10).browserPlaybackDelay == .milliseconds(100))
        #expect(FrameDelay.milliseconds(11).browserPlaybackDelay == .milliseconds(11))
        #expect(
            FrameDelay(numerator: 1, denominator: 60).browserPlaybackDelay == FrameDelay(numerator: 1, denominator: 60))
    }

    @Test("zero delays are kept as stored, and played as 10 cs")
    func zeroDelaysKept() throws {
        let animation = try GIFDecoder.decode(try Fixtures.bytes("gif/ancell-gif-test-suite/animation-zero-delays.gif"))
        #expect(animation.frames.count == 4)
        #expect(animation.frames.allSatisfy { $0.delay == .zero })
        #expect(animation.frames.allSatisfy { $0.delay.browserPlaybackDelay == .centiseconds(10) })
    }

    @Test("centisecond delays are exact")
    func exactDelays() throws {
        let animation = try GIFDecoder.decode(try Fixtures.bytes("gif/ancell-gif-test-suite/animation-speed.gif"))
        #expect(animation.frames.map(\.delay) == [25, 50, 100, 200].map(FrameDelay.centiseconds))
        #expect(animation.duration == FrameDelay(numerator: 15, denominator: 4))
    }
}
