// The README's "each step is a call of its own" example as a program: decode, resample, encode.
// Run in a folder holding cat@3x.png (Examples/cat@3x.png, 618 px); writes cat@2x.png.
// The lines from `import RenditionCodecs` to `let png` are the README's, word for word
// (Scripts/check-docs checks them).
import Foundation

let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "cat@3x.png")))

import RenditionCodecs
import RenditionCore

let master = try ImageDecoder.decode(bytes)                // premultiplied RGBA8 Raster
let twoX = LanczosResampler().resample(master, width: 412, height: 412)
let png = try PNGEncoder().encode(twoX)                    // [UInt8]

try Data(png).write(to: URL(fileURLWithPath: "cat@2x.png"))
print("cat@2x.png: \(twoX.width)x\(twoX.height), \(png.count) bytes")
