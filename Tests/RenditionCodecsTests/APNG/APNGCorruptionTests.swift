import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("APNG: truncated, corrupt and over-limit files")
struct APNGCorruptionTests {
    /// Runs the decoder and returns the `CodecError` it threw (nil when it succeeded).
    static func error(_ bytes: [UInt8], limits: DecodeLimits = .default) -> CodecError? {
        do {
            _ = try APNGDecoder.decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func corruptReason(_ bytes: [UInt8]) -> String? {
        if case .corrupt(.png, let reason)? = error(bytes) { return reason }
        return nil
    }

    @Test("a file cut anywhere gives CodecError.corrupt", arguments: ["wuffs/muybridge.apng", "philip-taylor/016.png"])
    func truncated(file: String) throws {
        let bytes = try Fixtures.bytes("apng/" + file)
        #expect(Self.error(bytes) == nil)
        var cuts = Array(0..<80)
        cuts += Array(stride(from: 80, to: bytes.count, by: 3))
        for cut in cuts {
            let reason = Self.corruptReason(Array(bytes[0..<cut]))
            #expect(
                reason != nil, "\(file) cut at \(cut) bytes: \(String(describing: Self.error(Array(bytes[0..<cut]))))")
        }
        // The message says why for cuts past the signature.
        #expect(Self.corruptReason(Array(bytes[0..<(bytes.count - 5)]))?.contains("truncated") == true)
    }

    @Test("a flipped bit in any chunk's CRC or data is caught by the CRC check")
    func flippedCRC() throws {
        let bytes = try Fixtures.bytes("apng/wuffs/animated-red-blue.apng")
        let chunks = PNGChunkList(bytes).chunks
        #expect(chunks.map(\.type).contains("fdAT"))
        for chunk in chunks {
            var crcFlipped = bytes
            crcFlipped[chunk.offset + 8 + chunk.data.count + 3] ^= 0x10
            #expect(
                Self.corruptReason(crcFlipped)?.contains("bad CRC in the \(chunk.type) chunk") == true, "\(chunk.type)")
            if !chunk.data.isEmpty {
                var dataFlipped = bytes
                dataFlipped[chunk.offset + 8 + chunk.data.count / 2] ^= 0x01
                #expect(Self.corruptReason(dataFlipped)?.contains("bad CRC") == true, "\(chunk.type) data")
            }
        }
    }

    @Test("damaged frame data with a valid CRC names the frame")
    func damagedFrameData() throws {
        var list = PNGChunkList(try Fixtures.bytes("apng/wuffs/muybridge.apng"))
        let fdat = list.indices(of: "fdAT")[3]
        for i in 20..<40 { list.chunks[fdat].data[i] ^= 0x5A }
        let reason = try #require(Self.corruptReason(list.bytes))
        #expect(reason.hasPrefix("frame 4:"))
    }

    @Test("reordered, repeated or renumbered sequence numbers are rejected")
    func sequenceNumbers() throws {
        let original = PNGChunkList(try Fixtures.bytes("apng/wuffs/muybridge.apng"))
        let fdats = original.indices(of: "fdAT"), fctls = original.indices(of: "fcTL")

        var swapped = original  // two frames' data chunks exchanged
        swapped.chunks.swapAt(fdats[2], fdats[5])
        #expect(Self.corruptReason(swapped.bytes)?.contains("sequence number") == true)

        var frameSwap = original  // two whole frames (fcTL + fdAT) exchanged
        frameSwap.chunks.swapAt(fctls[3], fctls[6])
        frameSwap.chunks.swapAt(fdats[2], fdats[5])
        #expect(Self.corruptReason(frameSwap.bytes)?.contains("sequence number") == true)

        var shifted = original  // every fdAT renumbered one too high: a gap
        for i in fdats { shifted.chunks[i].data[3] &+= 1 }
        #expect(Self.corruptReason(shifted.bytes)?.contains("skips") == true)

        var repeated = original  // an fcTL reusing the previous number
        repeated.chunks[fctls[4]].data[3] &-= 1
        #expect(Self.corruptReason(repeated.bytes)?.contains("repeats") == true)
    }

    @Test("invalid fcTL fields are rejected with the reason")
    func invalidFrameControl() throws {
        let original = PNGChunkList(try Fixtures.bytes("apng/wuffs/animated-red-blue.apng"))
        let fctl = original.indices(of: "fcTL")[2]  // 49x40 at (15, 0) on a 64x48 canvas
        func edited(_ change: (inout [UInt8]) -> Void) -> String? {
            var list = original
            change(&list.chunks[fctl].data)
            return Self.corruptReason(list.bytes)
        }
        #expect(edited { $0[24] = 3 }?.contains("invalid dispose_op 3") == true)
        #expect(edited { $0[25] = 2 }?.contains("invalid blend_op 2") == true)
        #expect(edited { $0[7] = 0 }?.contains("is empty") == true)  // width 0
        #expect(edited { $0[15] = 16 }?.contains("outside the 64x48 canvas") == true)  // x 16 + 49 > 64
        #expect(edited { $0[16] = 0xFF }?.contains("outside") == true)  // y far beyond
        #expect(edited { $0.removeLast() }?.contains("has 25 bytes instead of 26") == true)
    }

    @Test("an unknown critical chunk is unsupported; unknown ancillary chunks are skipped")
    func unknownChunks() throws {
        var list = PNGChunkList(try Fixtures.bytes("apng/wuffs/muybridge.apng"))
        list.chunks.insert(.init(type: "ruSt", data: [1, 2, 3], offset: 0), at: 3)
        #expect(Self.error(list.bytes) == nil)
        list.chunks.insert(.init(type: "RUST", data: [1, 2, 3], offset: 0), at: 3)
        guard case .unsupported(.png, let reason)? = Self.error(list.bytes) else {
            Issue.record("expected .unsupported")
            return
        }
        #expect(reason.contains("RUST"))
    }

    @Test("limits on frames, canvas and decoded bytes apply before any frame is decompressed")
    func limits() throws {
        let bytes = try Fixtures.bytes("apng/philip-taylor/021.png")  // 128 frames of 128x64
        #expect(Self.error(bytes) == nil)
        // Damage the last frame's data (with a valid CRC): a limit error proves nothing was decoded.
        var list = PNGChunkList(bytes)
        let last = list.indices(of: "fdAT").last!
        for i in 4..<list.chunks[last].data.count { list.chunks[last].data[i] = 0xFF }
        let damaged = list.bytes
        guard case .corrupt(.png, let reason)? = Self.error(damaged) else {
            Issue.record("the damaged file should be corrupt")
            return
        }
        #expect(reason.hasPrefix("frame 127:"))

        func limitReason(_ limits: DecodeLimits) -> String? {
            if case .limitExceeded(.png, let limit)? = Self.error(damaged, limits: limits) { return limit.description }
            return nil
        }
        #expect(limitReason(DecodeLimits(maxFrames: 127))?.contains("128 frames") == true)
        #expect(limitReason(DecodeLimits(maxWidth: 100))?.contains("width 128") == true)
        #expect(limitReason(DecodeLimits(maxPixels: 8191))?.contains("128x64") == true)
        // 128 x 64 x 4 bytes x 128 frames = 4,194,304.
        #expect(limitReason(DecodeLimits(maxDecodedBytes: 4_194_303))?.contains("4194304 bytes") == true)
        #expect(limitReason(DecodeLimits(maxInputBytes: 1000)) != nil)
        // Exactly at the limits the (undamaged) file decodes.
        let exact = DecodeLimits(
            maxWidth: 128, maxHeight: 64, maxPixels: 8192, maxFrames: 128, maxDecodedBytes: 4_194_304)
        #expect(try APNGDecoder.decode(bytes, limits: exact).frames.count == 128)
    }

    @Test("a plain PNG is a one-frame animation with the PNG decoder's pixels")
    func plainPNG() throws {
        for file in ["stickers/openmoji-618/1F195.png", "pngsuite/basi3p02.png", "apng/philip-taylor/000.png"] {
            let bytes = try Fixtures.bytes(file)
            let animation = try APNGDecoder.decode(bytes)
            #expect(animation.frames.count == 1 && animation.loopCount == 0 && animation.frames[0].delay == .zero)
            let same = animation.firstFrame == (try PNGDecoder.decode(bytes))
            #expect(same, "\(file): pixels differ from PNGDecoder's")
        }
    }

    @Test("the default image outside the animation is not a frame and is not decoded")
    func defaultImageSkipped() throws {
        // 002: a red IDAT outside the animation, one green frame in fdAT. Break the IDAT's
        // zlib data (valid CRC): the animation still decodes, to the green frame only.
        var list = PNGChunkList(try Fixtures.bytes("apng/philip-taylor/002.png"))
        let idat = list.indices(of: "IDAT")[0]
        for i in 0..<list.chunks[idat].data.count { list.chunks[idat].data[i] = 0 }
        let animation = try APNGDecoder.decode(list.bytes)
        #expect(animation.frames.count == 1)
        #expect(animation.firstFrame[5, 5] == RGBA(0, 255, 0, 255))
    }

    @Test("scanline data: invalid filter types and palettes are errors; out-of-range indices read as libpng reads them")
    func scanlineData() throws {
        // 2x2 RGBA, second row with filter type 5.
        let rgba = PNGChunkList.png(
            width: 2, height: 2, bitDepth: 8, colorType: 6,
            scanlines: [0] + Array(repeating: 200, count: 8) + [5] + Array(repeating: 1, count: 8))
        #expect(Self.corruptReason(rgba)?.contains("image: invalid filter type 5 in row 1") == true)
        #expect(throws: CodecError.self) { _ = try PNGDecoder.decode(rgba) }  // libpng agrees

        // A palette image without PLTE, and with a PLTE of a length that is not 3n.
        let indices: [UInt8] = [0, 0, 1, 0, 2, 3]
        #expect(
            Self.corruptReason(PNGChunkList.png(width: 2, height: 2, bitDepth: 8, colorType: 3, scanlines: indices))?
                .contains("without a PLTE") == true)
        #expect(
            Self.corruptReason(
                PNGChunkList.png(
                    width: 2, height: 2, bitDepth: 8, colorType: 3, palette: [1, 2, 3, 4],
                    scanlines: indices)) != nil)

        // Indices 2 and 3 past a 2-entry palette (with a 1-entry tRNS): as libpng, opaque black.
        let outOfRange = PNGChunkList.png(
            width: 2, height: 2, bitDepth: 8, colorType: 3,
            palette: [255, 0, 0, 0, 255, 0], transparency: [128], scanlines: indices)
        let ours = try APNGDecoder.decode(outOfRange).firstFrame
        let sameAsLibPNG = ours == (try PNGDecoder.decode(outOfRange))
        #expect(sameAsLibPNG)
        #expect(
            ours[0, 0] == RGBA(128, 0, 0, 128) && ours[1, 0] == RGBA(0, 255, 0, 255) && ours[0, 1] == RGBA(0, 0, 0, 255)
                && ours[1, 1] == RGBA(0, 0, 0, 255))

        // An invalid colour type / bit depth combination.
        #expect(
            Self.corruptReason(PNGChunkList.png(width: 1, height: 1, bitDepth: 4, colorType: 6, scanlines: [0, 0, 0]))?
                .contains("bit depth 4 is not allowed with colour type 6") == true)
    }
}
