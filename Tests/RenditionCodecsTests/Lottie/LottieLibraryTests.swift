import CRLottie
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Rendition's frames against rlottie's own C API (`lottie_animation_render`, ARGB32
/// premultiplied) on the same library: the shim, the frame numbering and the BGRA → RGBA
/// conversion must give exactly the library's pixels.
@Suite("Lottie: frames equal rlottie's own C API output")
struct LottieLibraryTests {
    static let files = [
        "lottie-android/OpacityStops.json", "lottie-android/LayerBlend_0.json", "lottie-android/ShapeTypes.json",
        "lottie-android/Masks.json", "lottie-android/TrackMattes.json", "lottie-android/MattWithParentAlpha.json",
        "lottie-android/GradientFill.json", "lottie-android/TrimPaths.json",
        "rlottie/polystar_line_clockwise_trim.json",
        "lottie-android/Framerate.json",
    ]

    /// rlottie's drawing of `frame` at `width` x `height`, as R, G, B, A bytes.
    static func libraryFrame(_ json: [UInt8], key: String, frame: Int, width: Int, height: Int) throws -> [UInt8] {
        let text = String(decoding: json, as: UTF8.self)
        let animation = try #require(lottie_animation_from_data(text, key, ""))
        defer { lottie_animation_destroy(animation) }
        var argb = [UInt32](repeating: 0, count: width * height)
        lottie_animation_render(animation, frame, &argb, width, height, width * 4)
        return argb.flatMap { [UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF), UInt8($0 >> 24)] }
    }

    @Test("every frame asked for, at the canvas size and at a third of it, equals the library's", arguments: files)
    func equalsLibrary(file: String) throws {
        let json = try Fixtures.bytes("lottie/" + file)
        let composition = try LottieComposition(json)
        // The C API keeps the aspect ratio and the shim stretches: they take the same path at
        // the canvas size, and for square canvases at any square size.
        var sizes = [(composition.width, composition.height)]
        if composition.width == composition.height { sizes.append((composition.width / 3, composition.width / 3)) }
        #expect(!sizes.isEmpty)
        for (width, height) in sizes {
            for frame in Set([0, composition.frameCount / 2, composition.frameCount - 1]).sorted() {
                let expected = try Self.libraryFrame(
                    json, key: "\(file)#\(frame)@\(width)", frame: frame, width: width, height: height)
                let drawn = try composition.frame(frame, width: width, height: height)
                let same = drawn.bytes == expected
                #expect(same, "\(file) frame \(frame) at \(width)x\(height)")
            }
        }
    }
}
