import RenditionBatch

/// Where a sharded pack run, which writes no packs, leaves its platform files for the run that
/// does: `OUT/.rendition-shards/PLATFORM/NAME.EXT`, each recorded in the manifest with its
/// platform. The unsharded run reads them back as up-to-date outputs and removes the folder
/// once the packs are written. An unsharded run never writes it.
enum PackShardOutputs {
    /// The folder inside the output folder.
    static let folder = ".rendition-shards"

    /// `result` with its in-memory platform files written to the shard folder.
    static func keep(_ result: PackStickerResult, in output: String, pending: PendingFlush) throws(FileError)
        -> PackStickerResult
    {
        guard case .success(let files) = result.outcome else { return result }
        var moved: [PackOutputFile] = []
        for file in files {
            guard let platform = file.platform, let made = result.platformBytes[platform] else {
                moved.append(file)
                continue
            }
            let relative = "\(folder)/\(platform)/\(result.name).\(made.fileExtension)"
            try FileSystem.createDirectory("\(output)/\(folder)/\(platform)")
            try AtomicFile.write(made.bytes, to: "\(output)/\(relative)", deferringFlushTo: pending)
            moved.append(file.moved(to: relative))
        }
        var kept = result.replacingFiles(moved)
        kept.platformBytes = [:]
        return kept
    }
}

extension PackStickerResult {
    /// The same result with other files.
    func replacingFiles(_ files: [PackOutputFile]) -> PackStickerResult {
        var copy = PackStickerResult(name: name, inputPath: inputPath, outcome: .success(files))
        copy.skipped = skipped
        copy.problems = problems
        copy.notes = notes
        copy.platformBytes = platformBytes
        copy.leftOutOfPacks = leftOutOfPacks
        copy.inputHash = inputHash
        copy.optionsHash = optionsHash
        return copy
    }

    /// The manifest's entry for a sticker built without problems, its files where they are now.
    var manifestEntry: RenderManifest.Entry? {
        guard case .success(let files) = outcome, problems.isEmpty, !leftOutOfPacks, !inputHash.isEmpty else {
            return nil
        }
        return RenderManifest.Entry(
            name: name, inputHash: inputHash, optionsHash: optionsHash,
            outputs: files.map {
                RenderManifest.Entry.Output(
                    file: $0.path, bytes: $0.bytes, scale: 0, width: $0.width, height: $0.height, platform: $0.platform,
                    animated: $0.animated)
            })
    }
}
