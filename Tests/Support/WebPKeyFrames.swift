import RenditionCodecs
import RenditionCore

/// Which frames of an animated WebP are key frames, found from the pixels: a frame is one when
/// its `ANMF` payload, decoded on its own as a still WebP and placed at its offset on a
/// transparent canvas, gives exactly the frame a player shows. Such a frame needs nothing of
/// the frames before it (the property WhatsApp's apps have been seen to need).
public enum WebPKeyFrames {
    /// One `ANMF` chunk: its rectangle and its image chunks (`ALPH`, `VP8 ` or `VP8L`).
    public struct Fragment {
        public let x: Int
        public let y: Int
        public let width: Int
        public let height: Int
        public let payload: ArraySlice<UInt8>
    }

    /// The `ANMF` chunks of `file`, in order.
    public static func fragments(_ file: [UInt8]) -> [Fragment] {
        func le24(_ at: Int) -> Int { Int(file[at]) | Int(file[at + 1]) << 8 | Int(file[at + 2]) << 16 }
        var fragments: [Fragment] = []
        var offset = 12
        while offset + 8 <= file.count {
            let type = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
            let size = le24(offset + 4) | Int(file[offset + 7]) << 24
            let body = offset + 8
            if type == "ANMF", body + 16 <= file.count {
                fragments.append(
                    Fragment(
                        x: le24(body) * 2, y: le24(body + 3) * 2, width: le24(body + 6) + 1,
                        height: le24(body + 9) + 1, payload: file[(body + 16)..<min(file.count, body + size)]))
            }
            offset = body + size + (size & 1)
        }
        return fragments
    }

    /// How each `ANMF` is drawn: its blending and disposal bits.
    public struct FrameFlags: Sendable, CustomStringConvertible {
        /// Drawn over the canvas as it is, not alpha-blended onto the frame before.
        public let noBlend: Bool
        /// Its rectangle is cleared to transparent once it has been shown.
        public let disposeToBackground: Bool
        public var description: String { "(\(noBlend ? "no-blend" : "blend"), \(disposeToBackground ? "dispose" : "keep"))" }
    }

    /// The blending and disposal of every `ANMF` chunk of `file`, in order.
    public static func frameFlags(_ file: [UInt8]) -> [FrameFlags] {
        var flags: [FrameFlags] = []
        var offset = 12
        while offset + 8 <= file.count {
            let type = String(decoding: file[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(file[offset + 4]) | Int(file[offset + 5]) << 8 | Int(file[offset + 6]) << 16 | Int(file[offset + 7]) << 24
            if type == "ANMF", offset + 8 + 16 <= file.count {
                let bits = file[offset + 8 + 15]
                flags.append(FrameFlags(noBlend: bits & 2 != 0, disposeToBackground: bits & 1 != 0))
            }
            offset += 8 + size + (size & 1)
        }
        return flags
    }

    /// `fragment` as a still WebP file of its own (an extended header saying whether it has
    /// alpha, then its image chunks).
    public static func standalone(_ fragment: Fragment) -> [UInt8] {
        func le24(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }
        func le32(_ value: Int) -> [UInt8] { le24(value) + [UInt8(value >> 24 & 0xFF)] }
        let hasAlpha = fragment.payload.starts(with: Array("ALPH".utf8))
        var body = Array("WEBP".utf8)
        body += Array("VP8X".utf8) + le32(10) + [hasAlpha ? 0x10 : 0, 0, 0, 0]
        body += le24(fragment.width - 1) + le24(fragment.height - 1)
        body += fragment.payload
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// The file's `ANMF` chunks and decoded frames differ in number.
    public struct FrameCountMismatch: Error {
        public let fragments: Int
        public let frames: Int
    }

    /// For each frame of `file`: whether it is a key frame (see the type's description).
    public static func keyFrames(_ file: [UInt8]) throws -> [Bool] {
        let shown = try WebPDecoder.decode(file)
        let fragments = fragments(file)
        guard fragments.count == shown.frames.count else {
            throw FrameCountMismatch(fragments: fragments.count, frames: shown.frames.count)
        }
        return try zip(fragments, shown.frames).map { fragment, frame in
            let alone = try WebPDecoder.decode(standalone(fragment)).firstFrame
            var canvas = Raster(width: shown.width, height: shown.height)
            for row in 0..<alone.height {
                for column in 0..<alone.width {
                    canvas[fragment.x + column, fragment.y + row] = alone[column, row]
                }
            }
            return canvas == frame.raster
        }
    }
}
