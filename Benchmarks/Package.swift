// swift-tools-version: 6.1
// Benchmarks for Rendition, kept in their own package so that users of Rendition never
// resolve the benchmark dependency. Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
import PackageDescription

/// One executable target per suite under `Benchmarks/<Suite>/`, discovered by the plugin.
func suite(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [
            "BenchmarkSupport",
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "RenditionCore", package: "Rendition"),
            .product(name: "RenditionCodecs", package: "Rendition"),
            .product(name: "RenditionPipeline", package: "Rendition"),
            .product(name: "RenditionBatch", package: "Rendition"),
            .product(name: "RenditionPack", package: "Rendition"),
            .product(name: "RenditionPreview", package: "Rendition"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
}

let package = Package(
    name: "RenditionBenchmarks",
    dependencies: [
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Rendition", path: ".."),
    ],
    targets: [
        // Fixture loading and the metric/threshold configuration shared by every suite.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "RenditionCore", package: "Rendition"),
                .product(name: "RenditionCodecs", package: "Rendition"),
            ],
            path: "Support"),
        suite("Resampler"),
        suite("PNGDecode"),
        suite("PNGEncode"),
        suite("Pipeline"),
        suite("Batch"),
        // Not a suite of the plugin (its folder is not under Benchmarks/Benchmarks/): the C
        // interface's overhead over the Swift API, timed in pairs in one process.
        //   swift run -c release CABIOverhead FILE... [--iterations N] [--warmup N] [--glibc-malloc] [--json]
        .executableTarget(
            name: "CABIOverhead",
            dependencies: [
                .product(name: "RenditionC", package: "Rendition"),
                .product(name: "RenditionPack", package: "Rendition"),
            ],
            path: "Tools/CABIOverhead"),
    ],
    swiftLanguageModes: [.v6]
)
