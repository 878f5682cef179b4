import RenditionBatch
import RenditionCodecs
import RenditionPipeline

/// Who is told about a setting: people at the command line, who write `--compression`, or
/// programs using the library, whose `rdn_render_options` fields and Python keywords are
/// called `compression`. The same problem gets the same sentence on both, naming the setting
/// as that face spells it.
package enum SettingsFace: Sendable {
    /// `rendition` and its options.
    case commandLine
    /// The C interface (`rendition.h`) and the Python package over it.
    case library
}

/// A setting that more than one face takes.
package enum Setting: String, Sendable, CaseIterable {
    /// The compression effort 0...12.
    case compression
    /// The worker threads.
    case threads
    /// One shard of a catalog.
    case shard
    /// The output container.
    case format
    /// The lint profile.
    case profile
    /// The pack platforms (the C interface's `profile` of `rdn_render_pack`).
    case platform
    /// A decoding limit.
    case limit
    /// Apple's per-file byte limit of a pack.
    case byteLimit
    /// The similarity floor of palette output.
    case paletteSimilarity

    /// How `face` spells the setting: `--byte-limit` or `byte_limit`.
    package func name(on face: SettingsFace) -> String {
        switch face {
        case .commandLine:
            switch self {
            case .byteLimit: "--byte-limit"
            case .paletteSimilarity: "--palette-similarity"
            default: "--" + rawValue
            }
        case .library:
            switch self {
            case .platform: "profile"
            case .limit: "limits"
            case .byteLimit: "byte_limit"
            case .paletteSimilarity: "palette_similarity"
            default: rawValue
            }
        }
    }

    /// What `face` calls one value of the setting in a sentence: `platform` on the command line
    /// and `profile` in the library for `.platform`, else the name without dashes.
    package func noun(on face: SettingsFace) -> String {
        switch (self, face) {
        case (.platform, .commandLine): "platform"
        case (.platform, .library): "profile"
        case (_, .commandLine): String(name(on: face).dropFirst(2))
        case (_, .library): name(on: face)
        }
    }
}

/// A setting's value that cannot be used, with a sentence that says why and what would do,
/// the same on every face (see `message(on:)`). The command line stops with exit status 2 and
/// `error: MESSAGE`; the C interface returns `status` (`RDN_ERROR_INVALID_ARGUMENT`, or
/// `RDN_ERROR_UNSUPPORTED` for an output format Rendition cannot write); Python raises the
/// matching `InvalidArgumentError` or `UnsupportedError`.
package struct SettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    package enum Problem: Sendable, Equatable {
        /// A number outside what the setting takes; `expected` is said after "must be"
        /// ("between 0 and 12").
        case outOfRange(value: String, expected: String)
        /// A name the setting does not know; `known` lists what it does know.
        case unknownName(String, known: [String])
        /// An output format Rendition reads but does not write (JPEG, TGS, Lottie, dotLottie).
        case unsupportedFormat(ImageFormat)
        /// A shard given as text that cannot be used.
        case shard(ShardSpecError)
        /// A shard given as a 0-based index and a count, the index not below the count.
        case shardIndex(index: Int, count: Int)
        /// A `KEY=VALUE` limit whose key is unknown or that has no `=`.
        case limitSyntax(String)
        /// A `KEY=VALUE` limit whose value is not a positive whole number.
        case limitValue(String)
        /// A platform's profile where only Apple Messages applies (rendering stickers on their
        /// own rather than building packs).
        case packOnly(String)
    }

    /// Whether the value is wrong, or right but something this version cannot do.
    package enum Kind: Sendable, Equatable {
        /// A value outside what the setting takes.
        case invalid
        /// A value that names something Rendition cannot produce (JPEG output).
        case unsupported
    }

    /// The setting.
    package let setting: Setting
    /// What is wrong with its value.
    package let problem: Problem

    /// Creates an error about `setting`.
    package init(_ setting: Setting, _ problem: Problem) {
        self.setting = setting
        self.problem = problem
    }

    /// Whether the value is invalid or unsupported.
    package var kind: Kind {
        if case .unsupportedFormat = problem { return .unsupported }
        return .invalid
    }

    /// The sentence for `face`, naming the setting as it is spelled there.
    package func message(on face: SettingsFace) -> String {
        let name = setting.name(on: face)
        switch problem {
        case .outOfRange(let value, let expected):
            return "\(name) must be \(expected), not \(value)"
        case .unknownName(let value, let known):
            let hint = setting == .platform && face == .commandLine ? " (or give --platform-file)" : ""
            return "unknown \(setting.noun(on: face)) \"\(value)\"; known: \(known.joined(separator: ", "))\(hint)"
        case .unsupportedFormat(.jpeg):
            return "JPEG output is not supported (JPEG has no transparency); use PNG, APNG, GIF, WebP or WebM"
        case .unsupportedFormat:
            let vector = ImageFormat.allCases.filter(\.isVector).map(\.description)
            return
                "\(vector.dropLast().joined(separator: ", ")) and \(vector.last!) are source formats only; use PNG, APNG, GIF, WebP or WebM"
        case .shard(let error):
            return Self.shardMessage(error, name: name)
        case .shardIndex(let index, let count):
            return "shard_index \(index) is not below shard_count \(count)"
        case .limitSyntax(let text):
            return
                "\(name) \(text): use KEY=VALUE with KEY one of \(DecodeLimitKey.allCases.map(\.rawValue).joined(separator: ", "))"
        case .limitValue(let text):
            return "\(name) \(text): the value must be a positive whole number"
        case .packOnly(let value):
            let apple = "\(AppleMessages.profileID) (or \(AppleMessages.aliases.joined(separator: ", ")))"
            return
                "\(setting.noun(on: face)) \"\(value)\" is for packs only; stickers are rendered on their own for \(apple)"
        }
    }

    /// The sentence for programs (`message(on: .library)`).
    package var description: String { message(on: .library) }

    private static func shardMessage(_ error: ShardSpecError, name: String) -> String {
        switch error {
        case .syntax(let text):
            "\(name) must look like i/n with 1 <= i <= n (e.g. 1/4) or auto/n, not \"\(text)\""
        case .noSchedulerIndex:
            "\(name) auto/n takes the index from \(Shard.schedulerVariables.joined(separator: ", ")), and none is set"
        case .badVariable(let variable, let value):
            "\(name) auto/n: \(variable)=\(value) is not a valid array index"
        case .indexOutOfRange(let variable, let index, let count):
            "\(name) auto/\(count): \(variable) gives index \(index) (0-based), which is not below \(count); make the array as large as the shard count"
        }
    }
}
