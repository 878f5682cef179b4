import Foundation

/// What the tests read from the C interface's hand-written header,
/// `Sources/CRendition/include/rendition.h`.
public enum CHeader {
    /// The `rdn_format` members the header declares, by name suffix: `["PNG": 1, "APNG": 2, …]`
    /// for `RDN_FORMAT_PNG = 1,` and so on.
    /// - Throws: when the header cannot be read.
    public static func formatMembers() throws -> [String: UInt32] {
        let header = try String(
            contentsOfFile: Fixtures.root + "/../Sources/CRendition/include/rendition.h", encoding: .utf8)
        var members: [String: UInt32] = [:]
        for line in header.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "," })
            guard words.count == 3, words[0].hasPrefix("RDN_FORMAT_"), words[1] == "=", let value = UInt32(words[2])
            else { continue }
            members[String(words[0].dropFirst("RDN_FORMAT_".count))] = value
        }
        return members
    }
}
