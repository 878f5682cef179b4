import RenditionTestSupport
import Foundation
import RenditionCodecs
import RenditionCore
import RenditionPack
import Testing

/// Same input and options, same output bytes: whatever the thread count (1, 2 or 8), run
/// after run, for stills and for animations in every container, through the library and
/// through `rendition render`.
@Suite("Determinism")
struct DeterminismTests {
    /// Stills: OpenMoji art (hard edges), Noto art (soft alpha), a JPEG.
    static let stills = [
        "stickers/openmoji-618/1F195.png", "stickers/openmoji-618/1F300.png", "stickers/noto-512/emoji_u1f236.png",
        "stickers/derived/1F601-300.png", "jpeg/emoji_u1f236-on-white.jpg",
    ]
    /// Animations from other encoders: APNG (wuffs), GIF (wuffs), lossy WebP (image-webp).
    static let animations = ["apng/wuffs/muybridge.apng", "gif/wuffs/muybridge.gif", "webp/image-webp/animated/random_lossy.webp"]

    /// A folder holding the stills, the fixture animations and a 12-frame 300 px animation at
    /// sticker size (a square moving over OpenMoji art) as APNG, GIF and WebP.
    static func inputFolder() throws -> String {
        let folder = try AnimatedRenderTests.temporaryFolder()
        for (index, file) in (stills + animations).enumerated() {
            let name = "\(index)-" + URL(fileURLWithPath: file).lastPathComponent
            try FileManager.default.copyItem(atPath: Fixtures.path(file), toPath: "\(folder)/\(name)")
        }
        let square = try AnimatedRenderTests.movingSquare(frames: 12, side: 300)
        try Data(try APNGEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-apng.png"))
        try Data(try GIFEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-gif.gif"))
        try Data(try WebPEncoder().encode(square)).write(to: URL(fileURLWithPath: "\(folder)/square-webp.webp"))
        return folder
    }

    /// Every file in `folder` except the manifest (whose lines follow completion order) and its lock.
    static func files(in folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where !name.hasPrefix(".rendition-manifest") {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        return files
    }

    @Test("rendition render writes the same bytes with 1, 2 and 8 threads, run after run")
    func commandLine() throws {
        let input = try Self.inputFolder()
        let inputCount = Self.stills.count + Self.animations.count + 3
        var runs: [(threads: Int, files: [String: Data])] = []
        for threads in [1, 2, 8, 8] {
            let output = try AnimatedRenderTests.temporaryFolder()
            let result = try CommandLineTests.run(["render", input, "-o", output, "--include-3x", "--threads", "\(threads)", "--log", "jsonl"])
            #expect(result.status == 0, "\(result.err)")
            runs.append((threads, try Self.files(in: output)))
        }
        #expect(runs[0].files.count == inputCount * 3)
        for run in runs.dropFirst() {
            #expect(run.files.keys.sorted() == runs[0].files.keys.sorted())
            let differing = run.files.keys.filter { run.files[$0] != runs[0].files[$0] }.sorted()
            #expect(differing.isEmpty, "\(run.threads) threads differ from 1 thread in \(differing)")
        }
    }

    @Test("StickerRenderer gives the same renditions with 1, 2 and 8 frame threads, run after run")
    func library() throws {
        let input = try Self.inputFolder()
        let renderer = StickerRenderer(options: RenderOptions(scales: [.x3, .x2, .x1]))
        for name in try FileManager.default.contentsOfDirectory(atPath: input).sorted() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(input)/\(name)")))
            let reference = try renderer.withFrameThreads(1).render(bytes).map(\.bytes)
            #expect(reference.count == 3 && reference.allSatisfy { !$0.isEmpty })
            for threads in [2, 8, 8] {
                #expect(try renderer.withFrameThreads(threads).render(bytes).map(\.bytes) == reference, "\(name), \(threads) threads")
            }
        }
    }
}
