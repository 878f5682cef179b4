import Foundation
import RenditionCodecs
import RenditionCore
import RenditionTestSupport
import Testing

@Suite("Lottie and TGS: refused, damaged and over-limit files")
struct LottieRefusalTests {
    typealias Files = LottieTestFiles

    static func reason(_ error: CodecError?) -> String {
        switch error {
        case .corrupt(_, let reason)?, .unsupported(_, let reason)?, .encodingFailed(_, let reason)?:
            reason
        case .limitExceeded(_, let limit)?: limit.description
        default: "\(String(describing: error))"
        }
    }

    @Test("the test document itself loads, as JSON and as TGS")
    func baseline() throws {
        #expect(Files.error(Files.document()) == nil)
        let tgs = Files.gzip(Files.document())
        #expect(ImageFormat.sniff(tgs) == .tgs)
        let composition = try LottieComposition(tgs)
        #expect(composition.frameCount == 10 && composition.width == 100)
        let frame = try composition.frame(0, width: 100, height: 100)
        // The red square is at x 10...50 on the first frame.
        #expect(frame[30, 50] == RGBA(255, 0, 0, 255) && frame[90, 50] == RGBA(0, 0, 0, 0))
    }

    @Test("an image asset with a file path is refused, naming the file")
    func externalImage() throws {
        let error = Files.error(try Fixtures.bytes("lottie/lottie-android/WeAccept.tgs"))
        guard case .unsupported(.tgs, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("images/img_0.png") && reason.contains("external"))
    }

    @Test("an embedded PNG is accepted; over the frame limit, Heart (32,400 frames) is refused")
    func embeddedImage() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/Heart.json")
        let error = Files.error(bytes)
        guard case .limitExceeded(.lottie, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("32400 frames"))
        let composition = try LottieComposition(
            bytes, limits: DecodeLimits(maxFrames: 40_000, maxDecodedBytes: Int.max))
        // The embedded 400 px image and the solid are drawn.
        #expect(try composition.frame(0, width: 40, height: 40).bytes.contains { $0 != 0 })
    }

    @Test("an embedded image that is not PNG or JPEG, or too large, is refused")
    func badEmbeddedImage() throws {
        let gif = "R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw=="
        let asset = #""assets":[{"id":"i","w":1,"h":1,"e":1,"u":"","p":"data:image/gif;base64,\#(gif)"}]"#
        var text = String(decoding: Files.document(), as: UTF8.self).replacingOccurrences(
            of: #""assets":[]"#, with: asset)
        #expect(Self.reason(Files.error(Array(text.utf8))).contains("not PNG or JPEG"))
        // A 1x1 PNG, with the limits set below its size.
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
        text = String(decoding: Files.document(), as: UTF8.self)
            .replacingOccurrences(
                of: #""assets":[]"#,
                with: #""assets":[{"id":"i","w":1,"h":1,"e":1,"p":"data:image/png;base64,\#(png)"}]"#)
        #expect(Files.error(Array(text.utf8)) == nil)
        text = text.replacingOccurrences(of: "base64,iVBOR", with: "base64,!!!!")
        #expect(Self.reason(Files.error(Array(text.utf8))).contains("base64"))
    }

    @Test(
        "text layers, fonts and glyphs are refused",
        arguments: [
            (#"{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[]}}}"#, ""),
            (nil, #""fonts":{"list":[{"fName":"Roboto","fFamily":"Roboto"}]}"#),
            (nil, #""chars":[{"ch":"A","size":10,"data":{}}]"#),
        ] as [(String?, String)])
    func text(layers: String?, extra: String) {
        let error = Files.error(Files.document(extra: extra, layers: layers))
        guard case .unsupported(.lottie, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("font"))
    }

    @Test("a text layer inside a precomposition is refused too")
    func textInPrecomposition() {
        let asset = #""assets":[{"id":"comp","layers":[{"ty":5,"ind":1,"ip":0,"op":10,"st":0,"ks":{}}]}]"#
        let text = String(decoding: Files.document(), as: UTF8.self).replacingOccurrences(
            of: #""assets":[]"#, with: asset)
        #expect(Self.reason(Files.error(Array(text.utf8))).contains("text layer"))
    }

    @Test("precompositions that contain themselves are refused before rlottie recurses")
    func precompositionCycle() {
        let assets =
            #""assets":[{"id":"a","layers":[{"ty":0,"refId":"b","ind":1,"ip":0,"op":10,"st":0,"ks":{}}]},"#
            + #"{"id":"b","layers":[{"ty":0,"refId":"a","ind":1,"ip":0,"op":10,"st":0,"ks":{}}]}]"#
        let text = String(
            decoding: Files.document(layers: #"{"ty":0,"refId":"a","ind":1,"ip":0,"op":10,"st":0,"ks":{}}"#),
            as: UTF8.self
        )
        .replacingOccurrences(of: #""assets":[]"#, with: assets)
        let error = Files.error(Array(text.utf8))
        guard case .corrupt(.lottie, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("contains itself"))
    }

    @Test("precompositions used many times inside each other are a layer bomb")
    func precompositionFanOut() {
        // Each level uses the next 30 times: 30^4 = 810,000 layers from a few kilobytes.
        let uses = { (id: String) in
            Array(repeating: #"{"ty":0,"refId":"\#(id)","ind":1,"ip":0,"op":10,"st":0,"ks":{}}"#, count: 30).joined(
                separator: ",")
        }
        let assets =
            #""assets":["#
            + (1...3).map { #"{"id":"l\#($0)","layers":[\#(uses("l\($0 + 1)"))]}"# }.joined(separator: ",")
            + #",{"id":"l4","layers":[\#(uses("none"))]}]"#
        let text = String(decoding: Files.document(layers: uses("l1")), as: UTF8.self)
            .replacingOccurrences(of: #""assets":[]"#, with: assets)
        let error = Files.error(Array(text.utf8))
        guard case .limitExceeded(.lottie, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("layers"))
    }

    @Test("repeaters with a huge copy count are refused")
    func repeaterBomb() {
        let layer =
            #"{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":[{"ty":"gr","it":["#
            + #"{"ty":"rc","s":{"a":0,"k":[4,4]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"rp","c":{"a":1,"k":[{"t":0,"s":[2]},{"t":5,"s":[1000000]}]},"o":{"a":0,"k":0},"tr":{}}]}]}"#
        let error = Files.error(Files.document(layers: layer))
        guard case .limitExceeded(.lottie, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("repeaters"))
    }

    @Test(
        "missing or invalid canvas, frame rate and points are corrupt",
        arguments: [
            ("\"w\":100", "\"w\":0"), ("\"w\":100", "\"w\":10.5"), ("\"fr\":30", "\"fr\":0"),
            ("\"fr\":30", "\"fr\":-30"),
            ("\"op\":10", "\"op\":0"), ("\"ip\":0", "\"ip\":\"x\""), ("\"layers\":[", "\"layers\":7,\"x\":["),
            ("\"h\":100,", ""),
        ])
    func invalidHeader(find: String, replace: String) {
        let text = String(decoding: Files.document(), as: UTF8.self).replacingOccurrences(of: find, with: replace)
        let error = Files.error(Array(text.utf8))
        guard case .corrupt(.lottie, _)? = error else {
            Issue.record("\(replace): got \(String(describing: error))")
            return
        }
    }

    @Test(
        "JSON that is not well formed is corrupt, with the offset",
        arguments: [
            #"{"layers":[}"#, #"{"layers":[1,]}"#, #"{"layers":[],"w":01}"#, #"{"layers":[],"x":"\q"}"#,
            "{\"layers\":[],\"x\":\"a\u{01}\"}", #"{"layers":[],"x":tru}"#, #"{"layers":[]} x"#,
            #"{"layers":[],"x":1e}"#,
        ])
    func malformed(text: String) {
        #expect(ImageFormat.sniff(Array(text.utf8)) == .lottie)
        #expect(Self.reason(Files.error(Array(text.utf8))).contains("not valid JSON"), "\(text)")
    }

    @Test("nesting deeper than 128 is refused before any recursion gets deep")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = Files.error(Files.document(extra: #""x":\#(deep)"#))
        guard case .limitExceeded(.lottie, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("nest"))
    }

    @Test("a TGS cut anywhere is corrupt, never half decoded")
    func truncatedTGS() throws {
        let bytes = try Fixtures.bytes("lottie/lottie-android/OpacityStops.tgs")
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            let error = Files.error(Array(bytes[0..<cut]))
            if cut < 3 {
                #expect(error == .unrecognizedFormat || Self.reason(error).contains("gzip"))
            } else {
                guard case .corrupt(.tgs, _)? = error else {
                    Issue.record("cut at \(cut): \(String(describing: error))")
                    continue
                }
            }
        }
    }

    @Test("a gzip bomb stops at the document limit; lying trailers and trailing data are caught")
    func gzipBomb() throws {
        // 40 MB of spaces after the document: a valid file over the 16 MiB document limit.
        let big = Files.document() + [UInt8](repeating: 0x20, count: 40_000_000)
        let error = Files.error(Files.gzip(big))
        guard case .limitExceeded(.tgs, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains("more than 16777216 bytes"))
        // The same with a small limit on a small file.
        let small = Files.gzip(Files.document())
        #expect(
            Self.reason(Files.error(small, limits: DecodeLimits(maxDocumentBytes: 100))).contains("more than 100 bytes")
        )
        // A trailer claiming fewer bytes than the stream holds (a wrapped 4 GiB size, say).
        #expect(
            Self.reason(Files.error(Files.gzip(Files.document(), declaredSize: 50))).contains("truncated or damaged"))
        // Data after the gzip member.
        #expect(Self.reason(Files.error(small + [0, 1, 2])).contains("3 bytes follow the gzip stream"))
        // Plain JSON over the document limit.
        #expect(
            Self.reason(Files.error(Files.document(), limits: DecodeLimits(maxDocumentBytes: 100))).contains(
                "bytes is over the document-bytes limit of 100"))
    }

    @Test(
        "canvas and frame limits apply before drawing",
        arguments: [
            (DecodeLimits(maxWidth: 99), "width"), (DecodeLimits(maxFrames: 9), "frames"),
            (DecodeLimits(maxDecodedBytes: 100 * 100 * 4 * 9), "bytes"),
        ])
    func limits(limits: DecodeLimits, word: String) {
        let error = Files.error(Files.document(), limits: limits)
        guard case .limitExceeded(.lottie, let limit)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        let reason = limit.description
        #expect(reason.contains(word))
    }

    @Test("a size asked of a loaded composition is checked against the limits too")
    func drawLimits() throws {
        let composition = try LottieComposition(Files.document(), limits: DecodeLimits(maxWidth: 200))
        #expect(throws: CodecError.self) { try composition.frame(0, width: 300, height: 100) }
        #expect(throws: CodecError.self) { try composition.animation(width: 100, height: 100 * 1_000) }
    }
}
