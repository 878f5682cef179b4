// docs/ARCHITECTURE.md's streaming example as a program: an animation decoded frame by frame,
// each frame resampled as it is drawn and added to a GIF session, so only one frame is held.
// Run: animation [IN] [OUT] (default: Fixtures/animated/moving-square-300f-618.png, a 300-frame
// 618 px APNG, to animation@2x.gif). The lines from `var gif` to `let file` are the page's, word for word
// (Scripts/check-docs checks them).
import Foundation
import RenditionCodecs
import RenditionCore

let arguments = CommandLine.arguments
let input = arguments.count > 1 ? arguments[1] : "Fixtures/animated/moving-square-300f-618.png"
let output = arguments.count > 2 ? arguments[2] : "animation@2x.gif"
let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))

var gif = try GIFEncoder().makeSession(width: 412, height: 412)    // @2x of a 618 px master
var failure: CodecError?
let outline = try ImageDecoder.decodeFrames(bytes) { frame in       // each frame as it is drawn
    let twoX = LanczosResampler().resample(frame.raster, width: 412, height: 412)
    do throws(CodecError) { try gif.add(twoX, delay: frame.delay) } catch { failure = failure ?? error }
}
if let failure { throw failure }
let file = try gif.finish(loopCount: outline.loopCount)            // GIF bytes

try Data(file).write(to: URL(fileURLWithPath: output))
print("\(output): \(file.count) bytes")
