import RenditionCore
import RenditionTestSupport
import Testing

@testable import RenditionCodecs

/// Which rlottie draws Lottie and TGS: the documented search order, and the renderer this test
/// run found (current rlottie, which Scripts/install-dependencies installs from PyPI).
@Suite("Lottie: finding the renderer")
struct LottieRendererTests {
    @Test("this run draws with current rlottie from the rlottie-python wheel or RENDITION_RLOTTIE, not Debian's 0.1")
    func currentRendererFound() throws {
        let renderer = try LottieRenderer.shared.get()
        #expect(renderer.isCurrent, "\(renderer)")
        #expect(renderer.source != .system, "\(renderer)")
        #expect(renderer.description.hasPrefix("current rlottie ("))
    }

    /// A search over fake files: `present` exist, `loadable` open (everything else fails to).
    static func locate(
        environment: [String: String], present: Set<String>, loadable: Set<String>
    ) -> Result<LottieRenderer, CodecError> {
        LottieRenderer.locate(
            environment: environment, exists: { present.contains($0) },
            open: { path in
                // A real library stands in for each loadable path, so a renderer can be made.
                loadable.contains(path)
                    ? LottieRenderer.open("librlottie.so.0-1")
                    : .failure(LottieRenderer.OpenFailure(reason: "\(path): no such file"))
            }, pythonFolders: Self.pythonFolders)
    }

    /// Whether some pixel of `raster` is not fully transparent.
    static func visible(_ raster: Raster) -> Bool {
        stride(from: 3, to: raster.bytes.count, by: 4).contains { raster.bytes[$0] != 0 }
    }

    /// Every `lib` folder holds one Python, 3.11.
    static func pythonFolders(_ lib: String) -> [String] { ["python3.11"] }

    @Test("RENDITION_RLOTTIE comes first; when it cannot be opened the search stops there with its reason")
    func settingFirst() throws {
        let wheel = "/home/u/.local/lib/python3.11/site-packages/rlottie_python/librlottie.so.0"
        let chosen = try Self.locate(
            environment: ["RENDITION_RLOTTIE": "/opt/r.so", "HOME": "/home/u"], present: [wheel],
            loadable: ["/opt/r.so", wheel]
        ).get()
        #expect(chosen.path == "/opt/r.so" && chosen.source == .setting)
        let failed = Self.locate(
            environment: ["RENDITION_RLOTTIE": "/opt/missing.so"], present: [], loadable: ["librlottie.so.0-1"])
        guard case .failure(.unsupported(_, let reason)) = failed else {
            Issue.record("expected a failure, got \(failed)")
            return
        }
        #expect(reason.contains("RENDITION_RLOTTIE names /opt/missing.so") && reason.contains("no such file"))
    }

    @Test("the wheel is searched in the virtual environment, then the user's site-packages, before the system's 0.1")
    func wheelBeforeSystem() throws {
        let folders = LottieRenderer.wheelFolders(
            environment: ["VIRTUAL_ENV": "/venv", "HOME": "/home/u"], pythonFolders: Self.pythonFolders)
        #expect(
            folders.prefix(4) == [
                "/venv/lib/python3.11/site-packages/rlottie_python",
                "/venv/lib/python3.11/dist-packages/rlottie_python",
                "/home/u/.local/lib/python3.11/site-packages/rlottie_python",
                "/home/u/.local/lib/python3.11/dist-packages/rlottie_python",
            ])
        #expect(folders.last == "/usr/lib/python3/dist-packages/rlottie_python")
        #expect(folders.allSatisfy { $0.hasSuffix("/rlottie_python") })
        // The user's wheel is found before the system library when both are there.
        for folder in folders {
            let path = folder + "/librlottie.so.0"
            let chosen = try Self.locate(
                environment: ["VIRTUAL_ENV": "/venv", "HOME": "/home/u"], present: [path],
                loadable: [path, "librlottie.so.0-1"]
            ).get()
            #expect(chosen.path == path && chosen.source == .wheel)
        }
        let system = try Self.locate(environment: [:], present: [], loadable: ["librlottie.so.0-1"]).get()
        #expect(system.path == "librlottie.so.0-1" && system.source == .system && !system.isCurrent)
        #expect(system.description == "rlottie 0.1 (the system's, librlottie.so.0-1)")
    }

    @Test("with no rlottie anywhere, drawing fails with a message saying what to install")
    func noneFound() {
        let none = Self.locate(environment: [:], present: [], loadable: [])
        guard case .failure(.unsupported(_, let reason)) = none else {
            Issue.record("expected a failure, got \(none)")
            return
        }
        #expect(reason.contains("pip install rlottie-python") && reason.contains("RENDITION_RLOTTIE"))
        #expect(reason.contains("librlottie.so.0-1: no such file"))
    }

    @Test("opening a library that is not rlottie says which function is missing")
    func notRlottie() {
        guard case .failure(let failure) = LottieRenderer.open("libz.so.1") else {
            Issue.record("libz opened as rlottie")
            return
        }
        #expect(failure.reason == "libz.so.1 has no function lottie_animation_from_data: not rlottie's C API")
    }

    @Test(
        "a precomposition matting a shape smaller than the canvas draws in every frame, as rlottie-python draws it",
        arguments: [0, 45, 90])
    func precompositionMatte(frame: Int) throws {
        let composition = try LottieComposition(try Fixtures.bytes("lottie/made/precomp-matte.tgs"))
        #expect(composition.frameCount == 180 && composition.width == 512)
        let drawn = try composition.frame(frame, width: 171, height: 171)
        let reference = try LottieTestFiles.reference("precomp-matte.f\(frame).171x171")
        #expect(drawn.bytes == reference.bytes)
        #expect(Self.visible(drawn))
        // Orange inside the circle's overlap with the square, nothing outside the square.
        #expect(drawn[0, 0].a == 0 && drawn[170, 170].a == 0)
    }

    @Test("no frame of the track-matted fixtures is blank", arguments: ["MattWithParentAlpha", "TrackMattes"])
    func mattedFramesDraw(name: String) throws {
        let composition = try LottieComposition(try Fixtures.bytes("lottie/lottie-android/\(name).json"))
        for frame in stride(from: 0, to: composition.frameCount, by: max(1, composition.frameCount / 8)) {
            let drawn = try composition.frame(frame, width: composition.width, height: composition.height)
            #expect(Self.visible(drawn), "\(name) frame \(frame)")
        }
    }
}
