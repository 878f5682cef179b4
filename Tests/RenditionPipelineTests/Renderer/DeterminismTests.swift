import Foundation
import RenditionPipeline
import RenditionTestSupport
import Testing

/// Same input and options, same output bytes: whatever the thread count (1, 2 or 8), run
/// after run, for stills and for animations in every container, through the library (the
/// command line is checked the same way in RenditionCLITests).
@Suite("Determinism")
struct DeterminismTests {
    @Test("StickerRenderer gives the same renditions with 1, 2 and 8 frame threads, run after run")
    func library() throws {
        let input = try TestAnimations.determinismInputFolder()
        let renderer = StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1]))
        let names = try FileManager.default.contentsOfDirectory(atPath: input).sorted()
        #expect(names.count == TestAnimations.determinismInputCount)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(input)/\(name)")))
            let reference = try renderer.withFrameThreads(1).render(bytes).map(\.bytes)
            #expect(reference.count == 3 && reference.allSatisfy { !$0.isEmpty })
            for threads in [2, 8, 8] {
                #expect(
                    try renderer.withFrameThreads(threads).render(bytes).map(\.bytes) == reference,
                    "\(name), \(threads) threads")
            }
        }
    }
}
