import RenditionBatch
import RenditionCodecs
import RenditionCore
import RenditionLint
import RenditionPipeline

/// Everything a face can ask of a render or a pack build, checked the same way on every face:
/// the command line's options (`rendition render`, `rendition pack`), the C interface's
/// `rdn_render_options` and `rdn_batch_options`, and the Python package's keywords all map
/// onto it, and it makes the engine's `RenderOptions` and `PackOptions`.
///
/// Start from `init()` (the defaults every face shares), then change what was asked for; the
/// `set...` methods refuse values no face takes, with a `SettingsError` whose sentence is the
/// same on every face.
package struct RenditionSettings: Sendable, Equatable {
    // MARK: What is rendered

    /// The container of the renditions: `.auto` (the default) keeps the master's.
    package var format: OutputFormat = .auto
    /// The scales rendered, highest first: @2x and @1x by default; @3x re-encodes the master.
    package var scales: [StickerScale] = [.x2, .x1]
    /// The compression effort 0...12 (`compressionRange`), or nil for each encoder's default;
    /// see `setCompression(_:)` for what it sets.
    package private(set) var compression: Int?
    /// Lossy palette output for PNG and APNG renditions, or nil (the default) for lossless
    /// truecolour; see `setPalette(similarity:)`.
    package private(set) var palette: PaletteQuantization?
    /// Also compress each PNG with zlib as Pillow does and keep the smaller.
    package var neverLargerThanZlib = false
    /// Decoding limits for the masters.
    package var limits: DecodeLimits = .default

    // MARK: How a batch runs

    /// The worker threads: one per core by default.
    package var threads: ThreadBudget = .allCores
    /// The part of the catalog to work on, or nil (the default) for all of it.
    package var shard: Shard?
    /// Work on every sticker, even those the output folder's manifest finds up to date.
    package var force = false

    // MARK: Packs

    /// Platforms whose packs are built besides Apple's (none by default).
    package var platforms: [PackPlatform] = []
    /// Whether Apple's pack (the Xcode catalog and the flat renditions) is built: yes unless
    /// the platforms were named without Apple (`setPlatforms(named:)`).
    package var includesApple = true
    /// Apple's per-file byte limit (`AppleMessages.byteLimit` by default).
    package private(set) var appleByteLimit = AppleMessages.byteLimit
    /// Lint each master before packing it, and fail the masters lint rejects (on by default,
    /// on every face).
    package var lintsMasters = true
    /// With `lintsMasters`, pack the masters lint rejects (with a note) instead of failing them.
    package var allowsLintErrors = false
    /// Let a pack's configuration name files outside its source folder (absolute paths, `..`,
    /// symbolic links out of it); off by default on every face (`PackOptions.allowsPathsOutsideSource`).
    package var allowsPathsOutsideSource = false

    /// The compression efforts every face takes.
    package static let compressionRange = 0...12

    /// The defaults every face shares.
    package init() {}

    // MARK: Checked changes

    /// Sets the compression effort, 0 (fastest, largest) to 12 (slowest, smallest), or nil
    /// for each encoder's default. It is the PNG and APNG deflate level (defaults 6 and 5) and
    /// libwebp's method for lossless WebP, `level / 2` (default 4); GIF and WebM ignore it. A
    /// pack's size ladder starts its PNG and APNG steps at it (default 6) and may go higher.
    package mutating func setCompression(_ level: Int?) throws(SettingsError) {
        if let level, !Self.compressionRange.contains(level) {
            throw SettingsError(.compression, .outOfRange(value: String(level), expected: "between 0 and 12"))
        }
        compression = level
    }

    /// Sets the worker threads: nil or 0 is one per core, more is that many; below 0 is refused.
    package mutating func setThreads(_ requested: Int?) throws(SettingsError) {
        threads = try ThreadBudget(requested: requested ?? 0)
    }

    /// Sets the shard from text: `i/n` (1-based `i`, `1 <= i <= n`) or `auto/n`, which takes `i`
    /// from a job array's index variable in `environment` (see `Shard.schedulerVariables`);
    /// nil means the whole catalog.
    package mutating func setShard(_ text: String?, environment: [String: String]) throws(SettingsError) {
        guard let text else {
            shard = nil
            return
        }
        do { shard = try Shard.parse(text, environment: environment) } catch {
            throw SettingsError(.shard, .shard(error))
        }
    }

    /// Sets the shard from a 0-based `index` below `count`; a count of 0 or 1 with index 0 is
    /// the whole catalog.
    package mutating func setShard(index: Int, count: Int) throws(SettingsError) {
        if count <= 1 && index == 0 {
            shard = nil
            return
        }
        guard let shard = Shard(index: index, count: count) else {
            throw SettingsError(.shard, .shardIndex(index: index, count: count))
        }
        self.shard = shard
    }

    /// The output format names every face takes, in the order messages list them.
    package static var formatNames: [String] { OutputFormat.allCases.map(\.rawValue) }

    /// Sets the output format by name, ignoring case: `auto`, `png`, `apng`, `gif`, `webp` or
    /// `webm`. `jpeg`, `tgs` and `lottie` are formats Rendition reads but does not write
    /// (`SettingsError.Kind.unsupported`).
    package mutating func setFormat(named name: String) throws(SettingsError) {
        let lower = name.lowercased()
        if let format = OutputFormat(rawValue: lower) {
            self.format = format
            return
        }
        if let source = ImageFormat(rawValue: lower) {
            throw SettingsError(.format, .unsupportedFormat(source))
        }
        throw SettingsError(.format, .unknownName(name, known: Self.formatNames))
    }

    /// Turns palette output on with the lowest similarity (SSIM, 0...1) accepted, nil for
    /// `PaletteQuantization.defaultMinimumSimilarity`; 0 turns the check off.
    package mutating func setPalette(similarity: Double?) throws(SettingsError) {
        let floor = similarity ?? PaletteQuantization.defaultMinimumSimilarity
        guard (0...1).contains(floor) else {
            throw SettingsError(.paletteSimilarity, .outOfRange(value: String(floor), expected: "between 0 and 1"))
        }
        palette = PaletteQuantization(minimumSimilarity: floor)
    }

    /// Changes decoding limits with `KEY=VALUE` settings (see `DecodeLimitKey`), starting
    /// from the defaults.
    package mutating func setLimits(_ settings: [String]) throws(SettingsError) {
        limits = try DecodeLimitKey.limits(from: settings)
    }

    /// Sets Apple's per-file byte limit for a pack; it must be positive.
    package mutating func setAppleByteLimit(_ bytes: Int) throws(SettingsError) {
        guard bytes > 0 else {
            throw SettingsError(.byteLimit, .outOfRange(value: String(bytes), expected: "a positive number of bytes"))
        }
        appleByteLimit = bytes
    }

    /// Sets the platforms whose packs are built, by name: each of `names` is an identifier
    /// (`whatsapp`, `signal`, `telegram`, `telegram-emoji`, `discord`, `line`), Apple Messages
    /// under any of its names, `all` (every one, Apple's included) or a comma-separated list of
    /// these; case is ignored and repeats are dropped. Apple's pack is built when no name is
    /// given or Apple (or `all`) is named (`includesApple`).
    package mutating func setPlatforms(named names: [String]) throws(SettingsError) {
        var chosen: [PackPlatform] = []
        var apple = false
        for name in names.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }) {
            let id = Self.canonicalProfileID(name)
            let named: [PackPlatform]
            if id == AppleMessages.profileID {
                named = []
                apple = true
            } else if id == "all" {
                apple = true
                named = PackPlatform.builtIn.keys.sorted().compactMap { PackPlatform.builtIn[$0] }
            } else if let platform = PackPlatform.builtIn[id] {
                named = [platform]
            } else {
                throw SettingsError(.platform, .unknownName(name, known: Self.profileNames + ["all"]))
            }
            for platform in named where !chosen.contains(where: { $0.id == platform.id }) { chosen.append(platform) }
        }
        platforms = chosen
        includesApple = apple || chosen.isEmpty
    }

    // MARK: Profiles

    /// The identifier a profile name stands for: the name in lower case, or
    /// `AppleMessages.profileID` for one of `AppleMessages.aliases`.
    package static func canonicalProfileID(_ name: String) -> String {
        let lower = name.lowercased()
        return AppleMessages.aliases.contains(lower) ? AppleMessages.profileID : lower
    }

    /// The built-in lint profiles' names as messages list them, Apple's with its aliases.
    package static var profileNames: [String] {
        StickerProfile.builtIn.keys.sorted().map {
            $0 == AppleMessages.profileID ? "\($0) (or \(AppleMessages.aliases.joined(separator: ", ")))" : $0
        }
    }

    /// The built-in lint profile called `name` (an identifier or an alias, ignoring case).
    package static func profile(named name: String) throws(SettingsError) -> StickerProfile {
        guard let profile = StickerProfile.builtIn[canonicalProfileID(name)] else {
            throw SettingsError(.profile, .unknownName(name, known: profileNames))
        }
        return profile
    }

    /// Checks that `name` is Apple Messages, under any of its names: the only profile whose
    /// stickers are rendered on their own (other platforms' stickers are made by a pack build).
    package static func requireAppleProfile(named name: String) throws(SettingsError) {
        let id = canonicalProfileID(name)
        guard id == AppleMessages.profileID else {
            if StickerProfile.builtIn[id] != nil { throw SettingsError(.profile, .packOnly(name)) }
            throw SettingsError(.profile, .unknownName(name, known: profileNames))
        }
    }

    // MARK: The engine's options

    /// The incremental flag of the batch and the pack builder: the opposite of `force`.
    package var incremental: Bool { !force }

    /// The renderer's options; `frameThreads` are the threads one sticker's frames use (see
    /// `ThreadBudget.frameThreads(forBatchOf:)`; a batch divides its spare threads itself).
    package func renderOptions(frameThreads: Int = 1) -> RenderOptions {
        var webp = WebPEncoder.Options.lossless
        if let compression { webp.method = compression / 2 }
        return RenderOptions(
            scales: scales,
            png: PNGEncoder.Options(
                compressionLevel: compression ?? PNGEncoder.defaultCompressionLevel, palette: palette,
                neverLargerThanZlib: neverLargerThanZlib),
            limits: limits, format: format, frameThreads: frameThreads, webp: webp,
            apngCompressionLevel: compression ?? APNGEncoder.defaultCompressionLevel)
    }

    /// The pack builder's options (its `supervision` left for a supervising face to set).
    package func packOptions() -> PackOptions {
        var options = PackOptions(
            platforms: platforms, threads: threads.count,
            compressionLevel: compression ?? PNGEncoder.defaultCompressionLevel, appleByteLimit: appleByteLimit,
            incremental: incremental, shard: shard, limits: limits)
        options.lintsMasters = lintsMasters
        options.allowsLintErrors = allowsLintErrors
        options.allowsPathsOutsideSource = allowsPathsOutsideSource
        options.includesApple = includesApple
        return options
    }
}
