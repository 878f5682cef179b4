/// The crafted files of `Fixtures/hostile/` with the phrase each one's typed error must
/// contain (or "loads" for a file that must give a correct sticker), as their `expected.tsv`
/// lists them (written by the scripts that make the files).
public enum HostileFixtures {
    /// One crafted file: its path relative to `Fixtures/` and the phrase its error contains.
    public struct Case: Sendable, CustomStringConvertible {
        /// Path relative to `Fixtures/`.
        public let path: String
        /// A phrase of the typed error's description.
        public let phrase: String
        public var description: String { path }
    }

    /// The cases of `Fixtures/hostile/FOLDER/expected.tsv`; empty (and so a failing test)
    /// when the list cannot be read.
    public static func cases(in folder: String) -> [Case] {
        guard let bytes = try? Fixtures.bytes("hostile/\(folder)/expected.tsv") else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { return nil }
            return Case(path: "hostile/\(folder)/\(fields[0])", phrase: String(fields[1]))
        }
    }
}
