import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// Lottie and TGS inputs built in tests.
enum LottieTestFiles {
    /// `bytes` as a gzip file (one member, stored deflate blocks), as `.tgs` files are.
    static func gzip(_ bytes: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
        HostileInputs.gzip(bytes, declaredSize: declaredSize)
    }

    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// A small valid animation: a `side` px canvas, `frames` frames at `rate` fps, one shape
    /// layer with a red rectangle moving right; `extra` is spliced in as more root members,
    /// and `layers` replaces the layer list.
    static func document(
        side: Int = 100, frames: Int = 10, rate: String = "30", extra: String = "", layers: String? = nil
    ) -> [UInt8] {
        let rectangle = """
            {"ty":4,"ind":1,"ip":0,"op":\(frames),"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},\
            "p":{"a":1,"k":[{"t":0,"s":[30,50,0],"e":[70,50,0],"i":{"x":[0.5],"y":[0.5]},"o":{"x":[0.5],"y":[0.5]}},{"t":\(frames)}]},\
            "a":{"a":0,"k":[0,0,0]},"s":{"a":0,"k":[100,100,100]}},\
            "shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},\
            {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},\
            {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
            """
        let text = """
            {"v":"5.5.2","fr":\(rate),"ip":0,"op":\(frames),"w":\(side),"h":\(side),"ddd":0,\
            "assets":[],"layers":[\(layers ?? rectangle)]\(extra.isEmpty ? "" : "," + extra)}
            """
        return Array(text.utf8)
    }

    /// The error `LottieComposition` gives for `bytes`, or nil when it loads.
    static func error(_ bytes: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do {
            _ = try LottieComposition(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// A reference frame from `Fixtures/lottie/expected` (rlottie-python's drawing, stored
    /// premultiplied values).
    static func reference(_ name: String) throws -> Raster {
        let source = try ImageDecoder.decodeSource(try Fixtures.bytes("lottie/expected/\(name).png"))
        let stored = try #require(source.straightValues)
        return Raster(width: stored.width, height: stored.height, premultipliedBytes: stored.bytes)
    }
}
