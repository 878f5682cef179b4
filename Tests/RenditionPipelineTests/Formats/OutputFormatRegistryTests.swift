import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionPipeline

@Suite("Output format registry: one list of output formats, everything else derived")
struct OutputFormatRegistryTests {
    @Test("OutputFormat's cases are auto and the registered encoders, in registry order, each registered once")
    func list() throws {
        let encoders = OutputFormatRegistry.encoders
        #expect(OutputFormat.allCases.map(\.rawValue) == ["auto", "png", "apng", "gif", "webp", "webm"])
        #expect(Set(encoders.map(\.format)).count == encoders.count)
        #expect(Set(encoders.map(\.cValue)).count == encoders.count)
        for encoder in encoders {
            #expect(encoder.format.encoder.format == encoder.format)
            #expect(OutputFormat(rawValue: encoder.format.rawValue) == encoder.format)
            #expect(encoder.format.fileExtension == encoder.fileExtension)
        }
        #expect(OutputFormat.auto.encoder.format == .apng)
        #expect(OutputFormatRegistry.fileExtensions == ["png", "gif", "webp", "webm"])
    }

    @Test("every output format's C value is its RDN_FORMAT_ member in rendition.h")
    func cHeader() throws {
        let members = try CHeader.formatMembers()
        for encoder in OutputFormatRegistry.encoders {
            #expect(members[encoder.cName] == encoder.cValue, "\(encoder.format)")
            #expect(OutputFormatRegistry.encoder(cValue: encoder.cValue)?.format == encoder.format)
        }
        // Every member is a registered input or output format, or AUTO.
        let registered = Set(OutputFormatRegistry.encoders.map(\.cName) + FormatRegistry.decoders.map(\.cName))
        #expect(Set(members.keys) == registered.union(["AUTO"]))
    }

    @Test("extensions, media types and containers: each format's file is read back as its container")
    func extensionsAndContainers() throws {
        let expected: [(OutputFormat, String, String, ImageFormat)] = [
            (.png, "png", "image/png", .png), (.apng, "png", "image/apng", .png), (.gif, "gif", "image/gif", .gif),
            (.webp, "webp", "image/webp", .webp), (.webm, "webm", "video/webm", .webm),
        ]
        for (format, fileExtension, mediaType, container) in expected {
            #expect(format.encoder.fileExtension == fileExtension)
            #expect(format.encoder.mediaType == mediaType)
            #expect(format.encoder.container == container)
            // A registered decoder reads the container under the same extension.
            #expect(FormatRegistry.decoder(fileExtension: fileExtension)?.format == container)
        }
        #expect(OutputFormatRegistry.encoder(fileExtension: "png")?.format == .apng)
        #expect(OutputFormatRegistry.encoder(fileExtension: "gif")?.format == .gif)
        #expect(OutputFormatRegistry.encoder(fileExtension: "jpg") == nil)
    }

    @Test("each format's encoder writes a file its container's decoder reads, with the frames it keeps")
    func encodesItsContainer() throws {
        var first = Raster(width: 16, height: 16)
        var second = Raster(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                first[x, y] = RGBA(200, 40, 40, 255)
                second[x, y] = RGBA(40, 40, 200, 255)
            }
        }
        let animation = Animation(
            width: 16, height: 16,
            frames: [
                AnimationFrame(raster: first, delay: .milliseconds(100)),
                AnimationFrame(raster: second, delay: .milliseconds(100)),
            ], loopCount: 0)
        for encoder in OutputFormatRegistry.encoders {
            let bytes = try encoder.format.encode(animation, options: RenderOptions())
            #expect(ImageFormat.sniff(bytes) == encoder.container, "\(encoder.format)")
            let decoded = try ImageDecoder.decodeAnimation(bytes)
            #expect(decoded.frames.count == (encoder.keepsFrames ? 2 : 1), "\(encoder.format)")
        }
    }

    @Test("frame clocks and lossless first steps come from the registry")
    func clocksAndLossless() {
        #expect(FrameClock(.gif) == .centiseconds)
        #expect(OutputFormat.allCases.filter { FrameClock($0) == .centiseconds } == [.gif])
        #expect(OutputFormatRegistry.encoders.filter { !$0.isLossless }.map(\.format) == [.gif, .webm])
    }
}
