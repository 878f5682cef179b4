import Foundation
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

@Suite("Format registry: one list of formats, everything else derived")
struct FormatRegistryTests {
    @Test("identifiers, extensions and C values are unique; ImageFormat round-trips through them")
    func unique() throws {
        let decoders = FormatRegistry.decoders
        #expect(Set(decoders.map(\.format)).count == decoders.count)
        #expect(Set(decoders.flatMap(\.fileExtensions)).count == decoders.flatMap(\.fileExtensions).count)
        #expect(Set(decoders.map(\.cValue)).count == decoders.count)
        for decoder in decoders {
            #expect(ImageFormat(rawValue: decoder.format.rawValue) == decoder.format)
            #expect(decoder.format.decoder.name == decoder.name && !decoder.fileExtensions.isEmpty)
            let json = try JSONEncoder().encode([decoder.format])
            #expect(try JSONDecoder().decode([ImageFormat].self, from: json) == [decoder.format])
        }
        #expect(ImageFormat(rawValue: "bmp") == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ImageFormat].self, from: Data("[\"bmp\"]".utf8))
        }
        #expect(
            ImageFormat.allCases.map(\.rawValue) == [
                "png", "jpeg", "gif", "webp", "tgs", "lottie", "webm", "dotlottie",
            ])
    }

    @Test("every format's C value is its RDN_FORMAT_ member in rendition.h")
    func cHeader() throws {
        let members = try CHeader.formatMembers()
        for decoder in FormatRegistry.decoders {
            #expect(members[decoder.cName] == decoder.cValue, "\(decoder.name)")
        }
    }

    @Test("every format names the limits its decoder enforces, the input size and the canvas among them")
    func limitKeys() {
        for decoder in FormatRegistry.decoders {
            #expect(
                Set([.inputBytes, .width, .height, .pixels]).isSubset(of: decoder.limitKeys), "\(decoder.name)")
        }
        #expect(Set(FormatRegistry.decoders.flatMap(\.limitKeys)) == Set(DecodeLimitKey.allCases))
    }

    @Test(
        "a fixture of each format sniffs as it, and its extension names it",
        arguments: [
            ("stickers/noto-512/emoji_u1f236.png", "png"), ("jpeg/emoji_u1f236-on-white.jpg", "jpeg"),
            ("lottie/lottie-android/Masks.tgs", "tgs"),
            ("lottie/lottie-android/Masks.json", "lottie"), ("lottie/dotlottie/Masks.lottie", "dotlottie"),
        ])
    func sniffing(path: String, identifier: String) throws {
        let format = try #require(ImageFormat(rawValue: identifier))
        #expect(ImageFormat.sniff(try Fixtures.bytes(path)) == format)
        let ext = String(path.split(separator: ".").last!)
        #expect(FormatRegistry.decoder(fileExtension: ext)?.format == format)
    }

    @Test("folder extensions: every format's, .json only after sniffing; the unknown-signature message lists all")
    func derivedLists() {
        #expect(
            FormatRegistry.imageExtensions == ["png", "apng", "jpg", "jpeg", "gif", "webp", "tgs", "webm", "lottie"])
        #expect(FormatRegistry.sniffedExtensions == ["json"])
        #expect(
            CodecError.unrecognizedFormat.description
                == "not a PNG, JPEG, GIF, WebP, TGS, Lottie, WebM or dotLottie file (unknown signature)")
    }
}
