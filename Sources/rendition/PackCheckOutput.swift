import Foundation
import RenditionLint
import RenditionPack

/// What `rendition pack --check` prints: one line per finding with its rule and source, or JSON.
enum PackCheckOutput {
    static func render(_ findings: [PackFinding], platform: PackPlatform, folder: String, json: Bool) -> String {
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct Report: Encodable {
                let platform: String
                let folder: String
                let ok: Bool
                let findings: [PackFinding]
            }
            let data =
                (try? encoder.encode(
                    Report(platform: platform.id, folder: folder, ok: findings.isEmpty, findings: findings))) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        if findings.isEmpty { return "\(folder): follows \(platform.name)'s rules" }
        var lines = findings.map { finding -> String in
            let place = [finding.pack == "." ? nil : finding.pack, finding.file].compactMap { $0 }.joined(
                separator: "/")
            return
                "\(place.isEmpty ? folder : place): \(finding.message)\n    rule \(finding.rule.rawValue); source: \(finding.source)"
        }
        lines.append("\(findings.count) finding(s) against \(platform.name)'s rules in \(folder)")
        return lines.joined(separator: "\n")
    }
}
