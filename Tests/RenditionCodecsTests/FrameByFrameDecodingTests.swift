import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("Decoding frame by frame")
struct FrameByFrameDecodingTests {
    /// The frames `decodeFrames` hands over, with its outline, or the error.
    static func frameByFrame(_ bytes: [UInt8]) -> Result<Animation, CodecError> {
        var frames: [AnimationFrame] = []
        do throws(CodecError) {
            let outline = try ImageDecoder.decodeFrames(bytes) { frames.append($0) }
            #expect(outline.frameCount == frames.count)
            return .success(
                Animation(width: outline.width, height: outline.height, frames: frames, loopCount: outline.loopCount))
        } catch {
            return .failure(error)
        }
    }

    static func whole(_ bytes: [UInt8]) -> Result<Animation, CodecError> {
        do throws(CodecError) { return .success(try ImageDecoder.decodeAnimation(bytes)) } catch {
            return .failure(error)
        }
    }

    /// The conformance folders and how many GIF, PNG and APNG files each holds (Ancell's
    /// also holds its reference PNGs, which are decoded too).
    static let folderFileCounts: KeyValuePairs = [
        "gif/ancell-gif-test-suite": 114, "gif/peterdn-gif-test-suite": 13, "gif/pillow": 18, "gif/wuffs": 4,
        "apng/philip-taylor": 61, "apng/pillow": 3, "apng/wuffs": 2,
    ]

    @Test(
        "every GIF and APNG of the conformance suites gives the frames, canvas, loop count or error of decoding whole",
        arguments: folderFileCounts.map(\.key))
    func sameAsWhole(folder: String) throws {
        let files = try ["gif", "png", "apng"].flatMap { try Fixtures.files(in: folder, extension: $0) }
        #expect(files.count == Self.folderFileCounts.first { $0.key == folder }?.value)
        for file in files {
            let bytes = try Fixtures.bytes("\(folder)/\(file)")
            let streamed = Self.frameByFrame(bytes), whole = Self.whole(bytes)
            switch (streamed, whole) {
            case (.success(let a), .success(let b)):
                #expect(a == b, "\(folder)/\(file)")
            case (.failure(let a), .failure(let b)):
                #expect("\(a)" == "\(b)", "\(folder)/\(file)")
            default:
                Issue.record("\(folder)/\(file): frame by frame \(streamed), whole \(whole)")
            }
        }
    }

    @Test("frames come out one at a time: a frame the caller drops is not copied for the next")
    func framesInOrder() throws {
        let bytes = try Fixtures.bytes("gif/pillow/dispose_prev.gif")
        var delays: [FrameDelay] = []
        let outline = try ImageDecoder.decodeFrames(bytes) { delays.append($0.delay) }
        let whole = try ImageDecoder.decodeAnimation(bytes)
        #expect(delays == whole.frames.map(\.delay) && outline.frameCount == whole.frames.count && outline.isAnimated)
    }
}
