import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// peterdn's GIF test suite (`Fixtures/gif/peterdn-gif-test-suite`): every frame of every
/// file against the suite's expected frames (`expected-frames/NAME-K.png`, or `NAME.png` for
/// still files). Loop counts follow the file names (`loop` = forever, `noloop` = once); delays
/// are 1 s per frame except `animated_loop_variable_delay` (1 s, 1 s, 0.1 s, 1 s), as Pillow
/// also reads them.
@Suite("GIF decoding: peterdn's GIF test suite")
struct GIFPeterdnSuiteTests {
    static let folder = "gif/peterdn-gif-test-suite"
    static let files: [String] = (try? Fixtures.files(in: folder, extension: "gif")) ?? []

    @Test("the fixture set holds the 13 files")
    func suiteIsComplete() {
        #expect(Self.files.count == 13)
    }

    @Test("every frame matches the expected frame", arguments: files)
    func matchesExpectedFrames(file: String) throws {
        let name = String(file.dropLast(4))
        let animation = try GIFDecoder.decode(try Fixtures.bytes("\(Self.folder)/\(file)"))
        let still = name.hasPrefix("static")
        #expect(animation.frames.count == (still ? 1 : 4))
        #expect(animation.loopCount == (name.contains("_loop") ? 0 : 1))
        for (index, frame) in animation.frames.enumerated() {
            let reference = try PNGDecoder.decode(
                try Fixtures.bytes("\(Self.folder)/expected-frames/\(still ? name : "\(name)-\(index)").png"))
            let mismatch = GIFAncellSuiteTests.firstMismatch(frame.raster, reference)
            #expect(mismatch == nil, "\(name) frame \(index): \(mismatch ?? "")")
            if !still {
                let expectedDelay = name == "animated_loop_variable_delay" && index == 2 ? 10 : 100
                #expect(frame.delay == .centiseconds(expectedDelay), "\(name) frame \(index) delay")
            }
        }
    }
}
