import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("GIF encoding sessions")
struct GIFEncodingSessionTests {
    @Test("frames added one at a time give the bytes of encoding the animation whole")
    func sameBytes() throws {
        for file in [
            "gif/pillow/hopper.gif", "gif/pillow/dispose_prev.gif", "apng/pillow/dispose_op_previous_frame.png",
        ] {
            let animation = try ImageDecoder.decodeAnimation(try Fixtures.bytes(file))
            var session = try GIFEncoder().makeSession(width: animation.width, height: animation.height)
            for frame in animation.frames { try session.add(frame.raster, delay: frame.delay) }
            #expect(session.frameCount == animation.frames.count)
            #expect(try session.finish(loopCount: animation.loopCount) == GIFEncoder().encode(animation), "\(file)")
        }
    }

    @Test("a frame of another size and an empty session are encoding errors")
    func errors() throws {
        var session = try GIFEncoder().makeSession(width: 10, height: 10)
        #expect {
            try session.finish(loopCount: 0)
        } throws: { error in
            guard case CodecError.encodingFailed(_, let reason) = error else { return false }
            return reason.contains("at least one frame")
        }
        #expect {
            try session.add(Raster(width: 10, height: 11), delay: .zero)
        } throws: { error in
            guard case CodecError.encodingFailed(_, let reason) = error else { return false }
            return reason.contains("10x11")
        }
        #expect(throws: CodecError.self) { try GIFEncoder().makeSession(width: 70_000, height: 1) }
    }
}
