import Foundation
import RenditionLint
import RenditionTestSupport
import Testing

@testable import RenditionPack

/// A pack build removes the top-level folders an earlier build recorded in pack-report.json
/// and this one no longer makes, and nothing else.
@Suite("Pack folders a re-run no longer makes")
struct PackOwnedFoldersTests {
    /// A source folder of three still stickers.
    static func source() throws -> String {
        let folder = try TemporaryFolder.make("rendition-pack-owned-src")
        for name in ["1F601-300.png", "1F354-408.png", "1F41D-300.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/derived/\(name)"), toPath: "\(folder)/\(name)")
        }
        return folder
    }

    /// The `"folders"` pack-report.json records.
    static func recorded(in output: String) throws -> [String] {
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "\(output)/pack-report.json")))
                as? [String: Any])
        return try #require(report["folders"] as? [String])
    }

    static func build(_ source: String, _ output: String, platforms: [PackPlatform], apple: Bool) throws
        -> PackSummary
    {
        var options = PackOptions(platforms: platforms, threads: 2)
        options.includesApple = apple
        return try PackBuilder(source: source, output: output, options: options).build()
    }

    @Test("whatsapp and telegram, then whatsapp: the telegram folder goes; the user's files stay")
    func platformLeftOut() throws {
        let source = try Self.source()
        let output = try TemporaryFolder.make("rendition-pack-owned")
        let outside = try TemporaryFolder.make("rendition-pack-owned-outside")
        defer {
            for folder in [source, output, outside] { try? FileManager.default.removeItem(atPath: folder) }
        }
        let first = try Self.build(source, output, platforms: [.whatsApp, .telegram], apple: false)
        #expect(first.folders == ["whatsapp", "telegram"] && first.removedFolders.isEmpty)
        #expect(try Self.recorded(in: output) == ["whatsapp", "telegram"])
        #expect(FileManager.default.fileExists(atPath: "\(output)/telegram"))
        // The user's own things beside the packs, and a report naming a folder outside OUT.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(output)/notes.txt"))
        try FileManager.default.createDirectory(atPath: "\(output)/artwork", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(output)/artwork/cat.psd"))
        // The record, with names added that are not a folder inside OUT.
        let record = "\(output)/.rendition-pack-folders"
        #expect(try String(contentsOfFile: record, encoding: .utf8) == "whatsapp\ntelegram\n")
        let outsideName = "../" + (outside as NSString).lastPathComponent
        try Data("whatsapp\ntelegram\n\(outsideName)\n.\n..\n\n".utf8).write(to: URL(fileURLWithPath: record))

        let second = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(second.removedFolders == ["telegram"])
        #expect(!FileManager.default.fileExists(atPath: "\(output)/telegram"))
        #expect(FileManager.default.fileExists(atPath: "\(output)/whatsapp"))
        #expect(try String(contentsOfFile: "\(output)/notes.txt", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: "\(output)/artwork/cat.psd", encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: outside))
        #expect(try Self.recorded(in: output) == ["whatsapp"])
    }

    @Test("Apple's pack, then whatsapp only: the catalog and renditions go; a folder no build recorded stays")
    func appleLeftOut() throws {
        let source = try Self.source()
        let output = try TemporaryFolder.make("rendition-pack-owned")
        defer {
            for folder in [source, output] { try? FileManager.default.removeItem(atPath: folder) }
        }
        // A telegram folder made by hand: never recorded, so never removed.
        try FileManager.default.createDirectory(atPath: "\(output)/telegram", withIntermediateDirectories: true)
        let first = try Self.build(source, output, platforms: [], apple: true)
        #expect(first.folders == ["Stickers.xcstickers", "renditions"])
        #expect(FileManager.default.fileExists(atPath: "\(output)/Stickers.xcstickers/Contents.json"))
        #expect(FileManager.default.fileExists(atPath: "\(output)/renditions/1F601-300@1x.png"))
        let second = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(second.removedFolders == ["Stickers.xcstickers", "renditions"])
        #expect(!FileManager.default.fileExists(atPath: "\(output)/Stickers.xcstickers"))
        #expect(!FileManager.default.fileExists(atPath: "\(output)/renditions"))
        #expect(FileManager.default.fileExists(atPath: "\(output)/whatsapp"))
        #expect(FileManager.default.fileExists(atPath: "\(output)/telegram"))
        #expect(try Self.recorded(in: output) == ["whatsapp"])
        // Built again with Apple's pack: the whatsapp folder goes in turn.
        let third = try Self.build(source, output, platforms: [], apple: true)
        #expect(third.removedFolders == ["whatsapp"])
        #expect(FileManager.default.fileExists(atPath: "\(output)/Stickers.xcstickers/Contents.json"))
    }

    /// Every file and folder under `output`, relative to it.
    static func everything(in output: String) throws -> Set<String> {
        Set(try FileManager.default.subpathsOfDirectory(atPath: output))
    }

    /// Each name the record lists is a folder in `output`; returns the names.
    static func expectRecordedFoldersExist(in output: String) throws -> [String] {
        let names = try String(contentsOfFile: "\(output)/.rendition-pack-folders", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var isFolder: ObjCBool = false
        for name in names {
            #expect(
                FileManager.default.fileExists(atPath: "\(output)/\(name)", isDirectory: &isFolder)
                    && isFolder.boolValue, "the record names \(name), which is not a folder in the output")
        }
        #expect(try Self.recorded(in: output) == names)
        return names
    }

    @Test("Apple, signal and telegram, then a whatsapp run that fails (2 stills): nothing is removed")
    func failedRunRemovesNothing() throws {
        let source = try TemporaryFolder.make("rendition-pack-owned-src")
        let output = try TemporaryFolder.make("rendition-pack-owned")
        defer {
            for folder in [source, output] { try? FileManager.default.removeItem(atPath: folder) }
        }
        for name in ["1F601-300.png", "1F41D-300.png"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("stickers/derived/\(name)"), toPath: "\(source)/\(name)")
        }
        let first = try Self.build(source, output, platforms: [.signal, .telegram], apple: true)
        #expect(!first.hasFailures)
        #expect(first.folders == ["Stickers.xcstickers", "renditions", "signal", "telegram"])
        let before = try Self.everything(in: output)
        #expect(before.contains("renditions/1F601-300@1x.png") && before.contains("Stickers.xcstickers/Contents.json"))

        let failed = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(failed.hasFailures)
        #expect(failed.platformProblems["whatsapp"]?.contains { $0.contains("needs at least 3") } == true)
        #expect(failed.removedFolders.isEmpty)
        let after = try Self.everything(in: output)
        let missing = before.subtracting(after).sorted()
        #expect(missing.isEmpty, "a failed build removed \(missing)")
        #expect(!FileManager.default.fileExists(atPath: "\(output)/whatsapp"))
        let names = try Self.expectRecordedFoldersExist(in: output)
        #expect(names == ["Stickers.xcstickers", "renditions", "signal", "telegram"])

        // A third still and an animation: the still pack is made, the animated one (1 of 3) is
        // not, so the build fails and still removes nothing.
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F337-300.png"), toPath: "\(source)/1F337-300.png")
        try FileManager.default.copyItem(atPath: Fixtures.path("lint/animated.png"), toPath: "\(source)/jump.png")
        let partial = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(partial.hasFailures && partial.removedFolders.isEmpty)
        #expect(partial.packs["whatsapp"]?.map(\.stickers.count) == [3])
        let stillThere = before.subtracting(try Self.everything(in: output)).sorted()
        #expect(stillThere.isEmpty, "a failed build removed \(stillThere)")
        #expect(
            try Self.expectRecordedFoldersExist(in: output) == [
                "whatsapp", "Stickers.xcstickers", "renditions", "signal", "telegram",
            ])
    }

    @Test("a whatsapp pack, then a run with one sticker too few: the earlier pack and the others stay")
    func platformWithoutPackKeepsItsFolder() throws {
        let source = try Self.source()
        let output = try TemporaryFolder.make("rendition-pack-owned")
        defer {
            for folder in [source, output] { try? FileManager.default.removeItem(atPath: folder) }
        }
        let first = try Self.build(source, output, platforms: [.whatsApp, .telegram], apple: false)
        #expect(!first.hasFailures && first.folders == ["whatsapp", "telegram"])
        let before = try Self.everything(in: output)
        #expect(before.contains("whatsapp/contents.json"))

        try FileManager.default.removeItem(atPath: "\(source)/1F354-408.png")
        let second = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(second.hasFailures && second.removedFolders.isEmpty)
        let missing = before.subtracting(try Self.everything(in: output)).sorted()
        #expect(missing.isEmpty, "a failed build removed \(missing)")
        #expect(try Self.expectRecordedFoldersExist(in: output) == ["whatsapp", "telegram"])

        // With the sticker back, whatsapp is made again and the telegram folder goes.
        try FileManager.default.copyItem(
            atPath: Fixtures.path("stickers/derived/1F354-408.png"), toPath: "\(source)/1F354-408.png")
        let third = try Self.build(source, output, platforms: [.whatsApp], apple: false)
        #expect(!third.hasFailures && third.removedFolders == ["telegram"])
        #expect(try Self.expectRecordedFoldersExist(in: output) == ["whatsapp"])
    }
}
