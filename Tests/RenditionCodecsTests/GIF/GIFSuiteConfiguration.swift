import Foundation

/// One test of Robert Ancell's GIF test suite, read from its `<name>.conf` (an INI file):
/// the expected canvas size, loop count and frames (pixels as `.rgba` or `.png`, delays in
/// centiseconds).
struct GIFSuiteConfiguration {
    struct Frame {
        /// `pixels = NAME.rgba` (straight RGBA8) or `image = NAME.png`.
        let file: String
        /// Delay in centiseconds, when the suite gives one.
        let delay: Int?
    }

    let input: String
    let version: String
    let width: Int
    let height: Int
    /// `loop-count`: `nil` for "infinite", else the number of repeats (0 = no looping extension).
    let loopCount: Int?
    let forceAnimation: Bool
    let frames: [Frame]

    init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var sections: [String: [String: String]] = [:]
        var current = ""
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            sections[current, default: [:]][key] = value
        }
        let config = sections["config"] ?? [:]
        input = config["input"] ?? ""
        version = config["version"] ?? ""
        width = Int(config["width"] ?? "") ?? -1
        height = Int(config["height"] ?? "") ?? -1
        let loop = config["loop-count"] ?? "0"
        loopCount = loop == "infinite" ? nil : Int(loop) ?? 0
        forceAnimation = config["force-animation"] == "yes"
        let names = (config["frames"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        frames = names.filter { !$0.isEmpty }.map { name in
            let section = sections[name] ?? [:]
            return Frame(file: section["pixels"] ?? section["image"] ?? "", delay: section["delay"].flatMap { Int($0) })
        }
    }
}
