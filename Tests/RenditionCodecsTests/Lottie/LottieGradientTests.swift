import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// Gradients without colour stops, which end the process inside rlottie, are refused before
/// it sees them; every gradient real files write still draws.
@Suite("Lottie gradients without colour stops")
struct LottieGradientTests {
    typealias Files = LottieTestFiles

    /// A shape layer of a square drawn with the gradient `kind` ("gf" or "gs") whose members
    /// besides its type are `members`.
    static func layer(_ kind: String, _ members: String) -> String {
        """
        {"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},\
        "p":{"a":0,"k":[50,50]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},\
        "shapes":[{"ty":"gr","it":[{"ty":"rc","d":1,"s":{"a":0,"k":[40,40]},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0}},\
        {"ty":"\(kind)","o":{"a":0,"k":100},"w":{"a":0,"k":4},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[20,20]},"t":1\
        \(members.isEmpty ? "" : "," + members)},\
        {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}
        """
    }

    static let ease = #""i":{"x":0.5,"y":0.5},"o":{"x":0.5,"y":0.5}"#

    @Test(
        "a gradient with no g, no stops, an empty keyframe or a first keyframe that neither eases nor holds is corrupt",
        arguments: [
            ("gs", ""),
            ("gf", #""g":{"p":1}"#),
            ("gf", #""g":{"p":1,"k":{"a":0,"k":[]}}"#),
            ("gs", #""g":{"p":3,"k":{"a":0,"k":[0,1]}}"#),
            ("gf", #""g":{"p":1,"k":{"a":1,"k":[]}}"#),
            ("gf", #""g":{"p":1,"k":{"a":1,"k":[{"t":0,"s":[]},{"t":5,"s":[0,1,0,0]}]}}"#),
            ("gf", #""g":{"p":1,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0]},{"t":5,"s":[0,0,1,0]}]}}"#),
        ])
    func refused(kind: String, members: String) {
        let error = Files.error(Files.document(layers: Self.layer(kind, members)))
        guard case .corrupt(.lottie, let reason)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(reason.contains("has no colour stops") && reason.contains("layer 0"), "\(reason)")
    }

    @Test(
        "gradients as exporters write them load and draw: a value, eased keyframes old and new style, a hold",
        arguments: [
            #""g":{"p":1,"k":{"a":0,"k":[0,1,0,0]}}"#,
            #""g":{"p":2,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0,1,0,0,1],"e":[0,0,1,0,1,1,0,0],\#(ease)},{"t":9}]}}"#,
            #""g":{"p":1,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0],\#(ease)},{"t":9,"s":[0,0,1,0]}]}}"#,
            #""g":{"p":1,"k":{"a":1,"k":[{"t":0,"s":[0,1,0,0],"h":1},{"t":5,"s":[0,0,1,0]}]}}"#,
        ])
    func drawn(members: String) throws {
        for kind in ["gf", "gs"] {
            let composition = try LottieComposition(Files.document(layers: Self.layer(kind, members)))
            let animation = try composition.animation()
            let alpha = animation.frames[0].raster.bytes.enumerated().filter { $0.offset % 4 == 3 }
            #expect(animation.frames.count == 10 && alpha.contains { $0.element > 0 }, "\(kind) \(members)")
        }
    }

    @Test("the bundled gradient animation loads as before")
    func bundled() throws {
        #expect(Files.error(try Fixtures.bytes("lottie/lottie-android/GradientFill.json")) == nil)
    }
}
