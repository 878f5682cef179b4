import Foundation
import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPack
import RenditionPipeline
import RenditionTestSupport
import Testing

/// `RenditionSettings`, the one settings type the command line, the C interface and Python
/// map onto: what it accepts, what it refuses and in which words, and the engine options it
/// makes.
@Suite("RenditionSettings")
struct RenditionSettingsTests {
    @Test("compression sets the PNG and APNG levels and the WebP method; nil keeps each default")
    func compression() throws {
        var settings = RenditionSettings()
        let defaults = settings.renderOptions()
        #expect(defaults.png.compressionLevel == 6 && defaults.apngCompressionLevel == 5)
        #expect(defaults.webp == .lossless && defaults.webp.method == 4)
        #expect(defaults == RenderOptions(), "the defaults are the engine's own")
        for (level, method) in [(0, 0), (5, 2), (8, 4), (12, 6)] {
            try settings.setCompression(level)
            let options = settings.renderOptions()
            #expect(options.png.compressionLevel == level && options.apngCompressionLevel == level)
            #expect(options.webp.method == method && options.webp.compression == .lossless)
        }
        #expect(settings.packOptions().compressionLevel == 12)
        try settings.setCompression(nil)
        #expect(settings.packOptions().compressionLevel == PNGEncoder.defaultCompressionLevel)
        for bad in [-1, 13, Int.max] {
            #expect(throws: SettingsError(.compression, .outOfRange(value: String(bad), expected: "between 0 and 12")))
            {
                try settings.setCompression(bad)
            }
        }
        #expect(settings.compression == nil, "a refused value changes nothing")
    }

    @Test("messages name the setting as each face spells it")
    func messages() {
        let error = SettingsError(.compression, .outOfRange(value: "13", expected: "between 0 and 12"))
        #expect(error.message(on: .commandLine) == "--compression must be between 0 and 12, not 13")
        #expect(error.message(on: .library) == "compression must be between 0 and 12, not 13")
        #expect(error.description == error.message(on: .library) && error.kind == .invalid)
        let platform = SettingsError(.platform, .unknownName("x", known: ["a", "b"]))
        #expect(platform.message(on: .commandLine) == "unknown platform \"x\"; known: a, b (or give --platform-file)")
        #expect(platform.message(on: .library) == "unknown profile \"x\"; known: a, b")
        let limit = SettingsError(.limit, .limitValue("frames=0"))
        #expect(limit.message(on: .commandLine) == "--limit frames=0: the value must be a positive whole number")
        let jpeg = SettingsError(.format, .unsupportedFormat(.jpeg))
        #expect(jpeg.kind == .unsupported && jpeg.message(on: .library) == jpeg.message(on: .commandLine))
    }

    @Test("threads: 0 is one per core, below 0 is refused; spare threads go to frames only when stickers are few")
    func threads() throws {
        #expect(
            try ThreadBudget(requested: 0) == .allCores && ThreadBudget.allCores.count == ThreadBudget.processorCount)
        #expect(try ThreadBudget(requested: 3).count == 3)
        #expect(throws: SettingsError.self) { try ThreadBudget(requested: -1) }
        #expect(ThreadBudget(-5).count == 1)
        let eight = ThreadBudget(8)
        #expect([0, 1, 2, 3, 7, 8, 9, 100].map(eight.frameThreads(forBatchOf:)) == [8, 8, 4, 2, 1, 1, 1, 1])
        #expect(ThreadBudget(1).frameThreads(forBatchOf: 1) == 1)
        var settings = RenditionSettings()
        try settings.setThreads(2)
        #expect(settings.packOptions().threads == 2)
        try settings.setThreads(nil)
        #expect(settings.threads == .allCores)
    }

    @Test("shards: i/n and auto/n as text, index and count as numbers, the same refusals")
    func shards() throws {
        var settings = RenditionSettings()
        try settings.setShard("2/8", environment: [:])
        #expect(settings.shard == Shard(index: 1, count: 8))
        try settings.setShard("auto/8", environment: ["SLURM_ARRAY_TASK_ID": "12", "SLURM_ARRAY_TASK_MIN": "10"])
        #expect(settings.shard == Shard(index: 2, count: 8))
        #expect(settings.packOptions().shard == Shard(index: 2, count: 8))
        try settings.setShard(index: 3, count: 4)
        #expect(settings.shard == Shard(index: 3, count: 4))
        try settings.setShard(index: 0, count: 0)
        #expect(settings.shard == nil)
        #expect(throws: SettingsError(.shard, .shard(.syntax("9/8")))) {
            try settings.setShard("9/8", environment: [:])
        }
        #expect(throws: SettingsError(.shard, .shard(.noSchedulerIndex))) {
            try settings.setShard("auto/8", environment: [:])
        }
        let past = SettingsError(.shard, .shardIndex(index: 4, count: 4))
        #expect(throws: past) { try settings.setShard(index: 4, count: 4) }
        #expect(past.message(on: .library) == "shard_index 4 is not below shard_count 4")
    }

    @Test("formats by name, ignoring case; source-only formats are unsupported, others unknown")
    func formats() throws {
        var settings = RenditionSettings()
        for name in ["auto", "PNG", "apng", "Gif", "webp", "webm"] {
            try settings.setFormat(named: name)
            #expect(settings.format.rawValue == name.lowercased())
        }
        #expect(settings.renderOptions().format == .webm)
        for source in [ImageFormat.jpeg, .tgs, .lottie] {
            #expect(throws: SettingsError(.format, .unsupportedFormat(source))) {
                try settings.setFormat(named: source.rawValue)
            }
        }
        #expect(throws: SettingsError(.format, .unknownName("bmp", known: RenditionSettings.formatNames))) {
            try settings.setFormat(named: "bmp")
        }
    }

    @Test("profiles and platforms: identifiers and Apple's aliases, ignoring case; lists, all, repeats")
    func names() throws {
        for name in ["apple-messages", "iMessage", "MESSAGES", "apple"] {
            #expect(try RenditionSettings.profile(named: name).id == AppleMessages.profileID, "\(name)")
            try RenditionSettings.requireAppleProfile(named: name)
        }
        #expect(try RenditionSettings.profile(named: "WhatsApp").id == "whatsapp")
        #expect(throws: SettingsError(.profile, .packOnly("whatsapp"))) {
            try RenditionSettings.requireAppleProfile(named: "whatsapp")
        }
        #expect(throws: SettingsError(.profile, .unknownName("myspace", known: RenditionSettings.profileNames))) {
            try RenditionSettings.profile(named: "myspace")
        }
        var settings = RenditionSettings()
        #expect(settings.includesApple, "Apple's pack without --platform")
        try settings.setPlatforms(named: ["Signal,imessage", "whatsapp", "signal"])
        #expect(settings.platforms.map(\.id) == ["signal", "whatsapp"] && settings.includesApple)
        try settings.setPlatforms(named: ["whatsapp", "Telegram"])
        #expect(settings.platforms.map(\.id) == ["whatsapp", "telegram"] && !settings.includesApple)
        #expect(!settings.packOptions().includesApple)
        try settings.setPlatforms(named: ["all"])
        #expect(settings.platforms.map(\.id) == PackPlatform.builtIn.keys.sorted() && settings.includesApple)
        try settings.setPlatforms(named: ["apple-messages"])
        #expect(settings.platforms.isEmpty && settings.includesApple)
        try settings.setPlatforms(named: [])
        #expect(settings.platforms.isEmpty && settings.includesApple)
        #expect(throws: SettingsError(.platform, .unknownName("", known: RenditionSettings.profileNames + ["all"]))) {
            try settings.setPlatforms(named: ["whatsapp,"])
        }
        #expect(settings.platforms.isEmpty, "a refused list changes nothing")
    }

    @Test("pack options: lint on by default, Apple's limit from AppleMessages, force, limits, paths outside")
    func packOptions() throws {
        var settings = RenditionSettings()
        var options = settings.packOptions()
        #expect(options.lintsMasters && !options.allowsLintErrors && options.incremental)
        #expect(!options.allowsPathsOutsideSource && !PackOptions().allowsPathsOutsideSource)
        #expect(options.appleByteLimit == AppleMessages.byteLimit && AppleMessages.byteLimit == 500_000)
        #expect(StickerProfile.appleMessages.maximumBytes == AppleMessages.byteLimit)
        settings.force = true
        settings.allowsLintErrors = true
        settings.allowsPathsOutsideSource = true
        try settings.setAppleByteLimit(100_000)
        try settings.setLimits(["frames=5", "width=300", "frames=7"])
        options = settings.packOptions()
        #expect(!options.incremental && options.allowsLintErrors && options.appleByteLimit == 100_000)
        #expect(options.allowsPathsOutsideSource)
        #expect(options.limits.maxFrames == 7 && options.limits.maxWidth == 300)
        #expect(settings.renderOptions().limits == options.limits)
        #expect(throws: SettingsError.self) { try settings.setAppleByteLimit(0) }
        #expect(throws: SettingsError(.limit, .limitSyntax("frames"))) { try settings.setLimits(["frames"]) }
        #expect(throws: SettingsError(.limit, .limitValue("frames=-3"))) { try settings.setLimits(["frames=-3"]) }
    }

    @Test("palette: on with a floor in 0...1")
    func palette() throws {
        var settings = RenditionSettings()
        #expect(settings.renderOptions().png.palette == nil)
        try settings.setPalette(similarity: nil)
        #expect(settings.renderOptions().png.palette?.minimumSimilarity == PaletteQuantization.defaultMinimumSimilarity)
        try settings.setPalette(similarity: 0)
        #expect(settings.renderOptions().png.palette?.minimumSimilarity == 0)
        #expect(throws: SettingsError.self) { try settings.setPalette(similarity: 1.5) }
    }

    @Test("a sticker record and a batch report, from a real batch: keys, values, failures")
    func records() throws {
        let folder = NSTemporaryDirectory() + "rendition-record-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        let inputs = [Fixtures.path("stickers/derived/1F601-300.png"), folder + "/broken.png"]
        let batch = BatchRenderer(renderer: StickerRenderer(), outputDirectory: folder + "/out", threads: 2)
        let results = try batch.run(inputs: inputs)
        let report = BatchReport(results, output: folder + "/out")
        let counts: [Int] = [report.total, report.rendered, report.skipped, report.failed]
        #expect(counts == [2, 1, 0, 1])
        let ok = report.stickers[0]
        #expect(ok.status == .ok && ok.master?.width == 300 && ok.master?.height == 300 && ok.error == nil)
        #expect(ok.outputs.map(\.scale) == [2, 1] && ok.outputs.map(\.width) == [200, 100])
        #expect(ok.outputs[0].path == folder + "/out/1F601-300@2x.png")
        let failed = report.stickers[1]
        #expect(failed.status == .failed && failed.outputs.isEmpty && failed.master == nil)
        #expect(failed.error?.contains("unknown signature") == true)
        #expect(StickerRecord(results[1], describe: { _ in "custom" }).error == "custom")

        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["failed", "output", "rendered", "skipped", "stickers", "total"])
        let entries = try #require(object["stickers"] as? [[String: Any]])
        #expect(Set(entries[0].keys) == ["input", "master", "name", "outputs", "status"])
        #expect(Set(entries[1].keys) == ["error", "input", "name", "outputs", "status"])
        #expect(report.json.hasPrefix("{\"failed\":1,\"output\":\"\(folder)/out\""), "sorted keys, slashes as they are")
        #expect(try JSONDecoder().decode(BatchReport.self, from: Data(report.json.utf8)) == report)

        // Again: up to date, no master decoded.
        let again = BatchReport(try batch.run(inputs: [inputs[0]]), output: folder + "/out")
        #expect(again.skipped == 1 && again.stickers[0].status == .upToDate && again.stickers[0].master == nil)
        #expect(again.stickers[0].json.contains("\"status\":\"up-to-date\""))
    }
}
