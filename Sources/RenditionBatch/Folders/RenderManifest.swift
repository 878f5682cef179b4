import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an output folder already holds: for each sticker, the fingerprint of the input bytes
/// and of the options it was rendered with, and the files written. Re-runs skip stickers
/// whose entry still matches and whose files are all present with their recorded sizes.
///
/// Stored as JSON lines in `OUTDIR/.rendition-manifest.jsonl`. A line is appended (one
/// `write`) only after a sticker's files have been renamed into place, so a run killed at any
/// moment leaves a manifest that lists only complete stickers; a torn last line is ignored.
/// `compact()` rewrites the file atomically with one line per sticker.
package final class RenderManifest: Sendable {
    /// One rendered sticker.
    package struct Entry: Codable, Sendable, Equatable {
        /// Sticker name (output file stem).
        package var name: String
        /// SHA-256 of the input file's bytes.
        package var inputHash: String
        /// Fingerprint of the render options and engine version.
        package var optionsHash: String
        /// Output files (names relative to the folder) and their sizes.
        package var outputs: [Output]

        /// One output file.
        package struct Output: Codable, Sendable, Equatable {
            /// File name inside the output folder.
            package var file: String
            /// Size in bytes.
            package var bytes: Int
            /// Display scale (1, 2 or 3).
            package var scale: Int
            /// Pixel width.
            package var width: Int
            /// Pixel height.
            package var height: Int
            /// For a pack: the platform the file is for (`nil` for Apple's files and renditions).
            package var platform: String? = nil
            /// For a pack's platform file: whether it animates.
            package var animated: Bool? = nil

            /// Creates an output record.
            package init(
                file: String, bytes: Int, scale: Int, width: Int, height: Int, platform: String? = nil,
                animated: Bool? = nil
            ) {
                self.file = file
                self.bytes = bytes
                self.scale = scale
                self.width = width
                self.height = height
                self.platform = platform
                self.animated = animated
            }
        }

        /// Creates an entry.
        package init(name: String, inputHash: String, optionsHash: String, outputs: [Output]) {
            self.name = name
            self.inputHash = inputHash
            self.optionsHash = optionsHash
            self.outputs = outputs
        }
    }

    /// The manifest file's name inside the output folder.
    package static let fileName = ".rendition-manifest.jsonl"

    /// The output folder.
    package let directory: String
    private let entries: Mutex<[String: Entry]>

    /// Loads the manifest of `directory` (empty when there is none or it cannot be read).
    package init(directory: String) {
        self.directory = directory
        entries = Mutex(Self.load(directory: directory))
    }

    private static func load(directory: String) -> [String: Entry] {
        var loaded: [String: Entry] = [:]
        if let data = FileManager.default.contents(atPath: "\(directory)/\(fileName)") {
            let decoder = JSONDecoder()
            for line in data.split(separator: UInt8(ascii: "\n")) {
                if let entry = try? decoder.decode(Entry.self, from: Data(line)) { loaded[entry.name] = entry }
            }
        }
        return loaded
    }

    /// The recorded entry for `name` when it matches the fingerprints and every output file is
    /// present with its recorded size.
    package func upToDateEntry(name: String, inputHash: String, optionsHash: String) -> Entry? {
        guard let entry = entries.withLock({ $0[name] }),
            entry.inputHash == inputHash, entry.optionsHash == optionsHash
        else { return nil }
        for output in entry.outputs {
            // stat rather than FileManager attributes: casting those from Any to Int fails when
            // Foundation is linked statically (as in librendition.so).
            guard FileSystem.fileSize("\(directory)/\(output.file)") == output.bytes else { return nil }
        }
        return entry
    }

    /// Records a completed sticker by appending one line.
    package func record(_ entry: Entry) throws(FileError) {
        entries.withLock { $0[entry.name] = entry }
        guard var line = try? JSONEncoder().encode(entry) else { return }
        line.append(UInt8(ascii: "\n"))
        try appendLine(line)
    }

    /// Rewrites the manifest with one line per sticker, atomically. Lines other processes
    /// (for example other shards writing to the same folder) appended meanwhile are merged in.
    package func compact() throws(FileError) {
        let onDisk = Self.load(directory: directory)
        entries.withLock { mine in
            for (name, entry) in onDisk where mine[name] == nil { mine[name] = entry }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var bytes: [UInt8] = []
        for entry in entries.withLock({ $0.values.sorted { $0.name < $1.name } }) {
            if let line = try? encoder.encode(entry) {
                bytes += line
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        try AtomicFile.write(bytes, to: "\(directory)/\(Self.fileName)")
    }

    private func appendLine(_ line: Data) throws(FileError) {
        let path = "\(directory)/\(Self.fileName)"
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        let written = line.withUnsafeBytes { systemWrite(fd, $0.baseAddress!, $0.count) }
        if written != line.count { throw FileError(path: path, operation: "append to", errno: errno) }
    }
}

/// The C library's `write(2)`, named apart from the `write` methods in scope above.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
