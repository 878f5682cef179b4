import Glibc
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

/// Rendition's frames against rlottie's own C API (`lottie_animation_render`, ARGB32
/// premultiplied) called here directly on the same library file: the shim, the frame numbering
/// and the BGRA → RGBA conversion must give exactly the library's pixels.
@Suite("Lottie: frames equal rlottie's own C API output")
struct LottieLibraryTests {
    static let files = [
        "lottie-android/OpacityStops.json", "lottie-android/LayerBlend_0.json", "lottie-android/ShapeTypes.json",
        "lottie-android/Masks.json", "lottie-android/TrackMattes.json", "lottie-android/MattWithParentAlpha.json",
        "lottie-android/GradientFill.json", "lottie-android/TrimPaths.json",
        "rlottie/polystar_line_clockwise_trim.json", "made/precomp-matte.json",
        "lottie-android/Framerate.json",
    ]

    /// rlottie's C API, looked up in the library file Rendition opened (dlopen hands back the
    /// same loaded copy).
    struct CAPI {
        typealias FromData =
            @convention(c) (
                UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>
            ) -> OpaquePointer?
        typealias Destroy = @convention(c) (OpaquePointer) -> Void
        typealias Render = @convention(c) (OpaquePointer, Int, UnsafeMutablePointer<UInt32>, Int, Int, Int) -> Void
        let fromData: FromData
        let destroy: Destroy
        let render: Render

        init(path: String) throws {
            let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
            fromData = unsafeBitCast(try #require(dlsym(handle, "lottie_animation_from_data")), to: FromData.self)
            destroy = unsafeBitCast(try #require(dlsym(handle, "lottie_animation_destroy")), to: Destroy.self)
            render = unsafeBitCast(try #require(dlsym(handle, "lottie_animation_render")), to: Render.self)
        }

        /// rlottie's drawing of `frame` at `width` x `height`, as R, G, B, A bytes.
        func frame(_ json: [UInt8], frame: Int, width: Int, height: Int) throws -> [UInt8] {
            let text = String(decoding: json, as: UTF8.self)
            let animation = try #require(fromData(text, "", ""))
            defer { destroy(animation) }
            var argb = [UInt32](repeating: 0, count: width * height)
            render(animation, frame, &argb, width, height, width * 4)
            return argb.flatMap {
                [UInt8(($0 >> 16) & 0xFF), UInt8(($0 >> 8) & 0xFF), UInt8($0 & 0xFF), UInt8($0 >> 24)]
            }
        }
    }

    @Test("every frame asked for, at the canvas size and at a third of it, equals the library's", arguments: files)
    func equalsLibrary(file: String) throws {
        let json = try Fixtures.bytes("lottie/" + file)
        let composition = try LottieComposition(json)
        let api = try CAPI(path: composition.renderer.path)
        let sizes = [
            (composition.width, composition.height), (max(1, composition.width / 3), max(1, composition.height / 3)),
        ]
        for (width, height) in sizes {
            for frame in Set([0, composition.frameCount / 2, composition.frameCount - 1]).sorted() {
                let expected = try api.frame(json, frame: frame, width: width, height: height)
                let drawn = try composition.frame(frame, width: width, height: height)
                let same = drawn.bytes == expected
                #expect(same, "\(file) frame \(frame) at \(width)x\(height)")
            }
        }
    }
}
