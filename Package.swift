// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Rendition",
    products: [
        .library(name: "RenditionCore", targets: ["RenditionCore"]),
        .library(name: "RenditionCodecs", targets: ["RenditionCodecs"]),
        .library(name: "RenditionPipeline", targets: ["RenditionPipeline"]),
        .library(name: "RenditionBatch", targets: ["RenditionBatch"]),
        .library(name: "RenditionLint", targets: ["RenditionLint"]),
        .library(name: "RenditionPack", targets: ["RenditionPack"]),
        .library(name: "RenditionPreview", targets: ["RenditionPreview"]),
        .library(name: "RenditionServer", targets: ["RenditionServer"]),
        .executable(name: "rendition", targets: ["rendition"]),
        // The C library (rendition.h). SwiftPM product names must be unique and `rendition` is
        // the command-line tool, so this product builds libRenditionC.so;
        // Scripts/install-c-library installs it as librendition.so with its SONAME.
        .library(name: "RenditionC", type: .dynamic, targets: ["RenditionC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // DocC catalogs (Scripts/build-docs); a command plugin only, nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The HTTP face (`rendition serve`): server, logging, Prometheus metrics; the server
        // tests run it in a service group (swift-service-lifecycle).
        // Without its default traits: the server is configured in code, not through
        // swift-configuration (ConfigurationSupport), and uses no URL-encoded forms
        // (FullFoundation's only use), so swift-configuration is not built.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // NIOCore, which the server imports beside Hummingbird, and the server tests' loopback
        // client (already in the graph through Hummingbird).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // System libraries, found through pkg-config; no flags in this manifest.
        .systemLibrary(
            name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(
            name: "CLibDeflate", path: "Sources/CLibDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CGIF", path: "Sources/CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]),
        // libwebp with its container libraries (libwebpmux, libwebpdemux); the module map
        // links all three, pkg-config adds nothing else.
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux",
            providers: [.apt(["libwebp-dev"])]),
        // libyaml, which reads pack.yaml.
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        // libcrypto (OpenSSL 3): SHA-256 for input and option fingerprints, 7-8x the speed
        // of portable Swift (docs/ARCHITECTURE.md, "Hand-written or a library").
        .systemLibrary(
            name: "CLibCrypto", path: "Sources/CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // libvpx: VP8/VP9 decoding and VP9 encoding for WebM.
        .systemLibrary(
            name: "CVPX", path: "Sources/CVPX", pkgConfig: "vpx",
            providers: [.apt(["libvpx-dev"])]),
        // rlottie (Lottie and TGS vector animations), opened at run time through its C API
        // (dlopen: current rlottie from the rlottie-python wheel, else the system's 0.1), with
        // C++ exceptions and the model cache kept out of Swift. Nothing links rlottie.
        .target(
            name: "CRenditionLottieShim",
            path: "Sources/CRenditionLottieShim",
            linkerSettings: [.linkedLibrary("dl")]),
        // C shims that keep libpng's and libjpeg's setjmp/longjmp error handling in C frames.
        .target(
            name: "CRenditionCodecShims",
            dependencies: ["CLibPNG", "CLibJPEG"],
            path: "Sources/CRenditionCodecShims"),
        // Native SIMD kernels for the resampler (AVX2 via per-function target attributes,
        // chosen at run time); no library dependencies.
        .target(name: "CRenditionKernels", path: "Sources/CRenditionKernels"),
        // Swift: rasters, resampling, compositing, analysis.
        .target(name: "RenditionCore", dependencies: ["CRenditionKernels"]),
        .target(
            name: "RenditionCodecs",
            dependencies: [
                "RenditionCore", "CRenditionCodecShims", "CRenditionKernels", "CLibDeflate", "CZlib", "CGIF", "CWebP",
                "CRenditionLottieShim", "CVPX",
            ]),
        // One sticker from bytes to files in memory: targets, the pipeline that makes them from
        // one decode, size fitting, frame rules, and StickerRenderer.
        .target(name: "RenditionPipeline", dependencies: ["RenditionCore", "RenditionCodecs"]),
        // Files and folders of a batch: atomic writes, fsync, the output folder's lock and
        // manifest, shards, supervised runs, folder rendering and per-sticker records.
        .target(
            name: "RenditionBatch",
            dependencies: ["RenditionCore", "RenditionCodecs", "RenditionPipeline", "CLibCrypto"]),
        // The platforms' rules as data and stickers checked against them: platforms and lint
        // profiles, lint rules and the linter, fixes, the test backgrounds.
        .target(
            name: "RenditionLint",
            dependencies: ["RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch"]),
        // Packs: assembly, pack manifests and validation, pack.json / pack.yaml, and the
        // settings every face maps onto.
        .target(
            name: "RenditionPack",
            dependencies: [
                "RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch", "RenditionLint", "CYAML",
            ]),
        // Preview sheets: stickers on the test backgrounds with their lint findings.
        .target(
            name: "RenditionPreview",
            dependencies: ["RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch", "RenditionLint"]),
        // The HTTP face: renditions on demand from a masters folder with a content-addressed
        // cache, lint, preview and packs over HTTP, and the pack maker's page (Resources/).
        .target(
            name: "RenditionServer",
            dependencies: [
                "RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch", "RenditionLint",
                "RenditionPack", "RenditionPreview", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources")]),
        // The C interface: the hand-written header (include/rendition.h) and a C file that
        // compiles it on its own; no code.
        .target(name: "CRendition", path: "Sources/CRendition"),
        // Swift implementing rendition.h with @c @implementation (the compiler checks every
        // function against the header).
        .target(
            name: "RenditionC",
            dependencies: [
                "CRendition", "RenditionPipeline", "RenditionBatch", "RenditionLint", "RenditionPack",
                "RenditionCodecs",
                "RenditionCore",
            ]),
        .executableTarget(
            name: "rendition",
            dependencies: [
                "RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch", "RenditionLint",
                "RenditionPack",
                "RenditionPreview", "RenditionServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // libFuzzer targets (Scripts/fuzz builds them with -DRENDITION_FUZZING and the
        // fuzzer and address sanitizers); a normal build replays inputs: `RenditionFuzz png FILE...`.
        .executableTarget(
            name: "RenditionFuzz",
            dependencies: ["RenditionCore", "RenditionCodecs", "RenditionPipeline", "RenditionBatch", "RenditionPack"]),
        // Fixture lookup shared by the test targets.
        .target(
            name: "RenditionTestSupport", dependencies: ["RenditionCodecs", "RenditionCore"], path: "Tests/Support"),
        .testTarget(
            name: "RenditionCoreTests",
            // Codecs only to load real fixture images.
            dependencies: ["RenditionCore", "RenditionCodecs", "RenditionTestSupport"]),
        .testTarget(
            name: "RenditionCodecsTests",
            // CWebP only to compare with libwebp's own premultiplied output mode; CRenditionKernels to hold its vectorised kernels
            // to their scalar references.
            dependencies: ["RenditionCodecs", "RenditionCore", "CWebP", "CRenditionKernels", "RenditionTestSupport"]),
        // One test target per module, its folders mirroring the module's. A target may use a
        // module above its own only to set a case up (a platform's rules as a pipeline target).
        .testTarget(
            name: "RenditionPipelineTests",
            // Lint for platforms' rules as targets' data, Batch for its SHA-256 of outputs.
            dependencies: [
                "RenditionPipeline", "RenditionCodecs", "RenditionCore", "RenditionLint", "RenditionBatch",
                "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionBatchTests",
            dependencies: [
                "RenditionBatch", "RenditionPipeline", "RenditionCodecs", "RenditionCore", "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionLintTests",
            dependencies: [
                "RenditionLint", "RenditionPipeline", "RenditionCodecs", "RenditionCore", "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionPackTests",
            dependencies: [
                "RenditionPack", "RenditionLint", "RenditionBatch", "RenditionPipeline", "RenditionCodecs",
                "RenditionCore",
                "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionPreviewTests",
            dependencies: [
                "RenditionPreview", "RenditionLint", "RenditionCodecs", "RenditionCore", "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionCLITests",
            // rendition to build the executable the tests run (and to reach its internals).
            dependencies: [
                "rendition", "RenditionPipeline", "RenditionBatch", "RenditionLint", "RenditionPack",
                "RenditionPreview",
                "RenditionCodecs", "RenditionCore", "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionCTests",
            // RenditionC to call the C functions in-process; the examples run against the
            // installed library.
            dependencies: [
                "RenditionC", "CRendition", "RenditionPipeline", "RenditionLint", "RenditionPack", "RenditionCodecs",
                "RenditionCore", "RenditionTestSupport",
            ]),
        .testTarget(
            name: "RenditionServerTests",
            // The server on a loopback port and a small HTTP/1.1 client of its own
            // (Support/), over the NIO modules Hummingbird is built on.
            dependencies: [
                "RenditionServer", "RenditionPipeline", "RenditionLint", "RenditionPack", "RenditionCodecs",
                "RenditionCore", "RenditionTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
