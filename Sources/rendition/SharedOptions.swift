import ArgumentParser
import Foundation
import RenditionPack
import RenditionBatch

// The options several commands take, each defined once so that its help text and its
// parsing are the same everywhere; every value is checked by `RenditionSettings`, as the C
// interface and Python check theirs.

/// Runs a settings change, turning its `SettingsError` into a usage error (exit status 2)
/// worded for the command line.
func commandLineSetting<T>(_ change: () throws(SettingsError) -> T) throws(ValidationError) -> T {
    do { return try change() } catch { throw ValidationError(error.message(on: .commandLine)) }
}

/// `--compression` (render, pack).
struct CompressionOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Compression effort, 0 (fastest, largest) to 12 (slowest, smallest): the PNG and APNG deflate level (6 and 5 when not given) and, at level / 2, libwebp's method for WebP (4 when not given); GIF and WebM ignore it. pack starts the PNG and APNG steps of its size ladder there and may go higher.",
            valueName: "level"))
    var compression: Int?

    func validate() throws {
        var settings = RenditionSettings()
        try apply(to: &settings)
    }

    /// Sets the settings' compression.
    func apply(to settings: inout RenditionSettings) throws(ValidationError) {
        try commandLineSetting { () throws(SettingsError) in try settings.setCompression(compression) }
    }
}

/// `--threads` (render, pack, lint, preview).
struct ThreadsOption: ParsableArguments {
    @Option(
        name: .customLong("threads"),
        help: ArgumentHelp(
            "Worker threads, 0 for one per core (the default): stickers are worked on in parallel, and when there are fewer stickers than threads the spare ones share each sticker's frames. Output does not depend on it.",
            valueName: "n"))
    var requested: Int?

    func validate() throws {
        _ = try budget()
    }

    /// The threads asked for.
    func budget() throws(ValidationError) -> ThreadBudget {
        try commandLineSetting { () throws(SettingsError) in try ThreadBudget(requested: requested ?? 0) }
    }
}

/// `--shard`, `--limit` and `--force` (render, pack).
struct BatchOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Work on only shard i of n (1-based, e.g. 2/8): stickers are split by a stable hash of their names, so several machines can share a catalog. auto/n takes i from the array job's index: JOB_COMPLETION_INDEX (Kubernetes), AWS_BATCH_JOB_ARRAY_INDEX or SLURM_ARRAY_TASK_ID (from SLURM_ARRAY_TASK_MIN). A pack built in shards needs one more run without --shard to write its catalog files.",
            valueName: "i/n"))
    var shard: String?

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Change a decoding limit, e.g. --limit frames=5000 (repeatable). Inputs over a limit are refused before they are decoded. KEY: \(DecodeLimitSetting.help).",
            valueName: "key=value"))
    var limitSettings: [String] = []

    @Flag(help: "Work on every sticker, even those whose outputs are up to date in the output folder's manifest.")
    var force = false

    func validate() throws {
        var settings = RenditionSettings()
        try apply(to: &settings)
    }

    /// Sets the settings' shard (`auto/n` read from this process's environment), limits and
    /// force.
    func apply(to settings: inout RenditionSettings) throws(ValidationError) {
        try commandLineSetting { () throws(SettingsError) in
            try settings.setShard(shard, environment: ProcessInfo.processInfo.environment)
            try settings.setLimits(limitSettings)
        }
        settings.force = force
    }
}

/// `--log`, `--progress`/`--no-progress` and `--quiet` (render, pack).
struct ConsoleOptions: ParsableArguments {
    @Option(
        name: .customLong("log"),
        help: ArgumentHelp(
            "Per-sticker output: human lines, jsonl (one JSON object per line), or auto (human on a terminal, jsonl otherwise).",
            valueName: "format"))
    var logFormat: ResultFormat = .auto

    @Flag(
        inversion: .prefixedNo, help: "Show a progress bar with rate and ETA on standard error when it is a terminal.")
    var progress = true

    @Flag(help: "Print no line for a sticker that went well: only failures, warnings, notes and the summary.")
    var quiet = false
}

extension RenditionSettings {
    /// The settings of the options `render` and `pack` share: compression, threads, and the
    /// batch options (shard, limits, force).
    static func shared(compression: CompressionOption, threads: ThreadsOption, batch: BatchOptions)
        throws(ValidationError) -> RenditionSettings
    {
        var settings = RenditionSettings()
        try compression.apply(to: &settings)
        settings.threads = try threads.budget()
        try batch.apply(to: &settings)
        return settings
    }
}
