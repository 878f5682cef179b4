import ArgumentParser
import RenditionCodecs
import RenditionCore
import RenditionLint

struct BenchLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Time lint of each sticker from decoded pixels (profile rules, edge analysis of every frame, visibility on six backgrounds, @1x ringing).",
        discussion: """
            Like `bench resize`, decoding is done once before timing, so the figures compare \
            directly: lint costs less than resizing when its median is below resize's.
            """)

    @OptionGroup var options: BenchOptions

    func run() throws {
        let inputs = try options.loadFiles()
        let sources: [SourceImage] = try inputs.map { input in
            do { return try ImageDecoder.decodeSource(input.bytes) } catch {
                throw ValidationError("\(input.path): \(error)")
            }
        }
        let gate = try BenchGate(options.baseline)
        let linter = StickerLinter()
        _ = TestBackgrounds.standard  // decode the photo before timing
        let report = BenchRunner(options: options, names: inputs.map(\.path)).measure { index, _ in
            let result = linter.lint(
                source: sources[index], byteCount: inputs[index].bytes.count, path: inputs[index].path)
            precondition(result.frames != nil)
        }
        try gate.finish(report.records(benchmark: "lint", inputs: inputs.map(\.bytes)), json: options.json) {
            report.print(benchmark: "lint", json: $0)
        }
    }
}
